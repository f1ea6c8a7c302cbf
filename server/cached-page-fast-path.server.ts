import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { Express, Request, RequestHandler, Response } from "express";
import {
  cachedPageBody,
  cachedPageHeaders,
  matchesEtag,
  preferredEncoding,
  type CachedPage,
  type PageCache,
} from "./page-cache.server";

export type FastPathOptions = {
  pageCache: PageCache;
  /** The app's security headers middleware (helmet), run once to learn the headers it sets. */
  securityHeaders: RequestHandler;
  /**
   * Called once a cached page was written, with the time the request arrived (performance.now()): the
   * request metrics, the request log line (as the app's request logger writes it, same ids) and
   * the visitor analytics.
   */
  answered: (req: IncomingMessage, res: ServerResponse, startedAt: number) => void;
};

/**
 * The HTTP server for the app. A cached public page is answered before Express: the full
 * middleware chain (Express's request set-up, the router walking a dozen layers, a CSP nonce
 * nobody uses, helmet working out the same headers again) cost most of a cached answer's time,
 * held it to ~13 % of a bare Node server's requests/s. The fast path writes exactly what the chain
 * writes for a cached page — the same request log line, the same security headers in the same
 * order, the same cached bytes and headers (a test compares both) — and hands every other request
 * to the app unchanged. Each page's header lines are worked out once per encoding (see wireOf), so
 * a hit is one writeHead and one end, and it waits for nothing: the content version is known in
 * memory while the server listens for changes (else a read shared by the requests in flight).
 * `options` are Node's server options (timeouts: see client-limits.server.ts).
 */
export function createHttpServer(app: Express, options: http.ServerOptions = {}): http.Server {
  const fastPath = app.locals.cachedPageFastPath as FastPathOptions | undefined;
  return http.createServer(options, fastPath ? cachedPageFastPath(app, fastPath) : app);
}

/** A cached page's raw header lines (name, value, name, value…) for a 200 and a 304, in one encoding. */
type Wire = { ok: string[]; notModified: string[]; body: Buffer };
type Wires = { br?: Wire; gzip?: Wire; identity?: Wire };

function cachedPageFastPath(app: Express, { pageCache, securityHeaders, answered }: FastPathOptions): RequestListener {
  const security = headersSetBy(securityHeaders);
  const wires = new WeakMap<CachedPage, Wires>();
  /** The header lines the full chain would send: helmet's, then the page's (same names replace in place). */
  const lines = (page: CachedPage, encoding: "br" | "gzip" | undefined, notModified: boolean) => {
    const merged = new Map<string, [string, string | string[]]>(security.map((h) => [h[0].toLowerCase(), h]));
    for (const [name, value] of cachedPageHeaders(page, encoding, notModified))
      merged.set(name.toLowerCase(), [name, value]);
    return [...merged.values()].flatMap(([name, value]) =>
      Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, value],
    );
  };
  const wireOf = (page: CachedPage, encoding: "br" | "gzip" | undefined): Wire => {
    let forPage = wires.get(page);
    if (!forPage) wires.set(page, (forPage = {}));
    const name = encoding ?? "identity";
    return (forPage[name] ??= {
      ok: lines(page, encoding, false),
      notModified: lines(page, encoding, true),
      body: cachedPageBody(page, encoding),
    });
  };
  // Browsers send a handful of distinct Accept-Encoding values: parse each once.
  const encodings = new Map<string, "br" | "gzip" | "identity">();
  const encodingOf = (req: IncomingMessage, page: CachedPage) => {
    const accept = req.headers["accept-encoding"] ?? "";
    let encoding = encodings.get(accept);
    if (!encoding) {
      encoding = (preferredEncoding(accept, ["br", "gzip"]) as "br" | "gzip" | undefined) ?? "identity";
      if (encodings.size >= 100) encodings.clear();
      encodings.set(accept, encoding);
    }
    // The brotli copy is made a moment after the page is stored: gzip until then.
    return encoding === "br" && !page.br ? "gzip" : encoding === "identity" ? undefined : encoding;
  };

  const respond = (req: IncomingMessage, res: ServerResponse, page: CachedPage, startedAt: number) => {
    const wire = wireOf(page, encodingOf(req, page));
    if (matchesEtag(req.headers["if-none-match"], page)) {
      res.writeHead(304, wire.notModified);
      res.end();
    } else {
      res.writeHead(page.status, wire.ok);
      if (req.method === "HEAD") res.end();
      else res.end(wire.body);
    }
    answered(req, res, startedAt);
  };
  const toApp = (req: IncomingMessage, res: ServerResponse) => void app(req, res);
  return (req, res) => {
    const startedAt = performance.now();
    const found = pageCache.cached(req);
    if (found === undefined) return toApp(req, res);
    if (!(found instanceof Promise)) return respond(req, res, found, startedAt);
    found.then(
      (page) => (page ? respond(req, res, page, startedAt) : toApp(req, res)),
      () => toApp(req, res),
    );
  };
}

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
