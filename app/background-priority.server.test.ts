import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { backgroundNice, lowerHelperThreads, lowerOtherThreads } from "./background-priority.server";

const threads = () =>
  fs.readdirSync("/proc/self/task").map((tid) => ({
    tid: Number(tid),
    name: fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trimEnd(),
    nice: os.getPriority(Number(tid)),
  }));
const helpers = () => threads().filter((t) => t.tid !== process.pid);

describe("background work below the event loop's priority", () => {
  // npm test runs them at 10 (BACKGROUND_NICE), a server at 19 by default: either is below 0.
  const level = backgroundNice();
  it("is a lower priority than the event loop's", () => expect(level).toBeGreaterThan(0));

  it("at start lowers every helper, libuv's pool among them, so libvips' workers made later start lowered", async () => {
    await lowerHelperThreads();
    // V8's platform threads and libuv's pool (4 each by default) at least.
    expect(threads().length).toBeGreaterThanOrEqual(9);
    expect(helpers().every((t) => t.nice === level)).toBe(true);

    // libvips makes its workers from libuv's threads, for an image, and keeps them.
    const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a00" } })
      .jpeg()
      .toBuffer();
    await sharp(image).resize({ width: 800 }).jpeg().toBuffer();
    expect(helpers().some((t) => t.name === "libvips worker")).toBe(true);
    expect(helpers().every((t) => t.nice === level)).toBe(true);
    expect(os.getPriority(process.pid)).toBe(0);
  });

  it("lowers a thread the event loop starts (a worker, at its priority), and only threads not lowered yet", async () => {
    const before = new Set(threads().map((t) => t.tid));
    const worker = new Worker("setInterval(() => {}, 1000)", { eval: true });
    try {
      await new Promise((resolve) => worker.once("online", resolve));
      const started = helpers().filter((t) => !before.has(t.tid));
      expect(started.length).toBeGreaterThan(0);
      expect(started.every((t) => t.nice === 0)).toBe(true);

      expect(lowerOtherThreads()).toBe(started.length);

      for (const t of started) expect(os.getPriority(t.tid)).toBe(level);
      expect(helpers().every((t) => t.nice === level)).toBe(true);
      expect(os.getPriority(process.pid)).toBe(0);
      expect(lowerOtherThreads()).toBe(0);
    } finally {
      await worker.terminate();
    }
  });
});
