import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { ContentVersion } from "~/db/content-version.server";
import { SESSION_COOKIE_NAMES } from "~/features/auth/session.server";
import { withTimeout } from "./operations.server";

/** How long a request waits for the content version before serving its cached copy as it is. */
const VERSION_READ_TIMEOUT_MS = 1000;

/** A cached page: its body in each encoding and what its headers need, worked out once when stored. */
export type CachedPage = {
  version: number;
  status: number;
  headers: Record<string, string>;
  csp: string;
  etag: string;
  body: Buffer;
  /**
   * Compressed once: gzip when stored, brotli (slower) in the thread pool once the page is asked for
   * again at the same content version.
   */
  gzip: Buffer;
  br?: Buffer;
};
/** A cached page, and whether its brotli copy was started. */
type Entry = CachedPage & { brotliStarted?: true };

/** What a request found: the cache key and current content version, and the page if it is cached. */
type Lookup = { key: string; version: number; entry: Entry | undefined };

export type PageCacheOptions = {
  /** The server's one watcher of the content version (services.contentVersion). */
  contentVersion: ContentVersion;
  logger: Logger;
  maxEntries: number;
  /** The CSP of normal responses with the nonce left out; cached pages add their script hashes. */
  cspWithoutNonce: string;
};

export type PageCache = {
  /**
   * For the fast path (server/cached-page-fast-path.server.ts): the cached, current page for this
   * request (counted as a hit), or undefined when the app must answer it (its serve() then reuses
   * this lookup). Answered without a promise when nothing needs waiting for: a request that is not
   * cacheable, or the content version known in memory (while the server listens for changes);
   * otherwise it waits for the shared read of the version.
   */
  cached(req: IncomingMessage): CachedPage | undefined | Promise<CachedPage | undefined>;
  /** Serves a cached page, or marks the request so its response is captured. Place after helmet. */
  serve: RequestHandler;
  /** Captures cacheable responses. Place right before the React Router handler. */
  capture: RequestHandler;
  /** Forget everything. */
  clear(): void;
  /** Stop answering from memory (at shutdown). */
  close(): void;
  stats(): { entries: number; hits: number; misses: number };
};

/**
 * An in-memory cache of rendered public pages. A page is served from memory only while the
 * content version it was rendered at is still current; database triggers bump the version on
 * every content change, whoever makes it. So that an edit shows on the very next request, each
 * request asks the server's content-version watcher for the version now (app/db/content-version:
 * no query on PGlite, a shared read on PostgreSQL).
 */
