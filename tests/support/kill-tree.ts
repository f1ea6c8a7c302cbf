// The process and all its descendants (the embedded PostgreSQL is started detached, but is still
// the app server's child): what a test kills when it ends, so no PostgreSQL is left running.
import { treePids } from "../../scripts/process-memory.mjs";

/** Sends `signal` (default SIGKILL) to the process and every descendant; those already gone are skipped. */
export function killTree(rootPid: number, signal: NodeJS.Signals = "SIGKILL"): number[] {
  const pids = treePids(rootPid);
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  return pids;
}
