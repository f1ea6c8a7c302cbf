import { desc, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { createWriteBehind } from "~/db/write-behind.server";
import { notFoundLog, type NotFoundLogRow } from "~/db/schema";
import { normalizePath } from "./redirects-schema";

/** Rows kept at most; beyond it the least recently seen go. */
export const NOT_FOUND_LOG_MAX_ROWS = 1000;

/** Crawlers, monitors, link checkers and scripts: their 404s are noise, not visitors' dead links. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python|go-http|java\/|okhttp|httpclient|libwww|scrapy|axios|node-fetch|undici|postman|insomnia|^$/i;

/**
 * Whether a 404 for this path is worth counting: public pages only. A file name with an extension
 * (scripts, images, /wp-login.php, /.env probes) is not a page someone links to, except an old
 * .html/.htm page; nor are the admin, the API and the site's file folders.
 */
export function isLoggablePath(path: string): boolean {
  if (path.length > 500) return false;
  if (/^\/(admin|api|assets|uploads|images|\.well-known)(\/|$)/.test(path)) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.startsWith(".")) return false;
  const dot = last.lastIndexOf(".");
  return dot === -1 || /^html?$/i.test(last.slice(dot + 1));
}

export const isBot = (userAgent: string | undefined) => BOT_AGENT.test(userAgent ?? "");

/** The referring page without its query string (which can carry other sites' personal data). */
export function cleanReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname}`.slice(0, 500);
  } catch {
    return null;
  }
}

export type NotFoundLog = {
  /** Counts the 404s of public GETs (after the answer is sent). Place before the page handlers. */
  middleware: RequestHandler;
  /** Counts one 404 (in memory; written with the next batch). */
  record(path: string, referrer: string | null): void;
  /** Writes what is pending now (before the admin reads the log; at shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
};

type Pending = { hits: number; lastSeenAt: Date; referrer: string | null };

/**
 * The 404 log. Counting must never slow a 404 down: hits gather in memory and are written in one
 * statement every `flushMs` (errors are logged, never answered). Pending paths are capped too, so
 * a scan of thousands of made-up addresses costs bounded memory; the table is trimmed to
 * `maxRows` after each write, dropping the least recently seen paths.
 */
export function createNotFoundLog({
  db,
  logger,
  flushMs = 2000,
  maxRows = NOT_FOUND_LOG_MAX_ROWS,
  maxPending = 500,
  now = () => new Date(),
}: {
  db: () => Db;
  logger: Logger;
  flushMs?: number;
  maxRows?: number;
  maxPending?: number;
  /** The clock (tests step it: two hits in one millisecond would tie). */
  now?: () => Date;
}): NotFoundLog {
  const buffer = createWriteBehind<Pending>({
    flushMs,
    maxPending,
    write,
    onFailure: (error, paths) => logger.error({ err: error, paths }, "404 log: could not write a batch"),
  });

  function record(path: string, referrer: string | null) {
    buffer.add(
      path,
      () => ({ hits: 1, lastSeenAt: now(), referrer }),
      (entry) => {
        entry.hits++;
        entry.lastSeenAt = now();
        entry.referrer = referrer ?? entry.referrer;
      },
    );
  }

  async function write(batch: Map<string, Pending>) {
    const rows = [...batch].map(([path, p]) => ({
      path,
      hits: p.hits,
      referrer: p.referrer,
      firstSeenAt: p.lastSeenAt,
      lastSeenAt: p.lastSeenAt,
    }));
    await db()
      .insert(notFoundLog)
      .values(rows)
      .onConflictDoUpdate({
        target: notFoundLog.path,
        set: {
          hits: sql`${notFoundLog.hits} + excluded.hits`,
          lastSeenAt: sql`greatest(${notFoundLog.lastSeenAt}, excluded.last_seen_at)`,
          referrer: sql`coalesce(excluded.referrer, ${notFoundLog.referrer})`,
        },
      });
    await db().execute(
      sql`delete from ${notFoundLog} where ${notFoundLog.path} in (select ${notFoundLog.path} from ${notFoundLog} order by ${notFoundLog.lastSeenAt} desc, ${notFoundLog.path} offset ${maxRows})`,
    );
  }

  const middleware: RequestHandler = (req, res, next) => {
    // Stored as redirects look paths up, so "Redirect this" starts from the same address.
    const path = normalizePath(req.path);
    if (req.method !== "GET" || path === null || !isLoggablePath(path)) return next();
    res.on("finish", () => {
      if (res.statusCode !== 404 || isBot(req.get("user-agent"))) return;
      record(path, cleanReferrer(req.get("referer")));
    });
    next();
  };

  return { middleware, record, flush: buffer.flush, close: buffer.flush };
}

/** The log for the admin: most hits first, then the most recently seen. */
export function listNotFound(db: Db, limit = NOT_FOUND_LOG_MAX_ROWS): Promise<NotFoundLogRow[]> {
  return db
    .select()
    .from(notFoundLog)
    .orderBy(desc(notFoundLog.hits), desc(notFoundLog.lastSeenAt), notFoundLog.path)
    .limit(limit);
}
