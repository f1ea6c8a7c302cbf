import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBuiltApp } from "../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
beforeAll(async () => {
  t = await createTestDatabase();
  site = await serveBuiltApp(t.database);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const clientDir = path.resolve("build/client");
const framework = fs.readdirSync(path.join(clientDir, "assets")).find((f) => /^framework-.*\.js$/.test(f))!;

/** The raw bytes as sent (fetch would decode them), with the headers. */
function getRaw(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${site.origin}${urlPath}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;

describe("precompressed static files", () => {
  it.each([
    [`/assets/${framework}`, "public, max-age=31536000, immutable"],
    ["/images/hero.svg", "public, max-age=86400"],
  ])("%s: brotli or gzip as the browser prefers, the same content decoded, identity otherwise", async (url, cache) => {
    const original = fs.readFileSync(path.join(clientDir, url));
    const cases: Array<[Record<string, string>, string | undefined]> = [
      [{ "accept-encoding": "gzip, deflate, br" }, "br"],
      // Brotli whenever the browser accepts it at all (the smallest copy; a server's choice).
      [{ "accept-encoding": "br;q=0.5, gzip" }, "br"],
      [{ "accept-encoding": "br;q=0, gzip" }, "gzip"],
      [{ "accept-encoding": "gzip" }, "gzip"],
      [{ "accept-encoding": "br" }, "br"],
      [{ "accept-encoding": "deflate" }, undefined], // never compressed on the fly
      [{ "accept-encoding": "identity" }, undefined],
      [{}, undefined],
    ];
    const etags = new Map<string | undefined, string>();
    for (const [headers, encoding] of cases) {
      const res = await getRaw(url, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers["content-encoding"], JSON.stringify(headers)).toBe(encoding);
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.headers["cache-control"]).toBe(cache);
      expect(res.headers["content-type"]).toMatch(url.endsWith(".js") ? /^text\/javascript/ : /^image\/svg\+xml/);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(decode(encoding, res.body).equals(original), JSON.stringify(headers)).toBe(true);
      if (encoding) {
        // The copy written at build time, at brotli 11 / gzip 9: smaller than the file.
        expect(
          res.body.equals(fs.readFileSync(path.join(clientDir, `${url}.${encoding === "br" ? "br" : "gz"}`))),
        ).toBe(true);
        expect(res.body.length).toBeLessThan(original.length);
      }
      etags.set(encoding, res.headers.etag!);
    }
    // One ETag per encoding (each is a different representation), and a 304 for a repeat visit.
    expect(new Set(etags.values()).size).toBe(3);
    const again = await getRaw(url, { "accept-encoding": "br", "if-none-match": etags.get("br")! });
    expect(again.status).toBe(304);
  });

  it("the build wrote brotli and gzip copies of every script, stylesheet and SVG big enough to gain", () => {
    const files = fs.readdirSync(clientDir, { recursive: true, encoding: "utf8" });
    const compressible = files.filter(
      (f) => /\.(js|css|svg)$/.test(f) && fs.statSync(path.join(clientDir, f)).size > 1024,
    );
    expect(compressible.length).toBeGreaterThan(10);
    for (const f of compressible) {
      expect(files, f).toContain(`${f}.br`);
      expect(files, f).toContain(`${f}.gz`);
    }
  });

  it("scripts carry only the headers that apply to them; SVG files, which can be opened as documents, keep the CSP", async () => {
    const script = await getRaw(`/assets/${framework}`, { "accept-encoding": "br" });
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(script.headers["content-security-policy"]).toBeUndefined();
    const svg = await getRaw("/images/hero.svg", { "accept-encoding": "br" });
    expect(svg.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(svg.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("HTML is still compressed on the fly for pages that are rendered per request", async () => {
    const res = await getRaw("/contact-us", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(decode("gzip", res.body).toString()).toContain("</html>");
  });
});