export function createPageCache({ contentVersion, logger, maxEntries, cspWithoutNonce }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  /** The key last put at the end of the LRU order: a hit on it again needs no reordering. */
  let newest: string | undefined;
  /** Puts `key` at the end of the LRU order (the most recently used). */
  const touch = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    newest = key;
  };
  const forget = (key: string) => {
    entries.delete(key);
    if (key === newest) newest = undefined;
  };
  let hits = 0;
  let misses = 0;
  let closed = false;

  /** Whether pages are being served without knowing the content version (logged once each way). */
  const serving = { stale: false };
  const lookups = new WeakMap<IncomingMessage, Promise<Lookup | null>>();
  /** null: not a cacheable request. Rejects when the content version cannot be read. */
  const lookup = (req: IncomingMessage): Promise<Lookup | null> => {
    let found = lookups.get(req);
    if (!found) lookups.set(req, (found = find(req)));
    return found;
  };
  /** The cache key of a cacheable request, or null. */
  const keyOf = (req: IncomingMessage): string | null => {
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (closed || !isCacheableRequest(req.method ?? "", path, req.headers)) return null;
    return cacheKey(path, queryAt < 0 ? "" : url.slice(queryAt + 1));
  };
  /** The entry for `key` at `version`, dropping one rendered at an older version. */
  const current = (key: string, version: number): Lookup => {
    let entry = entries.get(key);
    if (entry && entry.version !== version) {
      forget(key);
      entry = undefined;
    }
    return { key, version, entry };
  };
  // Concurrent requests share one read of the version (PostgreSQL), and so one timeout.
  let versionRead: Promise<number> | undefined;
  let timedRead: Promise<number> | undefined;
  const readVersion = (): Promise<number> => {
    const read = contentVersion.current();
    if (read !== versionRead) {
      versionRead = read;
      timedRead = withTimeout(read, VERSION_READ_TIMEOUT_MS);
    }
    return timedRead!;
  };
  const find = async (req: IncomingMessage): Promise<Lookup | null> => {
    const key = keyOf(req);
    if (key === null) return null;
    let version: number;
    try {
      version = contentVersion.peek() ?? (await readVersion());
    } catch (error) {
      // The database cannot say whether the page changed (it is down, restarting or overloaded):
      // the copy in memory beats an error page. Nothing is stored meanwhile (no version to store at).
      const stale = entries.get(key);
      if (!stale) throw error;
      if (!serving.stale)
        logger.warn({ err: error }, "page cache: database unavailable; serving cached pages as they are");
      serving.stale = true;
      return { key, version: stale.version, entry: stale };
    }
    if (serving.stale) logger.info("page cache: database reachable again");
    serving.stale = false;
    return current(key, version);
  };
  const hit = (key: string, entry: Entry) => {
    hits++;
    // Refresh its place in the LRU order (under load, mostly a hit on the page hit just before).
    if (key !== newest) touch(key, entry);
    if (!entry.brotliStarted) compressWithBrotli(entry);
  };
  /**
   * Brotli at quality 11 (9 % smaller than gzip 9 on a 100 KB page) costs about 170 ms of CPU a page,
   * fifty times gzip's: off the event loop, and only for a page asked for again at its content version.
   * A page read once until the next edit (a crawler's pass over every project, or any page after an
   * edit that nobody opens twice before the next) goes out as gzip and costs no brotli at all.
   */
  const compressWithBrotli = (entry: Entry) => {
    entry.brotliStarted = true;
    zlib.brotliCompress(
      entry.body,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
        },
      },
      (error, br) => {
        if (error) logger.warn({ err: error }, "page cache: could not compress a page with brotli");
        else entry.br = br;
      },
    );
  };

  const cached = (req: IncomingMessage): CachedPage | undefined | Promise<CachedPage | undefined> => {
    const key = keyOf(req);
    if (key === null) return undefined;
    const known = serving.stale ? undefined : contentVersion.peek();
    if (known !== undefined) {
      const found = current(key, known);
      if (found.entry) {
        hit(key, found.entry);
        return found.entry;
      }
      lookups.set(req, Promise.resolve(found));
      return undefined;
    }
    return lookup(req).then(
      (found) => {
        if (!found?.entry) return undefined;
        hit(found.key, found.entry);
        return found.entry;
      },
      () => undefined, // the app's serve() logs it and renders
    );
  };

  const serve: RequestHandler = async (req, res, next) => {
    let found: Lookup | null;
    try {
      found = await lookup(req);
    } catch (error) {
      logger.warn({ err: error }, "page cache: could not read the content version; rendering");
      return next();
    }
    if (!found) return next();
    if (found.entry) {
      hit(found.key, found.entry);
      return void send(req, res, found.entry);
    }
    misses++;
    res.locals.pageCache = { key: found.key, version: found.version };
    next();
  };

  const capture: RequestHandler = (_req, res, next) => {
    const target = res.locals.pageCache as { key: string; version: number } | undefined;
    if (!target) return next();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(toBuffer(chunk, rest[0]));
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      try {
        store(target, res, Buffer.concat(chunks));
      } catch (error) {
        logger.warn({ err: error }, "page cache: could not store a page");
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };

  function store(target: { key: string; version: number }, res: Response, body: Buffer) {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    const type = String(res.getHeader("content-type") ?? "");
    if (
      res.statusCode !== 200 ||
      !cacheControl.includes("public") ||
      // Pages, and the sitemap (500 projects with their photos take a few hundred milliseconds to list).
      !(type.startsWith("text/html") || type.startsWith("application/xml")) ||
      res.getHeader("set-cookie")
    )
      return;
    const html = body.toString("utf8");
    const { html: withoutNonces, hashes } = hashInlineScripts(html);
    const finalBody = Buffer.from(withoutNonces, "utf8");
    const entry: Entry = {
      version: target.version,
      status: 200,
      headers: { "content-type": type, "cache-control": cacheControl },
      csp: cspWithoutNonce.replace(/script-src ([^;]*)/, (_m, sources: string) =>
        `script-src ${sources} ${hashes.join(" ")}`.trim(),
      ),
      etag: `W/"${crypto.createHash("sha1").update(finalBody).digest("base64url").slice(0, 20)}"`,
      body: finalBody,
      gzip: zlib.gzipSync(finalBody, { level: 9 }),
    };
    touch(target.key, entry);
    while (entries.size > maxEntries) forget(entries.keys().next().value!);
  }

  return {
    cached,
    serve,
    capture,
    clear: () => {
      entries.clear();
      newest = undefined;
    },
    close() {
      closed = true;
    },
    stats: () => ({ entries: entries.size, hits, misses }),
  };
}

/**
 * What an Accept-Encoding header takes of a cached page: once its brotli copy is made, and before (gzip,
 * or the page as it is for a client that takes brotli but not gzip). Worked out once per header value
 * on the fast path (cached-page-fast-path.server.ts).
 */
export type PageEncodings = { withBr: "br" | "gzip" | undefined; withoutBr: "gzip" | undefined };
export const pageEncodings = (acceptEncoding: string | undefined): PageEncodings => ({
  withBr: preferredEncoding(acceptEncoding, ["br", "gzip"]) as "br" | "gzip" | undefined,
  withoutBr: preferredEncoding(acceptEncoding, ["gzip"]) as "gzip" | undefined,
});
/** Which of `encodings` a cached page is sent in now. */
export const encodingNow = (encodings: PageEncodings, entry: CachedPage): "br" | "gzip" | undefined =>
  entry.br ? encodings.withBr : encodings.withoutBr;

