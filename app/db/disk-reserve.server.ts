import fs from "node:fs";
import path from "node:path";
import type { EmbeddedPostgresLog } from "./embedded-postgres.server";

/** The reserve's file in DATA_DIR (not part of any backup: backups are database dumps). */
export const DISK_RESERVE_FILE = "disk-reserve";

/**
 * Two write-ahead-log segments. A PostgreSQL server killed on a full disk replays its WAL at the
 * next start and then must create a new 16 MB segment; with no room it stops ("could not write to
 * file pg_wal/xlogtemp") and never starts again until someone frees space by hand.
 */
export const DISK_RESERVE_BYTES = 32 * 2 ** 20;

export function freeBytes(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Room the embedded database keeps for its own recovery: a file of DISK_RESERVE_BYTES made in
 * DATA_DIR while there is room, and deleted before the database starts when the disk is short, so
 * crash recovery always has a segment's room. While it is missing, the write guard counts its size
 * as taken (a server restarted on a full disk still refuses writes) and makes it again, before
 * anything else, once space is freed.
 */
export class DiskReserve {
  readonly file: string;
  private held: boolean;

  constructor(
    readonly dir: string,
    readonly bytes = DISK_RESERVE_BYTES,
  ) {
    this.file = path.join(dir, DISK_RESERVE_FILE);
    this.held = sizeOf(this.file) === bytes;
  }

  /** Before the database starts: when less than the reserve is free, hand the reserve's room back. */
  releaseIfShort(log: EmbeddedPostgresLog): boolean {
    if (!fs.existsSync(this.file)) return false;
    const free = freeBytes(this.dir);
    if (free >= this.bytes) return false;
    fs.rmSync(this.file, { force: true });
    this.held = false;
    log(
      `DATA_DIR's disk has ${Math.floor(free / 2 ** 20)} MB free: released the ${this.bytes / 2 ** 20} MB disk reserve ` +
        "so the database can start; writes are refused until space is freed",
      "warn",
    );
    return true;
  }

  /**
   * Makes the reserve when it is missing and the disk has room for it and `keepFree` more (a
   * half-made one is removed again). Answers whether the reserve is held.
   */
  ensure(keepFree: number): boolean {
    if (this.held) return true;
    if (freeBytes(this.dir) < this.bytes + keepFree) return false;
    const tmp = `${this.file}.tmp`;
    try {
      const fd = fs.openSync(tmp, "w", 0o600);
      try {
        // Real blocks, not a sparse file: zeros written, not a size set.
        const chunk = Buffer.alloc(2 ** 20);
        for (let written = 0; written < this.bytes; written += chunk.length) fs.writeSync(fd, chunk);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, this.file);
      this.held = true;
    } catch (error) {
      fs.rmSync(tmp, { force: true });
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    }
    return this.held;
  }

  /** The room the database may fill: the disk's free space, less the reserve while it is still to be made. */
  usableBytes(): number {
    const free = freeBytes(this.dir);
    return this.held ? free : free - this.bytes;
  }
}

function sizeOf(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}
