import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { Express, Request, RequestHandler, Response } from "express";
import {
  cachedPageBody,
  cachedPageHeaders,
  encodingNow,
  matchesEtag,
  pageEncodings,
  type CachedPage,
  type PageCache,
  type PageEncodings,
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
  if (!fastPath) return http.createServer(options, app);
  return http.createServer(
    PrecomputedLinesResponse
      ? { ...options, ServerResponse: PrecomputedLinesResponse as typeof http.ServerResponse }
      : options,
    cachedPageFastPath(app, fastPath),
  );
}

/**
 * Node's own step that writes a response's head: the status line, then each header checked (its
 * name against a token pattern, its value character by character) and appended to one string, then
 * Date, Connection and Content-Length as it decides. It has been OutgoingMessage's since Node's first
 * releases; where it is missing, the fast path hands Node its headers as any response does.
 */
type StoreHeader = (this: http.ServerResponse, firstLine: string, headers: unknown) => void;
const storeHeader = (http.OutgoingMessage.prototype as unknown as { _storeHeader?: StoreHeader })._storeHeader;
const LINES = Symbol("header lines");

/**
 * A response that can be given its header lines as one string worked out beforehand: Node writes
 * them straight after the status line, then the headers passed to writeHead (as it always does:
 * checked), then its own. A cached page's seventeen lines, checked and joined on every hit, took
 * about 7 % of the main thread under load (docs/benchmarks.md, bench:http). Express's responses
 * are not of this class (Express gives each its own prototype), and a response given no lines is
 * written as Node writes any.
 */
const PrecomputedLinesResponse =
  typeof storeHeader === "function"
    ? class extends http.ServerResponse {
        [LINES]: string | null = null;
        _storeHeader(firstLine: string, headers: unknown) {
          const lines = this[LINES];
          this[LINES] = null;
          storeHeader.call(this, lines === null ? firstLine : firstLine + lines, headers);
        }
      }
    : undefined;

/** Headers Node writes or acts on itself: never among the lines worked out beforehand. */
const NODE_HEADERS = new Set([
  "connection",
  "content-length",
  "transfer-encoding",
  "date",
  "expect",
  "trailer",
  "keep-alive",
]);

/**
 * A cached page's head in one encoding, for a 200 and a 304: header lines as one string ("Name:
 * value\r\n" each, checked as Node checks them), and the headers Node must see (Content-Length)
 * as raw pairs for writeHead. Without PrecomputedLinesResponse, every header is a raw pair.
 */
type Head = { lines: string; pairs: string[] };
type Wire = { ok: Head; notModified: Head; body: Buffer };
type Wires = { br?: Wire; gzip?: Wire; identity?: Wire };

function cachedPageFastPath(app: Express, { pageCache, securityHeaders, answered }: FastPathOptions): RequestListener {
  const security = headersSetBy(securityHeaders);
  const wires = new WeakMap<CachedPage, Wires>();
  /** The header lines the full chain would send: helmet's, then the page's (same names replace in place). */
  const lines = (page: CachedPage, encoding: "br" | "gzip" | undefined, notModified: boolean) => {
    const merged = new Map<string, [string, string | string[]]>(security.map((h) => [h[0].toLowerCase(), h]));
    for (const [name, value] of cachedPageHeaders(page, encoding, notModified))
      merged.set(name.toLowerCase(), [name, value]);
    const pairs = [...merged.values()].flatMap(([name, value]) =>
      Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, value],
    );
    return headOf(pairs);
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
  // Browsers send a handful of distinct Accept-Encoding values: parse each once (the full chain's
  // pageEncoding() rule, for a page with its brotli copy and for one without it yet).
  const encodings = new Map<string, PageEncodings>();
  const encodingOf = (req: IncomingMessage, page: CachedPage) => {
    const accept = req.headers["accept-encoding"] ?? "";
    let choice = encodings.get(accept);
    if (!choice) {
      choice = pageEncodings(accept);
      if (encodings.size >= 100) encodings.clear();
      encodings.set(accept, choice);
    }
    return encodingNow(choice, page);
  };

  const writeHead = (res: ServerResponse, status: number, head: Head) => {
    if (head.lines) (res as ServerResponse & { [LINES]: string | null })[LINES] = head.lines;
    res.writeHead(status, head.pairs);
  };
  const respond = (req: IncomingMessage, res: ServerResponse, page: CachedPage, startedAt: number) => {
    const wire = wireOf(page, encodingOf(req, page));
    if (matchesEtag(req.headers["if-none-match"], page)) {
      writeHead(res, 304, wire.notModified);
      res.end();
    } else {
      writeHead(res, page.status, wire.ok);
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

/** Raw header pairs as a Head: the lines Node would write for them, and what Node must see itself. */
function headOf(pairs: string[]): Head {
  if (!PrecomputedLinesResponse) return { lines: "", pairs };
  let lines = "";
  const own: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i]!;
    const value = pairs[i + 1]!;
    if (NODE_HEADERS.has(name.toLowerCase())) {
      own.push(name, value);
      continue;
    }
    // The checks Node makes on every header it is given (a bad one throws here, once, as it would there).
    http.validateHeaderName(name);
    http.validateHeaderValue(name, value);
    lines += `${name}: ${value}\r\n`;
  }
  return { lines, pairs: own };
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