/** The encoding a cached page is sent in, by what the Accept-Encoding header allows. */
export const pageEncoding = (acceptEncoding: string | undefined, entry: CachedPage): "br" | "gzip" | undefined =>
  encodingNow(pageEncodings(acceptEncoding), entry);

/**
 * The headers a cached page is sent with, in the order they are set after the security headers:
 * a 304 stops before the encoding and length. The fast path writes the same list, worked out once.
 */
export function cachedPageHeaders(
  entry: CachedPage,
  encoding: "br" | "gzip" | undefined,
  notModified: boolean,
): Array<[string, string]> {
  const headers: Array<[string, string]> = Object.entries(entry.headers);
  headers.push(
    ["content-security-policy", entry.csp],
    ["etag", entry.etag],
    ["vary", "Accept-Encoding"],
    ["x-page-cache", "hit"],
  );
  if (notModified) return headers;
  if (encoding) headers.push(["content-encoding", encoding]);
  headers.push(["content-length", String(cachedPageBody(entry, encoding).length)]);
  return headers;
}

export const cachedPageBody = (entry: CachedPage, encoding: "br" | "gzip" | undefined): Buffer =>
  encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip : entry.body;

/** Whether the request's If-None-Match names the page's ETag (a 304). */
export const matchesEtag = (ifNoneMatch: string | undefined, entry: CachedPage): boolean =>
  ifNoneMatch?.split(/\s*,\s*/).includes(entry.etag) === true;

/** A cached page, or 304 for a matching If-None-Match, in the encoding the client prefers. */
function send(req: IncomingMessage, res: ServerResponse, entry: Entry) {
  const notModified = matchesEtag(req.headers["if-none-match"], entry);
  const encoding = pageEncoding(req.headers["accept-encoding"], entry);
  // Already encoded: the compression middleware leaves a response with Content-Encoding alone.
  for (const [name, value] of cachedPageHeaders(entry, encoding, notModified)) res.setHeader(name, value);
  if (notModified) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = entry.status;
  if (req.method === "HEAD") res.end();
  else res.end(cachedPageBody(entry, encoding));
}

/**
 * The first of `available` (in our order of preference) that the Accept-Encoding header allows
 * (listed, or `*`, with q > 0), or undefined for identity.
 */
export function preferredEncoding(acceptEncoding: string | undefined, available: string[]): string | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith("q="));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  return available.find((name) => (q.get(name) ?? q.get("*") ?? 0) > 0);
}

/**
 * The query parameters a cached page's loader reads, by path: the only ones that change what it
 * renders (the blog's page, the gallery's filter, the estimate's first item). Any other parameter
 * (utm_* tags, ad click ids, a random string) shows the same page, so it maps to the same entry:
 * it can neither bypass the cache nor push other pages out of it. The analytics still see the
 * whole address (they count the request, not the cache entry).
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "/blog": ["page"],
  "/gallery": ["category"],
  "/estimate": ["item"],
};

/** The cache key of a page address: its path plus the parameters its page reads, in a fixed order (first value each). */
export function cacheKey(path: string, query: string): string {
  const names = PAGE_QUERY_PARAMS[path];
  if (!names || !query) return path;
  const params = new URLSearchParams(query);
  const kept = names.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  return kept.length ? `${path}?${kept.join("&")}` : path;
}

/** Only anonymous GET/HEAD document requests for pages (never admin, API, data or asset URLs). */
export function isCacheableRequest(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  // /q/… (a client's quote) and /booking/… (a visitor's booking): private to whoever holds the link.
  if (/^\/(admin|api|assets|booking|healthz|readyz|metrics|q)(\/|$)/.test(path) || path.endsWith(".data")) return false;
  if (headers.authorization) return false;
  // A signed-in staff member: never cached or served from cache.
  const cookie = String(headers.cookie ?? "");
  return !SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

/**
 * For a page served to everyone, a nonce would be one secret shared by all: instead the CSP lists
 * the SHA-256 of each inline script the page really contains, and the nonce attributes go.
 * JSON-LD blocks are data, not script, and need no hash.
 */
export function hashInlineScripts(html: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>();
  // Nonces also sit on <link rel="modulepreload">: strip them all.
  const out = html
    .replace(/(<[a-z][^>]*?)\s+nonce="[^"]*"/gi, "$1")
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, (whole, attrs: string, content: string) => {
      const cleanAttrs = attrs.replace(/\s+nonce="[^"]*"/g, "");
      if (/\bsrc\s*=/.test(cleanAttrs) || cleanAttrs.includes('type="application/ld+json"')) {
        return whole.replace(attrs, cleanAttrs);
      }
      hashes.add(`'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`);
      return `<script${cleanAttrs}>${content}</script>`;
    });
  return { html: out, hashes: [...hashes] };
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}
