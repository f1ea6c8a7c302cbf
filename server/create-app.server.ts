import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { apiErrorHandler, errorStatus, sendApiError } from "~/api/api-errors.server";
import { adminApi } from "~/features/admin/admin-api.server";
import { authApi } from "~/features/auth/auth-api.server";
import { bookingApi } from "~/features/booking/booking-api.server";
import { chatLeadsApi } from "~/features/chat/leads-api.server";
import { contactApi } from "~/features/contact/contact-api.server";
import { estimateApi } from "~/features/estimate/estimate-api.server";
import { pricesApi } from "~/features/estimate/prices-api.server";
import { quoteClientApi } from "~/features/quotes/quote-client-api.server";
import { jobClientApi } from "~/features/jobs/card/job-client-api.server";
import type { AppServices } from "~/services.server";
import type { FastPathOptions } from "./cached-page-fast-path.server";
import { refuseUnstorableText } from "./clean-input.server";
import { errorSerializer, isPlainJsonText, lineBytes, type BatchedLines } from "./logger.server";
import { limitFormBodies, rejectCrossSiteWrites } from "./cross-site.server";
import { createPageCache, type PageCache } from "./page-cache.server";
import {
  assetSecurityHeaders,
  cspDirectives,
  cspNonce,
  isolateBrowsingContext,
  securityHeaders,
  serializeCsp,
} from "./security-headers.server";
import {
  UNLOGGED_PATHS,
  answerTimer,
  healthCheck,
  metricsEndpoint,
  nameRoute,
  pageRouteMatcher,
  readinessCheck,
  requestTimer,
} from "./operations.server";
import { assetFiles, compressOnTheFly, publicFiles } from "./static-files.server";

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
 * request log, security headers, the door for text the database cannot store, the redirects, the
 * 404 log and the visitor analytics, the HTML cache, compression, health check, cross-site write
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
            contentVersion: services.contentVersion,
            logger,
            maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
            cspWithoutNonce: serializeCsp(csp, ""),
          })
        : null;
  app.locals.pageCache = pageCache;
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Development hands React Router a function, so each request sees Vite's latest compile.
  // Production hands it the loaded build: given a function, React Router rebuilds its route tables
  // (createStaticHandler, every route flattened and ranked) on every request.
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : (import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const pageRoutes = pageRouteMatcher();
  if (typeof build !== "function") {
    build.then(pageRoutes.use, (error: unknown) => logger.warn({ err: error }, "metrics: could not read the routes"));
  }
  if (pageCache) services.metrics.watchPageCache(() => pageCache.stats());

  const timer = requestTimer(services.metrics, pageRoutes.match);
  const requestIds = requestIdSequence();
  const log = requestLog(logger, requestIds);
  const headers = securityHeaders(env, csp);
  if (pageCache) {
    const timeAnswer = answerTimer(services.metrics, pageRoutes.match);
    const logAnswer = answerLog(logger, requestIds);
    app.locals.cachedPageFastPath = {
      pageCache,
      securityHeaders: headers,
      answered: (req, res, startedAt) => {
        const ms = performance.now() - startedAt;
        timeAnswer(req, res, ms);
        logAnswer(req, res, ms);
        services.analytics.countAnswered(req, res);
      },
    } satisfies FastPathOptions;
  }
  app.use(timer);
  app.use(log);
  const dir = clientDir ?? path.resolve("build/client");
  // Scripts and stylesheets first, with the few headers that apply to them (see assetSecurityHeaders).
  if (!vite) {
    app.use("/assets", nameRoute("/assets/*"), assetSecurityHeaders(env), assetFiles(path.join(dir, "assets")));
  }
  app.use(cspNonce);
  app.use(headers);
  app.use(["/admin", "/api"], isolateBrowsingContext);
  // Before anything reads the path, the query or a body (the redirects, the 404 log, the APIs).
  app.use(refuseUnstorableText);
  // Redirects first: a Map lookup, answered before the page cache and anything else.
  app.use(services.redirects.middleware);
  app.use(services.notFoundLog.middleware);
  // Before the page cache, so pages it serves inside the app are counted like rendered ones.
  app.use(services.analytics.middleware);
  if (pageCache) app.use(pageCache.serve);
  app.use(compressOnTheFly);

  app.get("/healthz", nameRoute("/healthz"), healthCheck(database, logger));
  app.get("/readyz", nameRoute("/readyz"), readinessCheck(database, logger));
  if (env.METRICS_TOKEN)
    app.get("/metrics", nameRoute("/metrics"), metricsEndpoint(services.metrics, env.METRICS_TOKEN));

  // The admin's settings (business facts, mail) as of the content version, before anything reads them.
  app.use(services.settings.middleware);
  app.use(rejectCrossSiteWrites(env));
  app.use("/api/admin", reloadRedirectsAfterWrites(services));
  app.use(contactApi(services));
  app.use(authApi(services));
  app.use(adminApi(services));
  app.use(chatLeadsApi(services));
  app.use(estimateApi(services));
  app.use(pricesApi(services));
  // A client's answer to a quote as JSON and its PDF (/q/:token/…); the page and its forms are a route.
  app.use(quoteClientApi(services));
  app.use(bookingApi(services));
  // A client's sign-off of a job (JSON) and its handover pack (/j/:token/…); the page is a route.
  app.use(jobClientApi(services));
  // Any other /api path: the API's own 404, not the website's 404 page.
  app.use("/api", (_req, res) => sendApiError(res, 404, "No such API call."));
  // The quote's accept form (/q/:token) and the job sign-off form (/j/:token) may carry a drawn signature.
  app.use(
    limitFormBodies(64 * 1024, [
      { prefix: "/q/", maxBytes: 300 * 1024 },
      { prefix: "/j/", maxBytes: 300 * 1024 },
    ]),
  );

  if (vite) app.use(vite.middlewares);
  else app.use(publicFiles(dir));

  if (pageCache) app.use(pageCache.capture);
  app.all(
    "/{*path}",
    reactRouterHandler(build, env.NODE_ENV === "production" ? "production" : "development", services),
  );

  app.use(apiErrorHandler);
  app.use(plainErrorHandler);
  return app;
}

