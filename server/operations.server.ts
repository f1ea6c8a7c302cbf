import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Database } from "~/db/client.server";
import type { AppMetrics } from "~/features/metrics/metrics.server";

/** Probes and scrapes arrive every few seconds: they are not request-logged. */
export const UNLOGGED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * GET /healthz, as it always was (monitors and scripts rely on it): 200 `{"status":"ok",
 * "database":…}` after a database round-trip, 503 when the database does not answer in 2 s.
 */
export const healthCheck = (database: Database, logger: Logger) =>
  databaseProbe(database, logger, { timeoutMs: 2000, level: "error", failure: "health check failed" });

/**
 * GET /readyz, for a load balancer: 200 when the database answers within 1 s, else 503; 503 too
 * once the server is shutting down (app.locals.shuttingDown), so traffic moves elsewhere while
 * in-flight requests finish.
 */
export const readinessCheck = (database: Database, logger: Logger) =>
  databaseProbe(database, logger, {
    timeoutMs: 1000,
    level: "warn",
    failure: "readiness check: database unavailable",
    notWhileStopping: true,
  });

function databaseProbe(
  database: Database,
  logger: Logger,
  options: { timeoutMs: number; level: "error" | "warn"; failure: string; notWhileStopping?: boolean },
): RequestHandler {
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (options.notWhileStopping && req.app.locals.shuttingDown) {
      res.status(503).json({ status: "stopping", database: database.kind, message: "server is shutting down" });
      return;
    }
    try {
      await withTimeout(database.ping(), options.timeoutMs);
      res.json({ status: "ok", database: database.kind });
    } catch (error) {
      logger[options.level]({ err: error }, options.failure);
      res.status(503).json({ status: "error", database: database.kind, message: "database unavailable" });
    }
  };
}

/**
 * GET /metrics (Prometheus text), only for `Authorization: Bearer <METRICS_TOKEN>`; 401 (with
 * WWW-Authenticate) otherwise. Mounted only when METRICS_TOKEN is set, so without it the path is
 * the site's 404. The token is compared in constant time (SHA-256 of both sides, equal lengths).
 */
export function metricsEndpoint(metrics: AppMetrics, token: string): RequestHandler {
  const expected = sha256(token);
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "");
    if (!match || !crypto.timingSafeEqual(sha256(match[1]!.trim()), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const body = await metrics.registry.metrics();
      res.type(metrics.registry.contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value, "utf8").digest();

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

/**
 * Times every request into the request-duration histogram, labelled by route pattern, so the
 * number of series stays bounded whatever paths are requested: an Express route's own pattern
 * (the APIs), res.locals.metricsRoute where a handler names itself (static files, probes), or
 * the React Router route the path matches (`/blog/:slug`, `*` for everything else).
 */
export function requestTimer(metrics: AppMetrics, pageRoute: (path: string) => string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const start = performance.now();
    res.once("finish", () => {
      const route = routeOf(req, res, pageRoute);
      metrics.requestDuration.observe(
        { method: req.method ?? "GET", route, status_code: String(res.statusCode) },
        (performance.now() - start) / 1000,
      );
    });
    next();
  };
}

/**
 * requestTimer's measurement for a page the cached-page fast path answered (no Express, no finish
 * listener): `ms` from arrival to the last byte handed to the socket, labelled by the page's route,
 * into the tally of its labels (metrics.durationTally). Each route's recorder for a GET answered
 * 200, as good as every hit, is kept, so a hit builds no labels; any other answer looks its tally up.
 */
export function answerTimer(metrics: AppMetrics, pageRoute: (path: string) => string) {
  const getAnswered = new Map<string, (seconds: number) => void>();
  return (req: IncomingMessage, res: ServerResponse, ms: number) => {
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const route = pageRoute(queryAt < 0 ? url : url.slice(0, queryAt));
    const method = req.method ?? "GET";
    const plain = method === "GET" && res.statusCode === 200;
    let record = plain ? getAnswered.get(route) : undefined;
    if (!record) {
      record = metrics.durationTally({ method, route, status_code: String(res.statusCode) });
      if (plain) getAnswered.set(route, record);
    }
    record(ms / 1000);
  };
}

type ExpressBits = { route?: { path?: unknown }; baseUrl?: string };
type ExpressResBits = { locals?: { metricsRoute?: string } };
const PAGE_HANDLER_PATH = "/{*path}";

function routeOf(
  req: IncomingMessage & ExpressBits,
  res: ServerResponse & ExpressResBits,
  pageRoute: (p: string) => string,
) {
  if (res.locals?.metricsRoute) return res.locals.metricsRoute;
  const expressRoute = req.route?.path;
  if (typeof expressRoute === "string" && expressRoute !== PAGE_HANDLER_PATH)
    return `${req.baseUrl ?? ""}${expressRoute}`;
  const url = req.url ?? "/";
  const path = url.split("?", 1)[0]!;
  if (path.startsWith("/api/")) return "/api/*";
  return pageRoute(path);
}

/**
 * The React Router route pattern a path matches (`/gallery`, `/blog/:slug`, `*`), `.data` kept
 * for client-side navigation requests; memoized (bounded) since every page request asks.
 */
export function pageRouteMatcher(): { match: (path: string) => string; use: (build: ServerBuild) => void } {
  let routes: RouteObject[] | undefined;
  const memo = new Map<string, string>();
  return {
    use(build) {
      routes = routeTree(build);
      memo.clear();
    },
    match(path) {
      if (!routes) return "page";
      const known = memo.get(path);
      if (known) return known;
      const data = path.endsWith(".data");
      const pathname = data ? path.slice(0, -5) || "/" : path;
      const matches = matchRoutes(routes, pathname) ?? [];
      const pattern = `/${matches
        .map((m) => m.route.path ?? "")
        .filter(Boolean)
        .join("/")}`.replace(/\/+/g, "/");
      const label = (matches.length ? pattern : "unmatched") + (data ? ".data" : "");
      if (memo.size >= 1000) memo.clear();
      memo.set(path, label);
      return label;
    },
  };
}

function routeTree(build: ServerBuild): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push(
      route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, children: [] },
    );
    byParent.set(route.parentId, list);
  }
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((r) => (r.index ? r : { ...r, children: attach(byParent.get(r.id) ?? []) }));
  return attach(byParent.get(undefined) ?? []);
}

/** Names the route of requests a handler answers itself (static files, probes) for requestTimer. */
export const nameRoute =
  (route: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.metricsRoute = route;
    next();
  };
