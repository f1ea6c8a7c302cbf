import type { Logger } from "pino";
import type { Database } from "./client.server";
import { contentVersion } from "./schema";

/**
 * The content version, watched once per server for everything kept in memory by it (the page
 * cache, the redirect table). Database triggers bump it on every content change, whoever makes it
 * (drizzle/0002_content_version.sql), so writers never touch a cache.
 * - PGlite (one process): the trigger's NOTIFY reaches this process as the write completes, so the
 *   version is known without asking (a PGlite query costs as much as serving a page).
 * - PostgreSQL (several servers): `current()` reads it (one indexed row; concurrent callers share
 *   one read); `known()` is kept fresh by a read every `recheckMs`.
 * On both, that periodic read is also the safety net for a missed notification.
 */
export type ContentVersion = {
  /** The version now: PGlite, the newest announced (no query); PostgreSQL, a fresh shared read. */
  current(): Promise<number>;
  /** The newest version this server has heard of, without a query on the way (PostgreSQL: at most `recheckMs` old). */
  known(): Promise<number>;
  /**
   * What `current()` would answer, when it is known now without waiting (PGlite, once started, on
   * an announced version); undefined when `current()` must be awaited (PostgreSQL: a fresh read).
   */
  peek(): number | undefined;
  close(): Promise<void>;
};

export function watchContentVersion(database: Database, logger: Logger, recheckMs = 1000): ContentVersion {
  let version: number | undefined;
  let starting: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const learn = (read: number) => {
    if (version === undefined || read > version) version = read;
  };
  let inFlight: Promise<number> | undefined;
  const read = () =>
    (inFlight ??= database.db
      .select({ version: contentVersion.version })
      .from(contentVersion)
      .then(([row]) => {
        const read = row?.version ?? 0;
        learn(read);
        return read;
      })
      .finally(() => {
        inFlight = undefined;
      }));

  const start = () =>
    (starting ??= (async () => {
      if (database.listen)
        stopListening = await database.listen("content_changed", (payload) => {
          const announced = Number(payload);
          // An unreadable announcement: forget the version, so the next caller reads it.
          if (Number.isFinite(announced)) learn(announced);
          else version = undefined;
        });
      await read();
      timer = setInterval(() => {
        read().catch((error: unknown) => logger.warn({ err: error }, "content version: could not read it"));
      }, recheckMs);
      timer.unref();
    })().catch((error: unknown) => {
      starting = undefined; // try again on the next call
      throw error;
    }));

  const known = async () => {
    await start();
    return version ?? read();
  };
  return {
    current: () => (database.listen ? known() : read()),
    known,
    peek: () => (database.listen && timer ? version : undefined),
    async close() {
      if (timer) clearInterval(timer);
      await stopListening?.();
    },
  };
}
