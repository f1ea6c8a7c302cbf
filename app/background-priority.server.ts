import fs from "node:fs";
import os from "node:os";
import { isMainThread } from "node:worker_threads";
import { getEnv } from "~/env.server";

/**
 * Everything but the event loop runs at a lower CPU priority: PDFs in their worker threads, photos
 * in libvips' threads, and Node's own helpers (V8's compiler and garbage-collector threads, libuv's
 * file and DNS threads). On a 2-core server, 20 PDFs and 10 photo uploads at once keep a dozen
 * threads busy beside the event loop. With only the PDF and libvips threads lowered (to nice 10),
 * the event loop still waited for a core as long as it ran (bench:memory's all-at-once phase); with
 * every helper at nice 19 (a weight of 15 against the event loop's 1024) it waits about half as
 * long, and the helpers still have every moment it leaves idle.
 * The level is BACKGROUND_NICE (19; 0 turns this off). Where other processes at nice 0 keep every
 * core busy (test files side by side), helpers at 19 wait behind them for seconds: `npm test` runs
 * them at 10. Linux only: there a thread's nice value is its own. Elsewhere setpriority would change
 * the whole process, so nothing is done. Raising one's own nice value needs no privilege.
 */
export const backgroundNice = (): number => getEnv().BACKGROUND_NICE;

/**
 * Lowers every thread of this process but the main one (the event loop) that is not lowered yet
 * to BACKGROUND_NICE: V8's platform threads, libuv's thread pool, a PDF worker just started (before
 * its own code runs), libvips' workers. A few /proc reads; only the main thread does it (a worker
 * thread's caller would lower the others' event loops). Answers how many threads it lowered.
 */
export function lowerOtherThreads(): number {
  const nice = backgroundNice();
  if (process.platform !== "linux" || !isMainThread || nice === 0) return 0;
  let threads: string[];
  try {
    threads = fs.readdirSync("/proc/self/task");
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const thread of threads) {
    const tid = Number(thread);
    if (tid === process.pid) continue;
    try {
      if (os.getPriority(tid) < nice) {
        os.setPriority(tid, nice);
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
