import type { Logger } from "pino";
import type { Database } from "./client.server";
import { contentVersion } from "./schema";

/**
 * The content version, watched once per server for everything kept in memory by it (the page
 * cache, the redirect table). Database triggers bump it on every content change, whoever makes it
 * (drizzle/0002_content_version.sql), and NOTIFY the new version, so writers never touch a cache.
 * The version is known in memory, without a query on a cached page's way, while this server hears
 * of every change:
 * - PGlite (one process): the trigger's NOTIFY reaches this process as the write completes.
 * - PostgreSQL: a change made by this server (any request, job or test on its pool) makes it forget
 *   the version as the writing statement or COMMIT returns, before the writer answers anyone, so the
 *   next request reads it afresh.
 *   - A server PostgreSQL (DATABASE_URL) that other servers share: a connection of its own LISTENs,
 *     and another server's change arrives by NOTIFY a moment (about a millisecond) after its
 *     commit. While that connection is lost, every caller reads the version (as before it listened).
 *   - The embedded PostgreSQL has no other client (Database.soleClient): its own writes are all the
 *     changes there are, so it follows the version without listening.
 * On both, a read every `recheckMs` is the safety net for a missed notification.
 */
export type ContentVersion = {
  /** The version now: known in memory while listening, else a fresh read (concurrent callers share one). */
  current(): Promise<number>;
  /** The newest version this server has heard of, without a query on the way (at most `recheckMs` old). */
  known(): Promise<number>;
  /** What `current()` would answer, when it is known now without waiting; undefined when it must be awaited. */
  peek(): number | undefined;
  close(): Promise<void>;
};

export function watchContentVersion(database: Database, logger: Logger, recheckMs = 1000): ContentVersion {
  let version: number | undefined;
  /** Whether the version in memory follows every change: listening and not lost since, or the sole client. */
  let live = false;
  /** Bumped whenever the version in memory is forgotten: a read begun before it is not learnt. */
  let epoch = 0;
  let starting: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let stopWatchingWrites: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const forget = () => {
    epoch++;
    version = undefined;
    inFlight = undefined;
  };
  const learn = (read: number) => {
    if (version === undefined || read > version) version = read;
  };
  let inFlight: Promise<number> | undefined;
  const read = () => {
    const at = epoch;
    const reading = (inFlight ??= database.db
      .select({ version: contentVersion.version })
      .from(contentVersion)
      .then(([row]) => {
        const read = row?.version ?? 0;
        if (at === epoch) learn(read);
        return read;
      })
      .finally(() => {
        if (inFlight === reading) inFlight = undefined;
      }));
    return reading;
  };

  const listen = async () => {
    if (database.soleClient && database.afterWrite) {
      live = true;
      return;
    }
    if (!database.listen || stopListening) return;
    stopListening = await database.listen(
      "content_changed",
      (payload) => {
        const announced = Number(payload);
        // An unreadable announcement: forget the version, so the next caller reads it. A forgotten
        // version is only learnt again from a read (an announcement may be older than a write of ours).
        if (!Number.isFinite(announced)) forget();
        else if (version !== undefined) learn(announced);
      },
      (nowLive) => {
        forget();
        live = nowLive;
        if (!nowLive) logger.warn("content version: lost the database's notifications; reading it on each request");
        else logger.info("content version: listening again");
      },
    );
    // A change between the last read and the LISTEN was announced to nobody: read afresh.
    forget();
    live = true;
  };

  const start = () =>
    (starting ??= (async () => {
      stopWatchingWrites ??= database.afterWrite?.(forget);
      try {
        await listen();
      } catch (error) {
        logger.warn({ err: error }, "content version: could not listen for changes; reading it on each request");
      }
      await read();
      timer = setInterval(() => {
        read().catch((error: unknown) => logger.warn({ err: error }, "content version: could not read it"));
        if (!stopListening) listen().catch(() => {});
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
    current: async () => {
      await start();
      return live && version !== undefined ? version : read();
    },
    known,
    peek: () => (live && timer ? version : undefined),
    async close() {
      if (timer) clearInterval(timer);
      stopWatchingWrites?.();
      live = false;
      await stopListening?.();
    },
  };
}
