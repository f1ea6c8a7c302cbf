import fs from "node:fs";
import os from "node:os";

/**
 * Background work (PDFs in their worker threads, photos in libvips' threads) runs at a lower CPU
 * priority than the event loop. On a 2-core server, 20 PDFs and 10 photo uploads at once keep three
 * or four threads busy beside the main thread; at equal priority the scheduler sometimes left the
 * event loop waiting its turn for 60 ms (bench:memory's all-at-once phase), and every request with
 * it. At nice 10 a waiting event loop gets the CPU first (a weight of 1024 against 110), and the
 * background threads still have every moment it leaves idle.
 * Linux only: there a thread's nice value is its own. Elsewhere setpriority would change the whole
 * process, so nothing is done. Raising one's own nice value needs no privilege.
 */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority (a worker thread, as it starts). */
export function lowerThisThreadsPriority(): void {
  if (process.platform !== "linux") return;
  try {
    os.setPriority(0, BACKGROUND_NICE);
  } catch {
    // Not allowed here: the thread runs at the process's priority, as before.
  }
}

/**
 * Lowers the priority of this process's threads called `name` (libvips names its workers "libvips
 * worker"; they are made on demand and then kept), those not lowered yet. A few /proc reads.
 */
export function lowerThreadsNamed(name: string): void {
  if (process.platform !== "linux") return;
  let threads: string[];
  try {
    threads = fs.readdirSync("/proc/self/task");
  } catch {
    return;
  }
  for (const thread of threads) {
    try {
      const tid = Number(thread);
      if (fs.readFileSync(`/proc/self/task/${thread}/comm`, "utf8").trimEnd() !== name) continue;
      if (os.getPriority(tid) < BACKGROUND_NICE) os.setPriority(tid, BACKGROUND_NICE);
    } catch {
      // The thread has ended, or this is not allowed: left as it is.
    }
  }
}
