import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  backgroundNice,
  lowerHelperThreads,
  lowerOtherThreads,
  v8Nice,
  v8PlatformThreadCount,
} from "./background-priority.server";

const threads = () =>
  fs.readdirSync("/proc/self/task").map((tid) => ({
    tid: Number(tid),
    name: fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trimEnd(),
    nice: os.getPriority(Number(tid)),
  }));
const helpers = () => threads().filter((t) => t.tid !== process.pid);
/**
 * The helpers read once, split: V8's platform threads (the first ones after the main thread: Node
 * makes them before anything else) and the rest, the ones lowered to the background's level.
 */
const helperKinds = () => {
  const all = helpers();
  const v8 = new Set(
    all
      .map((t) => t.tid)
      .sort((a, b) => a - b)
      .slice(0, v8PlatformThreadCount()),
  );
  return { all, v8, v8Threads: all.filter((t) => v8.has(t.tid)), lowerable: all.filter((t) => !v8.has(t.tid)) };
};
const lowerable = () => helperKinds().lowerable;
/** A thread's CPU time so far, in clock ticks (user and system). */
const cpuTicks = (tid: number) => {
  const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

describe("background work below the event loop's priority", () => {
  // npm test runs them at 10 (BACKGROUND_NICE), a server at 19 by default: either is below 0.
  const level = backgroundNice();
  it("is a lower priority than the event loop's", () => expect(level).toBeGreaterThan(0));

  it("counts V8's platform threads: its pool of workers (--v8-pool-size, 4 by default) and its scheduler", () => {
    expect(v8PlatformThreadCount("")).toBe(5);
    expect(v8PlatformThreadCount("--max-old-space-size=128 --v8-pool-size=2")).toBe(3);
    expect(v8PlatformThreadCount("--v8-pool-size 8")).toBe(9);
    // 0: Node's own choice, one fewer than the cores, at least one.
    expect(v8PlatformThreadCount("--v8-pool-size=0")).toBe(Math.max(os.availableParallelism() - 1, 1) + 1);
  });

  it("at start lowers every helper, libuv's pool among them, so libvips' workers made later start lowered; V8's half as far", async () => {
    await lowerHelperThreads();
    // V8's platform threads (5) and libuv's pool (4) at least.
    expect(threads().length).toBeGreaterThanOrEqual(10);
    expect(lowerable().every((t) => t.nice === level)).toBe(true);
    // The event loop waits for V8's threads (the garbage collector's parallel work): above the
    // background work, below the event loop.
    expect(v8Nice(level)).toBeGreaterThan(0);
    expect(v8Nice(level)).toBeLessThan(level);
    expect(helperKinds().v8Threads.every((t) => t.nice === v8Nice(level))).toBe(true);

    // V8's are not libuv's pool: four password hashes at once, one on each of the pool's threads,
    // make the four busiest threads lowered ones (V8's may collect garbage meanwhile, far less: up to
    // 3 clock ticks against 8–13 a hash of 400,000 rounds, and in CI once more than a hash; each hash
    // is now about 40 ticks).
    const before = new Map(helpers().map((t) => [t.tid, cpuTicks(t.tid)]));
    const pbkdf2 = promisify(crypto.pbkdf2);
    await Promise.all(Array.from({ length: 4 }, (_, i) => pbkdf2(`password ${i}`, "salt", 1_600_000, 32, "sha256")));
    const { all, v8 } = helperKinds();
    const busiest = all
      .map((t) => ({ ...t, ran: cpuTicks(t.tid) - (before.get(t.tid) ?? 0) }))
      .sort((a, b) => b.ran - a.ran)
      .slice(0, 4);
    // Shown whole on a failure: which of the four was V8's, or not lowered.
    expect(busiest.map((t) => ({ v8: v8.has(t.tid), nice: t.nice, ran: t.ran > 0 }))).toEqual(
      Array.from({ length: 4 }, () => ({ v8: false, nice: level, ran: true })),
    );

    // libvips makes its workers from libuv's threads, for an image, and keeps them.
    const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a00" } })
      .jpeg()
      .toBuffer();
    await sharp(image).resize({ width: 800 }).jpeg().toBuffer();
    expect(helpers().some((t) => t.name === "libvips worker")).toBe(true);
    expect(lowerable().every((t) => t.nice === level)).toBe(true);
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
      expect(lowerable().every((t) => t.nice === level)).toBe(true);
      expect(os.getPriority(process.pid)).toBe(0);
      expect(lowerOtherThreads()).toBe(0);
    } finally {
      await worker.terminate();
    }
  });
});
