import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { Express, Request, RequestHandler, Response } from "express";
import type { PageCache } from "./page-cache.server";

export type FastPathOptions = {
  pageCache: PageCache;
  /**
   * What the app does first with every request, in order: the request timer (metrics) and the
   * request logger (pino-http), so a cached page is timed and logged as before, with the same ids.
   */
  prepare: Array<(req: IncomingMessage, res: ServerResponse, next: () => void) => void>;
  /** The app's security headers middleware (helmet), run once to learn the headers it sets. */
  securityHeaders: RequestHandler;
  /** Called once a cached page was answered (the visitor analytics count it). */
  answered: (req: IncomingMessage, res: ServerResponse) => void;
};

/**
 * The HTTP server for the app. A cached public page is answered before Express: the full
 * middleware chain (Express's request set-up, the router walking a dozen layers, a CSP nonce
 * nobody uses, helmet working out the same headers again) cost most of a cached answer's time,
 * held it to ~13 % of a bare Node server's requests/s. The fast path writes exactly what the chain
 * writes for a cached page — the same request log line, the same security headers in the same
 * order, the same cached bytes and headers (a test compares both) — and hands every other request
 * to the app unchanged. `options` are Node's server options (timeouts: see client-limits.server.ts).
 */
export function createHttpServer(app: Express, options: http.ServerOptions = {}): http.Server {
  const fastPath = app.locals.cachedPageFastPath as FastPathOptions | undefined;
  return http.createServer(options, fastPath ? cachedPageFastPath(app, fastPath) : app);
}

function cachedPageFastPath(
  app: Express,
  { pageCache, prepare, securityHeaders, answered }: FastPathOptions,
): RequestListener {
  const headers = headersSetBy(securityHeaders);
  const toApp = (req: IncomingMessage, res: ServerResponse) => void app(req, res);
  return (req, res) => {
    const before = () => {
      for (const step of prepare) step(req, res, noop);
      for (const [name, value] of headers) res.setHeader(name, value);
    };
    pageCache.answer(req, res, before).then(
      (done) => (done ? answered(req, res) : toApp(req, res)),
      () => toApp(req, res),
    );
  };
}

const noop = () => {};

/**
 * The headers a middleware sets on every response, in order. Helmet's depend on the configuration
 * only, except the CSP's nonce, which a cached page replaces with its script hashes anyway.
 */
function headersSetBy(middleware: RequestHandler): Array<[string, string | string[]]> {
  const headers = new Map<string, [string, string | string[]]>();
  const res = {
    locals: { cspNonce: "" },
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), [name, value]);
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
  };
  let error: unknown;
  middleware({ headers: {}, method: "GET", url: "/" } as Request, res as unknown as Response, (e?: unknown) => {
    error = e;
  });
  if (error) throw error instanceof Error ? error : new Error("security headers middleware failed");
  return [...headers.values()];
}
