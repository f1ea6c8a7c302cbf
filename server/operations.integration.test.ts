import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { seedDemoContent } from "~/features/demo/seed.server";
import { serveBuiltApp } from "../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

const TOKEN = "metrics-token-for-the-tests-0123456789";
let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  site = await serveBuiltApp(t.database, { env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_FACTOR: "100000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const get = (origin: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, { headers });

describe("/healthz and /readyz", () => {
  it("both answer 200 with the database kind while the database answers", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const res = await get(site.origin, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ status: "ok", database: t.database.kind });
    }
  });

  it("/readyz answers 503 when the database is down", async () => {
    const broken = await createTestDatabase();
    const down = await serveBuiltApp(broken.database);
    await broken.database.close();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await get(down.origin, "/readyz");
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({
        status: "error",
        database: broken.database.kind,
        message: "database unavailable",
      });
    } finally {
      errors.mockRestore();
      await down.close();
      await broken.dispose().catch(() => {});
    }
  });

  it("/readyz answers 503 within about a second when the database is slow; /healthz waits up to 2 s", async () => {
    const slow: Database = { ...t.database, ping: () => new Promise((resolve) => setTimeout(resolve, 1500)) };
    const lagging = await serveBuiltApp(slow);
    try {
      const started = performance.now();
      const res = await get(lagging.origin, "/readyz");
      const took = performance.now() - started;
      expect(res.status).toBe(503);
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(1450);
      // The liveness check keeps its 2-second allowance, so a slow database is not a dead server.
      expect((await get(lagging.origin, "/healthz")).status).toBe(200);
    } finally {
      await lagging.close();
    }
  });
});

describe("/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const plain = await serveBuiltApp(t.database);
    try {
      expect((await get(plain.origin, "/metrics")).status).toBe(404);
      expect((await get(plain.origin, "/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("answers 401 without the right bearer token", async () => {
    const wrong: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const res = await get(site.origin, "/metrics", headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("http_request_duration_seconds");
    }
  });

  it("gives Prometheus text with request durations by route, page cache, outbox, leads and pool figures", async () => {
    // Traffic to count: a page twice (rendered, then cached), a random 404 path, a chat lead.
    await (await get(site.origin, "/partitions")).text();
    await (await get(site.origin, "/partitions")).text();
    await (await get(site.origin, `/no-such-page-${crypto.randomUUID()}`)).text();
    await (await get(site.origin, `/deeper/no-such-page-${crypto.randomUUID()}`)).text();
    const lead = await fetch(`${site.origin}/api/chat-leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: crypto.randomUUID(),
        name: "Aoife Byrne",
        email: "aoife@example.ie",
        phone: "087 555 0101",
        projectType: "Office partitions",
        details: "Two glass meeting rooms.",
        leadQuality: "warm",
        timestamp: new Date().toISOString(),
        transcript: [],
        website: "",
      }),
    });
    expect(lead.status).toBe(201);

    const res = await get(site.origin, "/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('http_request_duration_seconds_count{method="GET",route="/partitions",status_code="200"}')).toBe(2);
    // Unknown paths are counted under the route they fall to (a staff page's slug, the catch-all),
    // never as the raw path.
    expect(value('http_request_duration_seconds_count{method="GET",route="/:slug",status_code="404"}')).toBe(1);
    expect(value('http_request_duration_seconds_count{method="GET",route="/*",status_code="404"}')).toBe(1);
    expect(text).not.toContain("no-such-page-");
    expect(value('http_request_duration_seconds_count{method="POST",route="/api/chat-leads",status_code="201"}')).toBe(
      1,
    );
    expect(value("page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(value("page_cache_misses_total")).toBeGreaterThanOrEqual(1);
    expect(value("outbox_queue_length")).toBeGreaterThanOrEqual(1); // mail is not configured: the lead's e-mail waits
    expect(value("outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(value('leads_accepted_total{source="chat"}')).toBe(1);
    expect(value('leads_accepted_total{source="contact-form"}')).toBe(0);
    expect(value('leads_quarantined_total{reason="honeypot"}')).toBe(0);
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("# TYPE db_pool_connections gauge");
    if (t.database.kind === "postgres") {
      expect(value('db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value('db_pool_connections{state="waiting"}')).toBe(0);
    }
  });
});
