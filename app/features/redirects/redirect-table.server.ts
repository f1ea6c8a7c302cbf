import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { contentVersion } from "~/db/schema";
import { loadRedirectTable } from "./redirects.server";
import { normalizePath } from "./redirects-schema";

export type RedirectTable = {
  /** Answers a public GET/HEAD whose path has a redirect; everything else goes on. */
  middleware: RequestHandler;
  /** Reload before the next request is answered (after a write on this server). */
  invalidate(): void;
  close(): Promise<void>;
};

/**
 * Paths that never redirect: the admin, the API, built files, uploads, the operations endpoints
 * (in any letter case: Express answers /Admin as /admin). New redirects from these are refused.
 */
const NEVER = /^\/(admin|api|assets|uploads|healthz|readyz|metrics|\.well-known)(\/|$)/i;

/**
 * The redirects, served from memory so a request costs a Map lookup, not a query. The table is
 * read again when the content version changes (a database trigger bumps it on every change to
 * the redirects table, however it is made):
 * - PGlite (one process): the trigger's NOTIFY arrives as the write completes;
 * - PostgreSQL (several servers): each server re-reads the version every `recheckMs`, and a write
 *   through this server's admin API reloads at once (invalidate()).
 */
export function createRedirectTable({
  database,
  logger,
  recheckMs = 1000,
}: {
  database: Database;
  logger: Logger;
  recheckMs?: number;
}): RedirectTable {
  let table = new Map<string, { to: string; status: 301 | 302 }>();
  let loadedVersion = -1;
  /** The newest version known to exist; Infinity forces a reload. */
  let wantedVersion = 0;
  let loading: Promise<void> | undefined;
  let started: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const readVersion = async () => {
    const [row] = await database.db.select({ version: contentVersion.version }).from(contentVersion);
    return row?.version ?? 0;
  };

  const reload = () =>
    (loading ??= (async () => {
      const version = await readVersion();
      table = await loadRedirectTable(database.db);
      loadedVersion = version;
      if (wantedVersion === Infinity || wantedVersion < version) wantedVersion = version;
    })().finally(() => {
      loading = undefined;
    }));

  const start = () =>
    (started ??= (async () => {
      if (database.listen) {
        stopListening = await database.listen("content_changed", (payload) => {
          const announced = Number(payload);
          wantedVersion = Number.isFinite(announced) ? Math.max(wantedVersion, announced) : Infinity;
        });
      } else {
        timer = setInterval(() => {
          readVersion()
            .then((v) => {
              if (v > wantedVersion) wantedVersion = v;
            })
            .catch((error: unknown) => logger.warn({ err: error }, "redirects: could not read the content version"));
        }, recheckMs);
        timer.unref();
      }
      await reload();
    })().catch((error: unknown) => {
      started = undefined; // try again on the next request
      throw error;
    }));

  const middleware: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || NEVER.test(req.path)) return next();
    try {
      await start();
      if (wantedVersion > loadedVersion) await reload();
    } catch (error) {
      // Without the table the site still answers; only redirects are missed.
      logger.warn({ err: error }, "redirects: could not load the table");
      return next();
    }
    const path = normalizePath(req.path);
    const hit = path === null ? undefined : table.get(path);
    if (!hit) return next();
    // The visitor's query string goes along unless the target has its own.
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const location = hit.to.includes("?") || hit.to.includes("#") ? hit.to : hit.to + query;
    // A permanent redirect is cached by browsers, but not for ever: a mistake can be undone.
    res.setHeader("Cache-Control", hit.status === 301 ? "public, max-age=3600" : "no-store");
    res.redirect(hit.status, location);
  };

  return {
    middleware,
    invalidate() {
      wantedVersion = Infinity;
    },
    async close() {
      if (timer) clearInterval(timer);
      await stopListening?.();
    },
  };
}
