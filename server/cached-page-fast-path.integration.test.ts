import http from "node:http";
import net, { type AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { Express } from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchedLines } from "./logger.server";
import { seedDemoContent } from "~/features/demo/seed.server";
import { loadBuiltApp, serveBuiltApp } from "../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
/** The same app (same cache) served two ways: every request through Express, and as start() serves it. */
let fullChain: http.Server;
let fast: http.Server;
let fastServer: () => http.Server;
const expressCalls: string[] = [];
const logLines: Array<Record<string, unknown>> & { flush?: () => void } = [];

const originOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = async (server: http.Server) => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return server;
};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  // The log as the server writes it: batched, the fast path's lines written as bytes.
  logLines.flush = () =>
    lines.flush(() => {
      for (const line of written.splice(0).join("").split("\n")) if (line) logLines.push(JSON.parse(line));
    });
  const written: string[] = [];
  const lines = batchedLines({
    write: (bytes: Buffer) => void written.push(bytes.toString("utf8")),
    flush: (done) => done?.(),
    flushSync: () => {},
  });
  const logger = pino({ level: "info" }, lines);
  site = await serveBuiltApp(t.database, { logger });
  const { createHttpServer } = await loadBuiltApp();
  const app = site.app;
  fullChain = await listen(http.createServer(app));
  // The app, as the fast path sees it, recording every request handed to Express.
  const recorded = Object.assign(
    (req: http.IncomingMessage, res: http.ServerResponse) => {
      expressCalls.push(req.url!);
      void app(req, res);
    },
    { locals: app.locals },
  ) as unknown as Express;
  fastServer = () => createHttpServer(recorded);
  fast = await listen(fastServer());
});
afterAll(async () => {
  await new Promise((r) => fullChain?.close(r));
  await new Promise((r) => fast?.close(r));
  await site?.close();
  await t?.dispose();
});

