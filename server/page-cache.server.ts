import crypto from "node:crypto";
import zlib from "node:zlib";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { contentVersion } from "~/db/schema";

/** Cookies that mean "this visitor is signed in": such requests are never cached or served from cache. */
export const SESSION_COOKIE_NAMES = ["__Host-ic_session", "ic_session"];

type Entry = {
  version: number;
  status: number;
  headers: Record<string, string>;
  csp: string;
  etag: string;
  body: Buffer;
  gzip: Buffer;
};

export type PageCacheOptions = {
  database: Database;
  /** Safety net for a missed notification: re-read the content version this often. */
  recheckMs?: number;
  logger: Logger;
  maxEntries: number;
  /** The CSP of normal responses with the nonce left out; cached pages add their script hashes. */
  cspWithoutNonce: string;
};

export type PageCache = {
  /** Serves a cached page, or marks the request so its response is captured. Place after helmet. */
  serve: RequestHandler;
  /** Captures cacheable responses. Place right before the React Router handler. */
  capture: RequestHandler;
  /** Forget everything. */
  clear(): void;
  /** Stop listening for content changes. */
  close(): Promise<void>;
  stats(): { entries: number; hits: number; misses: number };
};

/**
 * An in-memory cache of rendered public pages. A page is served from memory only while the
 * content version it was rendered at is still current; database triggers bump the version on
 * every content change, whoever makes it. So that an edit shows on the very next request:
 * - PGlite (one process): the trigger's NOTIFY reaches this process as the write completes, so
 *   the version is known without asking (a PGlite query costs as much as serving the page);
 * - PostgreSQL (several servers): each request reads the version (one indexed row; concurrent
 *   requests share one read).
 */
export function createPageCache({
  database,
  logger,
  maxEntries,
  cspWithoutNonce,
  recheckMs = 2000,
}: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;
  let version: number | undefined;
  let starting: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;

  /** Safety net: re-read in case a notification was ever missed. */
  const readVersion = async () => {
    const [row] = await database.db.select({ version: contentVersion.version }).from(contentVersion);
    const read = row?.version ?? 0;
    if (version === undefined || read > version) version = read;
  };

  const start = () =>
    (starting ??= (async () => {
      stopListening = await database.listen!("content_changed", (payload) => {
        const announced = Number(payload);
        version = Number.isFinite(announced) && version !== undefined ? Math.max(version, announced) : undefined;
      });
      await readVersion();
      recheck = setInterval(() => void readVersion().catch(() => {}), recheckMs);
      recheck.unref();
    })().catch((error: unknown) => {
      starting = undefined; // try again on the next request
      throw error;
    }));

  let inFlight: Promise<number> | undefined;
  const readShared = () =>
    (inFlight ??= database.db
      .select({ version: contentVersion.version })
      .from(contentVersion)
      .then(([row]) => row?.version ?? 0)
      .finally(() => {
        inFlight = undefined;
      }));

  const currentVersion = async (): Promise<number> => {
    if (!database.listen) return readShared();
    if (version === undefined) {
      await start();
      if (version === undefined) await readVersion();
    }
    return version!;
  };

  const serve: RequestHandler = async (req, res, next) => {
    if (closed || !isCacheableRequest(req.method, req.path, req.headers)) return next();
    const key = req.originalUrl;
    let version: number;
    try {
      version = await currentVersion();
    } catch (error) {
      logger.warn({ err: error }, "page cache: could not read the content version; rendering");
      return next();
    }
    const entry = entries.get(key);
    if (entry?.version === version) {
      hits++;
      // Refresh its place in the LRU order.
      entries.delete(key);
      entries.set(key, entry);
      return void send(res, entry, req.headers["accept-encoding"], req.headers["if-none-match"], req.method === "HEAD");
    }
    if (entry) entries.delete(key);
    misses++;
    res.locals.pageCache = { key, version };
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
      !type.startsWith("text/html") ||
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
      gzip: zlib.gzipSync(finalBody, { level: 6 }),
    };
    entries.delete(target.key);
    entries.set(target.key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    serve,
    capture,
    clear: () => entries.clear(),
    async close() {
      if (closed) return;
      closed = true;
      if (recheck) clearInterval(recheck);
      await stopListening?.();
    },
    stats: () => ({ entries: entries.size, hits, misses }),
  };
}

function send(
  res: Response,
  entry: Entry,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
  head: boolean,
) {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader("content-security-policy", entry.csp);
  res.setHeader("etag", entry.etag);
  res.setHeader("vary", "Accept-Encoding");
  res.setHeader("x-page-cache", "hit");
  if (ifNoneMatch?.split(/\s*,\s*/).includes(entry.etag)) {
    res.status(304).end();
    return;
  }
  const gzip = /\bgzip\b/.test(acceptEncoding ?? "");
  const body = gzip ? entry.gzip : entry.body;
  // Already encoded: the compression middleware leaves a response with Content-Encoding alone.
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", String(body.length));
  res.status(entry.status);
  if (head) res.end();
  else res.end(body);
}

/** Only anonymous GET/HEAD document requests for pages (never admin, API, data or asset URLs). */
export function isCacheableRequest(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (/^\/(admin|api|assets|healthz)(\/|$)/.test(path) || path.endsWith(".data")) return false;
  if (headers.authorization) return false;
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
