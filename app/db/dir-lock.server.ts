import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * An exclusive lock on the embedded database directory. PGlite is a single-process database:
 * two servers writing one directory lose rows, so a second server must refuse to start.
 *
 * The lock is a file holding the owner's pid and host, created with O_EXCL (atomic). A lock whose
 * process is gone (kill -9, power loss) is stale and is taken over, so a crash never blocks the
 * next start — the same rule PostgreSQL applies to its postmaster.pid.
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

type Owner = { pid: number; host: string; startedAt: string };

export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "server.lock");
  const me: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

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
    if (owner && isAlive(owner)) throw new DataDirLockedError(lockFile, owner.pid);
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

function isAlive(owner: Owner): boolean {
  // A lock written on another host (a shared volume) cannot be checked; treat it as held.
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
