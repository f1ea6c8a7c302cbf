import fs from "node:fs";
import os from "node:os";
import { isMainThread } from "node:worker_threads";
import { getEnv } from "~/env.server";

/**
 * Background work runs at a lower CPU priority than the event loop: PDFs in their worker threads,
 * photos in libvips' threads, and libuv's pool (files, DNS, compression, password hashes). On a
 * 2-core server, 20 PDFs and 10 photo uploads at once keep a dozen threads busy beside the event
 * loop. With only the PDF and libvips threads lowered (to nice 10), the event loop still waited for
 * a core as long as it ran (bench:memory's all-at-once phase); with the helpers at nice 19 (a weight
 * of 15 against the event loop's 1024) it waits about half as long, and the helpers still have every
 * moment it leaves idle.
 * V8's platform threads are lowered half as far (v8Nice: 10 for 19). The event loop waits for them:
 * they run the garbage collector's parallel work (a scavenge, a full collection's last pause), which
 * it joins. At the background's level they waited behind libvips' and the PDF workers' threads, and
 * behind any other busy program: with one at nice 0, a full collection held the event loop for
 * 240-303 ms during photo uploads, against 47-56 ms at 10 and 20-36 ms at 0. At 0 they also do the
 * PDF workers' collections and compiling at the event loop's level, and in bench:memory's
 * all-at-once phase the loop waited twice as long for a core (docs/benchmarks.md, bench:memory).
 * The level is BACKGROUND_NICE (19; 0 turns this off). Where other processes at nice 0 keep every
 * core busy (test files side by side), helpers at 19 wait behind them for seconds: `npm test` runs
 * them at 10. Linux only: there a thread's nice value is its own. Elsewhere setpriority would change
 * the whole process, so nothing is done. Raising one's own nice value needs no privilege.
 */
export const backgroundNice = (): number => getEnv().BACKGROUND_NICE;

/**
 * How many threads V8's platform has: `--v8-pool-size` workers (4 unless set; below 1, one fewer
 * than the cores, at least 1) and its scheduler of delayed tasks. Node starts them before anything
 * else, so they are this many threads after the main one, in the order they were made.
 */
export function v8PlatformThreadCount(options = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`) {
  const set = /--v8-pool-size[= ](-?\d+)/.exec(options);
  const size = set ? Number(set[1]) : 4;
  return (size < 1 ? Math.max(os.availableParallelism() - 1, 1) : size) + 1;
}

/** V8's platform threads' level: half the background's (10 for 19), between the event loop and the background work. */
export const v8Nice = (nice: number) => Math.floor(nice / 2);

let v8Threads: ReadonlySet<number> | undefined;

/**
 * V8's platform threads (v8PlatformThreadCount): the first threads after the main one, by id, as the
 * first call finds them (ids grow as threads are made; these never end).
 */
function v8PlatformThreads(helpers: number[]): ReadonlySet<number> {
  v8Threads ??= new Set([...helpers].sort((a, b) => a - b).slice(0, v8PlatformThreadCount()));
  return v8Threads;
}

/**
 * Lowers every thread of this process but the event loop that is not lowered yet: to BACKGROUND_NICE
 * libuv's thread pool, a PDF worker just started (before its own code runs), libvips' workers; V8's
 * platform threads to v8Nice. A few /proc reads; only the main thread does it (a worker thread's caller
 * would lower the others' event loops). Answers how many threads it lowered.
 */
export function lowerOtherThreads(): number {
  const nice = backgroundNice();
  if (process.platform !== "linux" || !isMainThread || nice === 0) return 0;
  let helpers: number[];
  try {
    helpers = fs
      .readdirSync("/proc/self/task")
      .map(Number)
      .filter((tid) => tid !== process.pid);
  } catch {
    return 0;
  }
  const v8 = v8PlatformThreads(helpers);
  let lowered = 0;
  for (const tid of helpers) {
    const level = v8.has(tid) ? v8Nice(nice) : nice;
    try {
      if (os.getPriority(tid) < level) {
        os.setPriority(tid, level);
        lowered++;
      }
    } catch {
      // The thread has ended, or this is not allowed: left as it is.
    }
  }
  return lowered;
}

/**
 * At start, once the server is up: starts libuv's thread pool (made on its first use) so that its
 * threads are there, then lowers every helper thread (lowerOtherThreads). A thread made later from
 * a lowered one (libvips' workers, from libuv's pool) starts lowered; the PDF pool and the photo
 * work lower what the main thread starts for them.
 */
export async function lowerHelperThreads(): Promise<number> {
  await fs.promises.stat(os.tmpdir()); // on libuv's pool: its threads exist from here on
  return lowerOtherThreads();
}
