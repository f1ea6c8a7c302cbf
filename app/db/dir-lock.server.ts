import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * An exclusive lock on the embedded database directory. PGlite is a single-process database:
 * two servers writing one directory lose rows, so a second server must refuse to start.
 *
 * The lock is a file holding the owner's pid, host and (Linux) start time, created with O_EXCL
 * (atomic). A lock whose owner is gone is stale and is taken over, so a crash never blocks the next
 * start — the same rule PostgreSQL applies to its postmaster.pid. On Linux "gone" includes a killed
 * process not yet reaped by its parent (a zombie) and a live process that is not the recorded owner
 * (its pid reused: another start time); one that is exiting is waited for, as a process manager
 * restarts a killed server at once.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${path.dirname(lockFile)} is in use by another server (pid ${ownerPid}). ` +
        `Only one server may use an embedded database at a time: stop the other server, use another DATA_DIR, ` +
        `or set DATABASE_URL to share a PostgreSQL server between several app servers.`,
    );
    this.name = "DataDirLockedError";
  }
}

/** startTicks: the owner's start time in clock ticks since boot (/proc/<pid>/stat field 22; Linux). */
type Owner = { pid: number; host: string; startedAt: string; startTicks?: number };

/** What a process's /proc files say about it (Linux). */
export type ProcInfo = { state: string; startTicks: number; flags: number; pendingSignals: bigint };

export type OwnerState = "alive" | "dying" | "gone";

/** How long an exiting owner is waited for before the lock is refused. */
const DYING_WAIT_MS = 5_000;

const PF_EXITING = 0x4; // include/linux/sched.h: the process is in do_exit
const SIGKILL_BIT = 1n << 8n; // signal 9 in /proc/<pid>/status's pending-signal masks

export async function acquireDirLock(dir: string): Promise<() => void> {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "server.lock");
  const me: Owner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    startTicks: readProc(process.pid)?.startTicks,
  };

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockFile, "wx", 0o600);
      fs.writeSync(fd, JSON.stringify(me));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only remove the file if it is still ours.
        if (readOwner(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(lockFile);
    if (owner) {
      let state = ownerState(owner);
      const deadline = Date.now() + DYING_WAIT_MS;
      while (state === "dying" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        state = ownerState(owner);
      }
      if (state !== "gone") throw new DataDirLockedError(lockFile, owner.pid);
    }
    // Stale (or half-written by a process that died while creating it): move it aside atomically.
    // If two starters race here only one rename succeeds; the other retries and sees the new owner.
    const aside = `${lockFile}.stale-${process.pid}-${Date.now()}`;
    try {
      fs.renameSync(lockFile, aside);
      fs.rmSync(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new Error(`Could not acquire the lock ${lockFile} after several attempts`);
}

function readOwner(lockFile: string): Owner | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockFile, "utf8")) as Partial<Owner>;
    return typeof parsed.pid === "number" ? (parsed as Owner) : undefined;
  } catch {
    return undefined;
  }
}

function ownerState(owner: Owner): OwnerState {
  // A lock written on another host (a shared volume) cannot be checked; treat it as held.
  if (owner.host !== os.hostname()) return "alive";
  if (owner.pid === process.pid) return "alive";
  if (process.platform === "linux") return classifyOwner(owner, readProc(owner.pid));
  try {
    process.kill(owner.pid, 0);
    return "alive";
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? "alive" : "gone";
  }
}

/** The recorded owner's state from its process's /proc files (undefined: no such process). */
export function classifyOwner(owner: Pick<Owner, "startTicks">, proc: ProcInfo | undefined): OwnerState {
  if (!proc) return "gone";
  // Z: killed or exited, waiting for its parent to reap it; X: being removed.
  if (proc.state === "Z" || proc.state === "X") return "gone";
  // Another process now has the pid (a lock from before start times were recorded cannot tell).
  if (owner.startTicks !== undefined && proc.startTicks !== owner.startTicks) return "gone";
  if ((proc.flags & PF_EXITING) !== 0 || (proc.pendingSignals & SIGKILL_BIT) !== 0n) return "dying";
  return "alive";
}

/** Parses /proc/<pid>/stat (the name in parentheses may hold spaces) and status' pending signals. */
export function parseProc(stat: string, status: string): ProcInfo {
  // Fields after the name, numbered from 3 (state) as in proc(5): flags is 9, starttime 22.
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  let pendingSignals = 0n;
  for (const match of status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm))
    pendingSignals |= BigInt(`0x${match[1]}`);
  return { state: rest[0] ?? "", flags: Number(rest[9 - 3]), startTicks: Number(rest[22 - 3]), pendingSignals };
}

/** A process's /proc facts (Linux; undefined elsewhere or when there is no such process). */
export function readProc(pid: number): ProcInfo | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return parseProc(fs.readFileSync(`/proc/${pid}/stat`, "utf8"), fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return undefined;
  }
}
