import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { ContentVersion } from "~/db/content-version.server";
import { loadRedirectTable } from "./redirects.server";
import { normalizePath } from "./redirects-schema";

export type RedirectTable = {
  /** Answers a public GET/HEAD whose path has a redirect; everything else goes on. */
  middleware: RequestHandler;
  /** Reload before the next request is answered (after a write on this server). */
  invalidate(): void;
};

/**
 * Paths that never redirect: the admin, the API, built files, uploads, the operations endpoints
 * (in any letter case: Express answers /Admin as /admin). New redirects from these are refused.
 */
const NEVER = /^\/(admin|api|assets|uploads|healthz|readyz|metrics|\.well-known)(\/|$)/i;

/**
 * The redirects, served from memory so a request costs a Map lookup, not a query. The table is
 * read again when the content version changes (a database trigger bumps it on every change to the
 * redirects table, however it is made), as the server's content-version watcher hears of it
 * (app/db/content-version: at once on PGlite, within a second on PostgreSQL); a write through this
 * server's admin API reloads it at once (invalidate()).
 */
export function createRedirectTable({
  database,
  contentVersion,
  logger,
}: {
  database: Database;
  contentVersion: ContentVersion;
  logger: Logger;
}): RedirectTable {
  let table = new Map<string, { to: string; status: 301 | 302 }>();
  let loadedVersion = -1;
  let stale = true;
  let loading: Promise<void> | undefined;

  const reload = () =>
    (loading ??= (async () => {
      // The version first: a change made while the table loads is picked up on the next request.
      const version = await contentVersion.current();
      stale = false;
      table = await loadRedirectTable(database.db);
      loadedVersion = version;
    })().finally(() => {
      loading = undefined;
    }));

  const middleware: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || NEVER.test(req.path)) return next();
    try {
      if (stale || (await contentVersion.known()) > loadedVersion) await reload();
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
      stale = true;
    },
  };
}
