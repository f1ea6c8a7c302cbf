import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { apiErrorHandler, errorStatus, sendApiError } from "~/api/api-errors.server";
import type { Database } from "~/db/client.server";
import { adminApi } from "~/features/admin/admin-api.server";
import { authApi } from "~/features/auth/auth-api.server";
import { chatLeadsApi } from "~/features/chat/leads-api.server";
import { contactApi } from "~/features/contact/contact-api.server";
import type { AppServices } from "~/services.server";
import { limitFormBodies, rejectCrossSiteWrites } from "./cross-site.server";
import { createPageCache, type PageCache } from "./page-cache.server";
import {
  cspDirectives,
  cspNonce,
  isolateBrowsingContext,
  securityHeaders,
  serializeCsp,
} from "./security-headers.server";

declare module "react-router" {
  // An interface, not a type alias: only interfaces merge with React Router's declaration.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy; the renderer puts it on every script. */
    cspNonce: string;
    /** The request's logger (carries the request id). */
    logger: Logger;
    /** The client's IP address (behind TRUST_PROXY proxies: the forwarded one). */
    clientIp: string;
    services: AppServices;
  }
}

export type AppOptions = {
  services: AppServices;
  /** The HTML cache; by default one is made when PAGE_CACHE_ENABLED (tests pass their own or none). */
  pageCache?: PageCache | null;
  /** Present in development: Vite serves assets and the freshly compiled app. */
  vite?: ViteDevServer;
  /** Folder of the client build (production). */
  clientDir?: string;
};

/**
 * Builds the Express app around an open database, its middleware in the order requests meet it:
 * request log, security headers, the HTML cache, compression, health check, cross-site write
 * protection, the JSON APIs, static files, the React Router handler, error answers.
 * Used by start() and by the HTTP tests.
 */
export function createApp({ services, vite, clientDir, pageCache: givenCache }: AppOptions): Express {
  const { env, database, logger } = services;
  const csp = cspDirectives(env, Boolean(vite));
  const app = express();
  const pageCache =
    givenCache !== undefined
      ? givenCache
      : env.PAGE_CACHE_ENABLED && !vite
        ? createPageCache({
            database,
            logger,
            maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
            cspWithoutNonce: serializeCsp(csp, ""),
          })
        : null;
  app.locals.pageCache = pageCache;
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLog(logger));
  app.use(cspNonce);
  app.use(securityHeaders(env, csp));
  app.use(["/admin", "/api"], isolateBrowsingContext);
  if (pageCache) app.use(pageCache.serve);
  app.use(compression());

  app.get("/healthz", healthCheck(database, logger));

  app.use(rejectCrossSiteWrites(env));
  app.use(contactApi(services));
  app.use(authApi(services));
  app.use(adminApi(services));
  app.use(chatLeadsApi(services));
  // Any other /api path: the API's own 404, not the website's 404 page.
  app.use("/api", (_req, res) => sendApiError(res, 404, "No such API call."));
  app.use(limitFormBodies(64 * 1024));

  let build: () => Promise<ServerBuild>;
  if (vite) {
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const dir = clientDir ?? path.resolve("build/client");
    // Vite fingerprints everything under /assets, so it can be cached for a year.
    app.use(
      "/assets",
      express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
    );
    app.use(express.static(dir, { maxAge: "1d", index: false }));
    build = () => import("virtual:react-router/server-build");
  }

  if (pageCache) app.use(pageCache.capture);
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        logger: req.log,
        clientIp: req.ip ?? "unknown",
        services,
      }),
    }),
  );

  app.use(apiErrorHandler);
  app.use(plainErrorHandler);
  return app;
}

function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    // Health checks every few seconds would drown the log.
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    serializers: {
      req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/** GET /healthz: 200 after a database round-trip, 503 when the database does not answer in 2 s. */
function healthCheck(database: Database, logger: Logger): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await withTimeout(database.ping(), 2000);
      res.json({ status: "ok", database: database.kind });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "error", database: database.kind, message: "database unavailable" });
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Errors outside the API that React Router did not render (static files, form size limits): plain text. */
const plainErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status = errorStatus(error);
  if (status >= 500) req.log.error({ err: error }, "request failed");
  if (res.headersSent) return void res.end();
  res
    .status(status)
    .type("text/plain")
    .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error");
};
