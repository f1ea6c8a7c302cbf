import fs from "node:fs";
import os from "node:os";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { backgroundNice, lowerHelperThreads, lowerOtherThreads } from "./background-priority.server";

const threads = () =>
  fs.readdirSync("/proc/self/task").map((tid) => ({ tid: Number(tid), nice: os.getPriority(Number(tid)) }));

describe("background work below the event loop's priority", () => {
  // npm test runs them at 10 (BACKGROUND_NICE), a server at 19 by default: either is below 0.
  const level = backgroundNice();
  it("is a lower priority than the event loop's", () => expect(level).toBeGreaterThan(0));

  it("lowers every thread but the event loop's, libvips' workers among them", async () => {
    // libvips makes its workers for an image and keeps them.
    const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a00" } })
      .jpeg()
      .toBuffer();
    await sharp(image).resize({ width: 800 }).jpeg().toBuffer();
    const helpers = threads().filter((t) => t.tid !== process.pid);
    const notYet = helpers.filter((t) => t.nice < level).length;

    expect(lowerOtherThreads()).toBe(notYet);

    const after = threads();
    expect(after.find((t) => t.tid === process.pid)?.nice).toBe(0);
    expect(after.filter((t) => t.tid !== process.pid).every((t) => t.nice === level)).toBe(true);
    // Already lowered: nothing more to do.
    expect(lowerOtherThreads()).toBe(0);
  });

  it("at start, lowers libuv's pool with the rest, and leaves the event loop as it was", async () => {
    await lowerHelperThreads();
    const all = threads();
    // V8's platform threads and libuv's pool (4 each by default) at least.
    expect(all.length).toBeGreaterThanOrEqual(9);
    expect(all.filter((t) => t.tid !== process.pid).every((t) => t.nice === level)).toBe(true);
    expect(os.getPriority(process.pid)).toBe(0);
  });
});
