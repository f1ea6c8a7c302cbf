import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { cacheKey, hashInlineScripts, isCacheableRequest } from "./page-cache.server";

const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("hashInlineScripts", () => {
  it("hashes inline scripts, skips external and JSON-LD ones, and removes every nonce", () => {
    const html =
      '<link rel="modulepreload" href="/a.js" nonce="N1"/>' +
      '<script nonce="N1">window.x = 1;</script>' +
      '<script type="module" nonce="N1" async="">import "/b.js";</script>' +
      '<script src="/c.js" nonce="N1"></script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script>' +
      '<script nonce="N1">window.x = 1;</script>';
    const { html: out, hashes } = hashInlineScripts(html);
    expect(out).not.toContain("nonce");
    expect(hashes).toEqual([sha("window.x = 1;"), sha('import "/b.js";')]);
    expect(out).toContain('<script src="/c.js"></script>');
    expect(out).toContain('<link rel="modulepreload" href="/a.js"/>');
  });
});

describe("isCacheableRequest", () => {
  it("accepts anonymous page GETs and HEADs only", () => {
    expect(isCacheableRequest("GET", "/gallery", {})).toBe(true);
    expect(isCacheableRequest("HEAD", "/", {})).toBe(true);
    expect(isCacheableRequest("POST", "/contact-us", {})).toBe(false);
    for (const path of ["/admin", "/admin/pages", "/api/contact", "/assets/x.js", "/healthz", "/gallery.data"]) {
      expect(isCacheableRequest("GET", path, {}), path).toBe(false);
    }
    expect(isCacheableRequest("GET", "/", { cookie: "a=1; __Host-ic_session=xyz" })).toBe(false);
    expect(isCacheableRequest("GET", "/", { cookie: "ic_session=xyz" })).toBe(false);
    expect(isCacheableRequest("GET", "/", { cookie: "theme=dark" })).toBe(true);
    expect(isCacheableRequest("GET", "/", { authorization: "Bearer x" })).toBe(false);
  });
});

describe("cacheKey", () => {
  it("keeps only the parameters a page reads, in a fixed order, and drops every other one", () => {
    expect(cacheKey("/about-us", "")).toBe("/about-us");
    expect(cacheKey("/about-us", "x=8f3a&utm_source=google")).toBe("/about-us");
    expect(cacheKey("/about-us", "page=2")).toBe("/about-us");
    expect(cacheKey("/blog", "page=2")).toBe("/blog?page=2");
    expect(cacheKey("/blog", "utm_campaign=spring&page=2&x=1")).toBe("/blog?page=2");
    expect(cacheKey("/blog", "page=2&page=3")).toBe("/blog?page=2");
    expect(cacheKey("/blog", "utm_source=news")).toBe("/blog");
    expect(cacheKey("/gallery", "fbclid=abc&category=repairs")).toBe("/gallery?category=repairs");
    expect(cacheKey("/estimate", "item=a%20b")).toBe("/estimate?item=a%20b");
  });
});
