import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedDemoContent } from "~/features/demo/seed.server";
import { serveBuiltApp } from "../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  site = await serveBuiltApp(t.database);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const get = (p: string, init?: RequestInit) => fetch(`${site.origin}${p}`, { redirect: "manual", ...init });

function scriptSrcNonce(csp: string | null): string {
  const scriptSrc = csp?.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).not.toContain("unsafe-inline");
  const match = /'nonce-([^']+)'/.exec(scriptSrc);
  expect(match, `no nonce in ${scriptSrc}`).toBeTruthy();
  return match![1]!;
}

describe("public pages over HTTP", () => {
  it("serves the home page as complete server-rendered HTML", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Suspended Ceilings and Office Partitions in Dublin<\/h1>/);
    expect(html).toContain("Our Specialist Services in Dublin");
    // Testimonials and featured projects come from the database.
    expect(html).toContain("What Our Clients Say");
    expect((html.match(/\/images\/projects\//g) ?? []).length).toBeGreaterThanOrEqual(8);
    expect(html).toContain('<html lang="en-IE"');
    expect(html).toContain('rel="canonical"');
  });

  it("puts this response's CSP nonce on every script, and a new nonce on every response", async () => {
    // The contact page is never cached, so every response is rendered afresh.
    const first = await get("/contact-us");
    const nonce = scriptSrcNonce(first.headers.get("content-security-policy"));
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((attrs) => !attrs.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const second = scriptSrcNonce((await get("/contact-us")).headers.get("content-security-policy"));
    expect(second).not.toBe(nonce);
  });

  it("sends the other security headers", async () => {
    const res = await get("/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("isolates the windows of staff pages and the API from other sites, not those of public pages", async () => {
    // Public pages, rendered or served from the HTML cache: no Cross-Origin-Opener-Policy (see
    // isolateBrowsingContext in server/security-headers.server.ts for why).
    for (const page of ["/", "/", "/contact-us"]) {
      const res = await get(page);
      expect(res.status).toBe(200);
      expect(res.headers.get("cross-origin-opener-policy"), page).toBeNull();
    }
    for (const staff of ["/admin/login", "/admin", "/api/admin/users/count", "/api/contact"]) {
      const res = await get(staff);
      expect(res.headers.get("cross-origin-opener-policy"), staff).toBe("same-origin");
    }
  });

  it("answers unknown paths with a real 404 page marked noindex", async () => {
    const res = await get("/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 - Page Not Found");
    expect(html).toContain("Sorry, the page you&#x27;re looking for doesn&#x27;t exist.");
    expect(html).toMatch(/<meta name="robots" content="noindex"\/>/);
    expect((await get("/no-such-page", { method: "HEAD" })).status).toBe(404);
    expect((await get("/deeper/missing/path")).status).toBe(404);
  });

  it("compresses HTML for clients that accept it", async () => {
    const res = await get("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("static files", () => {
  it("serves fingerprinted assets with long-lived immutable caching", async () => {
    const asset = fs.readdirSync(path.resolve("build/client/assets")).find((f) => f.endsWith(".js"))!;
    const res = await get(`/assets/${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers a missing asset with 404 rather than a page", async () => {
    const res = await get("/assets/missing-abc123.js");
    expect(res.status).toBe(404);
  });

  it("serves public images with a one-day cache", async () => {
    const res = await get("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});

describe("cross-site request protection", () => {
  it("refuses a state-changing request from another site", async () => {
    const crossSite = await get("/", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toBe("Cross-site requests are not allowed.");
    const foreign = await get("/", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
  });

  it("lets same-origin requests through to the app", async () => {
    const res = await get("/", { method: "POST", headers: { origin: site.origin, "sec-fetch-site": "same-origin" } });
    expect(res.status).not.toBe(403);
    // GETs are never blocked, whatever their origin.
    expect((await get("/", { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});

describe("when the database fails", () => {
  it("health check says so, and pages show the error screen with status 500", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok", database: t.database.kind });
    const broken = await createTestDatabase();
    const down = await serveBuiltApp(broken.database);
    await broken.database.close(); // the database goes away while the site is running
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const health = await fetch(`${down.origin}/healthz`);
      expect(health.status).toBe(503);
      expect(health.headers.get("cache-control")).toBe("no-store");
      const page = await fetch(`${down.origin}/`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Refresh Page");
    } finally {
      errors.mockRestore();
      await down.close();
      await broken.dispose().catch(() => {});
    }
  });
});
