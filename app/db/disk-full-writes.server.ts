import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DiskReserve } from "./disk-reserve.server";
import { queryText } from "./pg-listen.server";

// Writes refused while the disk holding the embedded database is (nearly) full: both engines'
// clients are wrapped when the database is opened (client.server.ts).

/** A write refused because the disk holding the embedded database is (nearly) full. */
export class DiskSpaceError extends Error {
  constructor(dir: string, freeBytes: number, minFreeBytes: number) {
    super(
      `Not enough free disk space for the database in ${dir}: ${Math.floor(freeBytes / 2 ** 20)} MB free, ` +
        `${Math.ceil(minFreeBytes / 2 ** 20)} MB needed (DATA_DIR_MIN_FREE_MB). Writes are refused until space is freed.`,
    );
    this.name = "DiskSpaceError";
  }
}

// Statements that write (a data-modifying WITH included); reads still run on a full disk.
export const WRITING_SQL =
  /^\s*(with\b[\s\S]*\b(insert|update|delete)\b|insert|update|delete|merge|create|alter|drop|truncate|copy|vacuum|reindex|cluster|refresh)\b/i;

/**
 * Throws DiskSpaceError while less than `minFreeBytes` are free on DATA_DIR's volume, the disk
 * reserve not counted; first makes the reserve again if it was released and there is room now.
 */
function checkFreeSpace(reserve: DiskReserve, minFreeBytes: number) {
  reserve.ensure(minFreeBytes);
  const usable = reserve.usableBytes();
  if (usable < minFreeBytes) throw new DiskSpaceError(reserve.dir, Math.max(usable, 0), minFreeBytes);
}

/**
 * On a full disk PostgreSQL fails a statement that needs more room (the app answers 503), but
 * when it cannot create its next 16 MB write-ahead-log segment PGlite spins at 100 % CPU inside
 * the commit and every request hangs until the process is killed. So while less than
 * `minFreeBytes` are free, writes fail at once (the app answers 503, nothing half-written) and
 * reads go on; once space is freed, writes work again without a restart.
 */
export function refuseWritesWhenDiskIsLow(client: PGlite, reserve: DiskReserve, minFreeBytes: number) {
  if (minFreeBytes <= 0) return;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = async (...args) => {
    if (WRITING_SQL.test(args[0])) checkFreeSpace(reserve, minFreeBytes);
    return query(...args);
  };
  client.transaction = async (callback) => {
    checkFreeSpace(reserve, minFreeBytes);
    return transaction(callback);
  };
}

/**
 * The same reserve for the embedded PostgreSQL: a PostgreSQL server that cannot write its WAL stops
 * (a PANIC, then crash recovery), and the disk is shared with the app's logs and backups. Every
 * pooled connection's writing statements are checked first; one refused fails like any query (its
 * promise or callback gets the DiskSpaceError), so the request answers 503.
 */
export function refusePoolWritesWhenDiskIsLow(pool: pg.Pool, reserve: DiskReserve, minFreeBytes: number) {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = queryText(args[0]);
      if (text !== undefined && WRITING_SQL.test(text)) {
        try {
          checkFreeSpace(reserve, minFreeBytes);
        } catch (error) {
          const callback = args.findLast((a) => typeof a === "function") as ((e: Error) => void) | undefined;
          if (!callback) return Promise.reject(error);
          process.nextTick(() => callback(error as Error));
          return undefined;
        }
      }
      return query(...args);
    };
  });
}