type Raw = { status: number; rawHeaders: string[]; body: Buffer };
function request(server: http.Server, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Raw>((resolve, reject) => {
    http
      .request(`${originOf(server)}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

/**
 * One request written as it is on a new connection, read until the server closes it: the head's
 * lines (without Date) and the body's length.
 */
function rawExchange(server: http.Server, text: string) {
  return new Promise<{ head: string[]; bodyBytes: number }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, end).toString("latin1").split("\r\n");
      resolve({ head: head.filter((l) => !/^date:/i.test(l)), bodyBytes: all.length - end - 4 });
    });
  });
}

/** Header name/value pairs in the order sent, without Date (the clock moves). */
const headerPairs = (raw: Raw) => {
  const pairs: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2)
    if (raw.rawHeaders[i]!.toLowerCase() !== "date") pairs.push(`${raw.rawHeaders[i]}: ${raw.rawHeaders[i + 1]}`);
  return pairs;
};
const header = (raw: Raw, name: string) => {
  const i = raw.rawHeaders.findIndex((h, n) => n % 2 === 0 && h.toLowerCase() === name);
  return i < 0 ? undefined : raw.rawHeaders[i + 1];
};

/**
 * Renders the page once, then waits until its brotli copy is stored (quality 11, off the event
 * loop: a fraction of a second, longer on a busy machine).
 */
async function warm(path: string) {
  await request(fullChain, path);
  await expect
    .poll(async () => header(await request(fullChain, path, { "accept-encoding": "br" }), "content-encoding"), {
      timeout: 15_000,
    })
    .toBe("br");
}

describe("the cached-page fast path", () => {
  it("answers a cached page without Express, with the full chain's exact status, headers (in order) and bytes", async () => {
    await warm("/partitions");
    const variants: Array<[Record<string, string>, string]> = [
      [{ "accept-encoding": "gzip, deflate, br" }, "GET"],
      [{ "accept-encoding": "gzip" }, "GET"],
      [{}, "GET"],
      [{ "accept-encoding": "br" }, "HEAD"],
    ];
    for (const [headers, method] of variants) {
      const label = `${method} ${JSON.stringify(headers)}`;
      const before = expressCalls.length;
      const fromFast = await request(fast, "/partitions", headers, method);
      expect(expressCalls.length, label).toBe(before); // Express never saw it
      const fromChain = await request(fullChain, "/partitions", headers, method);
      expect(fromFast.status, label).toBe(200);
      expect(header(fromFast, "x-page-cache")).toBe("hit");
      expect(headerPairs(fromFast), label).toEqual(headerPairs(fromChain));
      expect(fromFast.body.equals(fromChain.body), label).toBe(true);
    }
    const br = await request(fast, "/partitions", { "accept-encoding": "br" });
    const plain = await request(fast, "/partitions");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(plain.body.toString()).toContain("</html>");
  });

  it("makes a page's brotli copy only once the page is asked for again (gzip until then)", async () => {
    const first = await request(fullChain, "/ceiling-repair", { "accept-encoding": "br, gzip" });
    expect(header(first, "x-page-cache"), "rendered, not from the cache").toBeUndefined();
    // Time enough for a copy made at once (tens of milliseconds): none is made for a page read once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await request(fast, "/ceiling-repair", { "accept-encoding": "br, gzip" });
    expect(header(second, "x-page-cache")).toBe("hit");
    expect(header(second, "content-encoding")).toBe("gzip");
    // The second read started it: later reads get brotli, the same page.
    await expect
      .poll(async () => header(await request(fast, "/ceiling-repair", { "accept-encoding": "br" }), "content-encoding"))
      .toBe("br");
    const br = await request(fast, "/ceiling-repair", { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(br.body).equals(zlib.gunzipSync(second.body))).toBe(true);

    // A client that takes brotli and not gzip gets the page as it is until the copy is made, as from
    // the full chain.
    await request(fullChain, "/privacy-policy");
    const brOnly = await request(fast, "/privacy-policy", { "accept-encoding": "br" });
    expect(header(brOnly, "x-page-cache")).toBe("hit");
    expect(header(brOnly, "content-encoding")).toBeUndefined();
    expect(brOnly.body.toString()).toContain("</html>");
  });

  it("keeps the cached page's CSP (hashes of its inline scripts, no nonce) and every security header", async () => {
    await warm("/about-us");
    const res = await request(fast, "/about-us");
    const csp = header(res, "content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(csp).not.toContain("nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(header(res, "x-content-type-options")).toBe("nosniff");
    expect(header(res, "referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(header(res, "x-frame-options")).toBe("SAMEORIGIN");
    expect(header(res, "cross-origin-opener-policy")).toBeUndefined();
    expect(res.body.toString()).not.toContain("nonce=");
  });

  it("answers If-None-Match with the same 304 as the full chain", async () => {
    await warm("/gallery");
    const etag = header(await request(fast, "/gallery"), "etag")!;
    const fromFast = await request(fast, "/gallery", { "if-none-match": etag });
    const fromChain = await request(fullChain, "/gallery", { "if-none-match": etag });
    expect(fromFast.status).toBe(304);
    expect(headerPairs(fromFast)).toEqual(headerPairs(fromChain));
  });

  it("closes the connection when it must, as the full chain does: an HTTP/1.0 client, a server shutting down", async () => {
    await warm("/suspended-ceilings");
    // HTTP/1.0: no keep-alive, the length still given.
    const old = "GET /suspended-ceilings HTTP/1.0\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n";
    const [fromFast, fromChain] = [await rawExchange(fast, old), await rawExchange(fullChain, old)];
    expect(fromFast.head).toEqual(fromChain.head);
    expect(fromFast.head).toContain("Connection: close");
    expect(fromFast.head).toContain(`content-length: ${fromFast.bodyBytes}`);
    expect(fromFast.bodyBytes).toBe(fromChain.bodyBytes);
    // Shutting down, the server sets `Connection: close` on every answer before it is written (see
    // prepareGracefulClose): the fast path's lines and Node's own are both sent, once each.
    const closingFast = await listen(fastServer());
    const closingChain = await listen(http.createServer(site.app));
    try {
      for (const server of [closingFast, closingChain]) {
        server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) =>
          res.setHeader("Connection", "close"),
        );
      }
      const kept = "GET /suspended-ceilings HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n";
      const [closing, chainClosing] = [await rawExchange(closingFast, kept), await rawExchange(closingChain, kept)];
      expect(closing.head.filter((l) => /^connection:/i.test(l))).toEqual(["Connection: close"]);
      expect(closing.head.some((l) => /^keep-alive:/i.test(l))).toBe(false);
      expect(closing.head.find((l) => l.startsWith("x-page-cache"))).toBe("x-page-cache: hit");
      // The same lines (the full chain writes the one set first, first).
      expect([...closing.head].sort()).toEqual([...chainClosing.head].sort());
      expect(closing.bodyBytes).toBe(chainClosing.bodyBytes);
    } finally {
      await Promise.all([closingFast, closingChain].map((s) => new Promise((r) => s.close(r))));
    }
  });

  it("logs each fast answer as the full chain does: one request line with a request id", async () => {
    await warm("/ceiling-repair");
    logLines.length = 0;
    await request(fast, "/ceiling-repair?from=fast");
    await request(fullChain, "/ceiling-repair?from=chain");
    await request(fast, "/ceiling-repair?from=fast-head", {}, "HEAD");
    const line = (url: string) => logLines.find((l) => (l.req as { url?: string } | undefined)?.url === url);
    await expect
      .poll(() => {
        logLines.flush!();
        return line("/ceiling-repair?from=chain");
      })
      .toBeDefined();
    const fastLine = line("/ceiling-repair?from=fast")!;
    const chainLine = line("/ceiling-repair?from=chain")!;
    expect(fastLine).toMatchObject({ msg: "request completed", res: { statusCode: 200 }, req: { method: "GET" } });
    expect(line("/ceiling-repair?from=fast-head")).toMatchObject({ req: { method: "HEAD" }, res: { statusCode: 200 } });
    // The same fields in the same order, at every level.
    const shape = (l: Record<string, unknown>) =>
      JSON.stringify(l, (_key, value: unknown) => (typeof value === "object" ? value : 0));
    expect(shape(fastLine)).toBe(shape(chainLine));
    expect(typeof (fastLine.req as { id: unknown }).id).toBe("number");
    expect((fastLine.req as { id: number }).id).not.toBe((chainLine.req as { id: number }).id);
  });

  it("hands everything else to the app: first renders, forms, signed-in visitors, the API, assets", async () => {
    for (const path of ["/shop-ceiling", "/contact-us", "/api/no-such-call", "/favicon.svg"]) {
      const before = expressCalls.length;
      await request(fast, path);
      expect(expressCalls.length, path).toBe(before + 1);
    }
    await warm("/blog");
    const before = expressCalls.length;
    const signedIn = await request(fast, "/blog", { cookie: "__Host-ic_session=abc" });
    expect(expressCalls.length).toBe(before + 1);
    expect(header(signedIn, "x-page-cache")).toBeUndefined();
  });
});
