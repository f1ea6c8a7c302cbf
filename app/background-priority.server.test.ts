import fs from "node:fs";
import os from "node:os";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BACKGROUND_NICE, lowerThreadsNamed } from "./background-priority.server";

const threads = () =>
  fs.readdirSync("/proc/self/task").map((tid) => ({
    name: fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trimEnd(),
    nice: os.getPriority(Number(tid)),
  }));

describe("background work below the event loop's priority", () => {
  it("lowers libvips' worker threads, and only them", async () => {
    // libvips makes its workers for an image and keeps them.
    const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a00" } })
      .jpeg()
      .toBuffer();
    await sharp(image).resize({ width: 800 }).jpeg().toBuffer();
    const others = threads().filter((t) => t.name !== "libvips worker");
    expect(threads().some((t) => t.name === "libvips worker")).toBe(true);

    lowerThreadsNamed("libvips worker");

    const after = threads();
    expect(new Set(after.filter((t) => t.name === "libvips worker").map((t) => t.nice))).toEqual(
      new Set([BACKGROUND_NICE]),
    );
    expect(after.filter((t) => t.name !== "libvips worker")).toEqual(others);
    expect(os.getPriority(process.pid)).toBe(0);
  });
});