/**
 * React Router's handler for every page. Given the build itself (production), it sets up its route
 * tables once, when the build has loaded; given a function (development), on every request.
 */
function reactRouterHandler(
  build: Promise<ServerBuild> | (() => Promise<ServerBuild>),
  mode: "production" | "development",
  services: AppServices,
): RequestHandler {
  const handlerFor = (loaded: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build: loaded,
      mode,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        logger: req.log,
        clientIp: req.ip ?? "unknown",
        services,
      }),
    });
  if (typeof build === "function") return handlerFor(build);
  let handler: RequestHandler | undefined;
  const ready = build.then((loaded) => (handler = handlerFor(loaded)));
  // A build that fails to load is logged by createApp; each page request then answers with the error.
  ready.catch(() => undefined);
  return (req, res, next) => {
    if (handler) return handler(req, res, next);
    ready.then((loaded) => loaded(req, res, next), next);
  };
}

/**
 * A successful admin write may have added, removed or (by a slug change) created a redirect: this
 * server reloads its table before the next request. (Other servers on the same PostgreSQL notice
 * the content version within a second.)
 */
function reloadRedirectsAfterWrites(services: AppServices): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.on("finish", () => {
        if (res.statusCode < 400) services.redirects.invalidate();
      });
    }
    next();
  };
}

/** Request ids as pino-http numbers them (1, 2, 3…), shared by the request logger and the fast path. */
function requestIdSequence(): () => number {
  let last = 0;
  return () => (last = (last + 1) & 0x7fffffff);
}

/**
 * The request logger's line for a page the fast path answered: the same fields, order and ids as
 * requestLog's "request completed" line (a test compares them), written straight to the logger's
 * stream. pino's own call (the object walked for redaction, serializers, then stringified) cost a
 * cached answer more than writing the page; this line holds no field redaction applies to, and
 * its level, time and bindings come from the logger itself. A GET or HEAD of a plain path (as good
 * as every hit) is written as bytes, its constant parts encoded once; anything else as a string.
 */
function answerLog(logger: Logger, nextId: () => number) {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): void } & Partial<BatchedLines>;
  const time = internals[pino.symbols.timeSym] as () => string;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  // The line's constant parts, around its time, id, method, url, status and response time.
  const text = {
    level: `{"level":${logger.levels.values.info}`,
    id: `${bindings},"req":{"id":`,
    method: `,"method":`,
    url: `,"url":`,
    status: `},"res":{"statusCode":`,
    responseTime: `},"responseTime":`,
    end: `,"msg":"request completed"}\n`,
  };
  const bytes = (part: string) => Buffer.from(part, "utf8");
  const parts = {
    level: bytes(text.level),
    id: bytes(text.id),
    status: bytes(`"${text.status}`),
    responseTime: bytes(text.responseTime),
    end: bytes(text.end),
  };
  // From the method to the url's opening quote.
  const methodParts = new Map(["GET", "HEAD"].map((m) => [m, bytes(`${text.method}"${m}"${text.url}"`)]));
  const fixedBytes =
    Object.values(parts).reduce((sum, part) => sum + part.length, 0) +
    Math.max(...[...methodParts.values()].map((part) => part.length));
  return (req: IncomingMessage, res: ServerResponse, ms: number) => {
    const id = nextId();
    if (!logger.isLevelEnabled("info")) return;
    const url = req.url ?? "/";
    const methodAndUrl = methodParts.get(req.method ?? "");
    if (stream.writeBytes && methodAndUrl && isPlainJsonText(url)) {
      const at = time();
      // Three numbers of at most 16 digits each.
      stream.writeBytes(fixedBytes + at.length + url.length + 48, (into, start) => {
        let end = lineBytes.copy(into, start, parts.level);
        end = lineBytes.ascii(into, end, at);
        end = lineBytes.copy(into, end, parts.id);
        end = lineBytes.digits(into, end, id);
        end = lineBytes.copy(into, end, methodAndUrl);
        end = lineBytes.ascii(into, end, url);
        end = lineBytes.copy(into, end, parts.status);
        end = lineBytes.digits(into, end, res.statusCode);
        end = lineBytes.copy(into, end, parts.responseTime);
        end = lineBytes.digits(into, end, Math.round(ms));
        return lineBytes.copy(into, end, parts.end);
      });
      return;
    }
    stream.write(
      `${text.level}${time()}${text.id}${id}${text.method}${JSON.stringify(req.method)}${text.url}${JSON.stringify(url)}` +
        `${text.status}${res.statusCode}${text.responseTime}${Math.round(ms)}${text.end}`,
    );
  };
}

function requestLog(logger: Logger, nextId: () => number) {
  return pinoHttp({
    logger,
    genReqId: (req) => req.id ?? nextId(),
    // Health checks every few seconds would drown the log.
    autoLogging: { ignore: (req) => UNLOGGED_PATHS.has(req.url ?? "") },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    serializers: {
      // pino-http sets its own `err` serializer on the request loggers: this keeps the app's.
      err: errorSerializer,
      req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
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
