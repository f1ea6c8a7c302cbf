import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsDailyTotals,
  analyticsDays,
  analyticsIpDays,
  analyticsViews,
  contactSubmissions,
  users,
} from "~/db/schema";
import { addDays, dublinDay, dublinInstant } from "~/features/time/dublin-time";
import { hashPassword } from "~/features/auth/password.server";
import { seedDemoContent } from "~/features/demo/seed.server";
import { serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// A flood of cached page views with a random user agent, referrer and campaign each (issue 34):
// one address stores at most ANALYTICS_MAX_VIEWS_PER_IP views a day (two servers sharing the
// database included), a day stores at most ANALYTICS_MAX_SOURCES_PER_DAY sources and campaigns
// (the rest as "other"), and the report and the Visitors page answer at most 50 rows per table.

const CAP = 100;
const KEYS = 20;
// Ten times the cap, 20 requests at a time over both servers, about half with a campaign of their own
// (3,000 took the file 24 s of CPU against 18; the caps bind the same way).
const FLOOD = 1_000;
const today = dublinDay(new Date());
const env = {
  ANALYTICS_MAX_VIEWS_PER_IP: String(CAP),
  ANALYTICS_MAX_SOURCES_PER_DAY: String(KEYS),
  RATE_LIMIT_FACTOR: "1",
  TRUST_PROXY: "1",
};

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let other: Awaited<ReturnType<typeof serveBuiltApp>>;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await t.database.db.insert(users).values({ username: "aoife", password: await hashPassword("Flood-Counted-2026") });
  site = await serveBuiltApp(t.database, { env });
  other = await serveBuiltApp(t.database, { env });
  staffCookie = await signIn(site.origin, "aoife", "Flood-Counted-2026");
});
afterAll(async () => {
  await site?.close();
  await other?.close();
  await t?.dispose();
});

const random = () => crypto.randomBytes(6).toString("hex");
// Digits only: random letters can spell a word isbot knows ("feed"), and a bot is not counted.
const agent = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${crypto.randomInt(1e9)} Safari/537.36`;

/** GETs `count` addresses from `origins` in turn, 20 at a time, as the address `ip` behind the proxy. */
async function flood(origins: string[], count: number, ip: string, path: () => string) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${origins[i % origins.length]}${path()}`, {
        headers: { "user-agent": agent(), referer: `https://spam-${random()}.example/`, "x-forwarded-for": ip },
      });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  await site.services.analytics.flush();
  await other.services.analytics.flush();
}

const storedViews = async () =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`coalesce(sum(${analyticsViews.views}), 0)::int` })
        .from(analyticsViews)
    )[0]!.n,
  );
const distinct = async (column: typeof analyticsViews.source | typeof analyticsViews.campaign) =>
  (await t.database.db.selectDistinct({ key: column }).from(analyticsViews)).map((r) => r.key);

async function dropped(services: typeof site.services) {
  const metric = await services.metrics.registry.getSingleMetric("analytics_views_dropped_total")!.get();
  return metric.values.find((v) => v.labels.reason === "ip_cap")?.value ?? 0;
}

describe("a flood of page views", () => {
  it("still counts a campaign tag on a page answered from the cache", async () => {
    await fetch(`${site.origin}/about-us`).then((r) => r.arrayBuffer());
    const res = await fetch(`${site.origin}/about-us?utm_source=newsletter&utm_campaign=spring`, {
      headers: { "user-agent": agent(), "x-forwarded-for": "192.0.2.1" },
    });
    await res.arrayBuffer();
    expect(res.headers.get("x-page-cache")).toBe("hit");
    await site.services.analytics.flush();
    expect(
      await t.database.db
        .select({ source: analyticsViews.source, campaign: analyticsViews.campaign })
        .from(analyticsViews),
    ).toEqual([{ source: "newsletter", campaign: "spring" }]);
  });

  it("stores at most the address's daily cap across two servers, and caps the day's sources and campaigns", async () => {
    const before = await storedViews();
    await flood([site.origin, other.origin], FLOOD, "198.51.100.7", () =>
      Math.random() < 0.5 ? "/about-us" : `/about-us?utm_campaign=c-${random()}`,
    );
    expect(await storedViews()).toBe(before + CAP);
    // Only the counter and one row per address; the rest is in the metric.
    expect(await t.database.db.$count(analyticsIpDays)).toBe(2);
    expect((await dropped(site.services)) + (await dropped(other.services))).toBe(FLOOD - CAP);

    const sources = await distinct(analyticsViews.source);
    expect(sources).toContain("other");
    expect(sources.filter((s) => s !== "other").length).toBe(KEYS);
    const campaigns = await distinct(analyticsViews.campaign);
    expect(campaigns.filter((c) => c !== "other" && c !== "").length).toBe(KEYS);

    // Another address is counted as before.
    await flood([site.origin], 5, "203.0.113.9", () => "/partitions");
    expect(await storedViews()).toBe(before + CAP + 5);
  }, 180_000);

  it("answers the report and the Visitors page in at most 50 rows per table, the rest as other, totals intact", async () => {
    // A day stored before the caps existed: hundreds of sources, campaigns and pages in its roll-ups.
    const past = addDays(today, -3);
    // Key i had 1,000 - i visits: 500,500 in all.
    const total = 500_500;
    await t.database.db.insert(analyticsDays).values({ day: past, views: total, visitors: total, visits: total });
    const rows = (dimension: "path" | "source" | "campaign", prefix: string) =>
      Array.from({ length: 1_000 }, (_, i) => ({
        day: past,
        dimension,
        key: `${prefix}-${i}`,
        views: 1_000 - i,
        visitors: 1_000 - i,
        entries: 1_000 - i,
      }));
    await t.database.db
      .insert(analyticsDailyTotals)
      .values([...rows("path", "/p"), ...rows("source", "s.example"), ...rows("campaign", "c")]);
    // A lead that day from a page, a source and a campaign far below the top 50 (10 visits each).
    await t.database.db.insert(contactSubmissions).values({
      name: "Úna Brennan",
      email: "una@brennan-dental.example",
      message: "A quote for a suspended ceiling in our waiting room, please.",
      createdAt: dublinInstant(past, 14 * 60),
      landingPage: "/p-990?ref=ad",
      utm: { utm_source: "s.example-990", utm_campaign: "c-990" },
    });
    const liveVisits = await site.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsViews)
      .then(([r]) => Number(r!.n));

    const res = await fetch(`${site.origin}/api/admin/stats/visits?from=${addDays(today, -6)}&to=${today}`, {
      headers: { cookie: staffCookie },
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body.length).toBeLessThan(300_000);
    const report = JSON.parse(body) as {
      pages: Array<{ path: string; views: number }>;
      sources: Array<{ source: string; visits: number }>;
      campaigns: Array<{ campaign: string; visits: number }>;
      days: Array<{ date: string; views: number }>;
    };
    expect(report.pages.length).toBeLessThanOrEqual(50);
    expect(report.pages.map((p) => p.views)).toEqual(report.pages.map((p) => p.views).sort((a, b) => b - a));
    expect(report.sources.length).toBe(50);
    expect(report.campaigns.length).toBe(50);
    expect(report.sources.map((s) => s.source)).toContain("other");
    // Every visit is still in the sources' total: the past day's, and today's (at most one a row).
    const visits = report.sources.reduce((s, r) => s + r.visits, 0);
    expect(visits).toBeGreaterThan(total);
    expect(visits).toBeLessThanOrEqual(total + liveVisits);
    expect(report.campaigns.reduce((s, r) => s + r.visits, 0)).toBeGreaterThan(total);
    expect(report.days.find((d) => d.date === past)?.views).toBe(total);
    // A key with leads is listed on its own with its traffic, however far below the top it is.
    expect(report.sources).toContainEqual({
      source: "s.example-990",
      visits: 10,
      leads: 1,
      quoted: 0,
      won: 0,
      wonEur: 0,
    });
    expect(report.campaigns).toContainEqual({ campaign: "c-990", visits: 10, leads: 1, quoted: 0, won: 0, wonEur: 0 });
    // …and its landing page has a place among the 50 pages listed, by its views.
    expect(report.pages).toContainEqual({ path: "/p-990", views: 10, visitors: 10, entries: 10, leads: 1, wonEur: 0 });

    const page = await fetch(`${site.origin}/admin/visitors?range=7d`, { headers: { cookie: staffCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.length).toBeLessThan(300_000);
    expect(html).toContain("s.example-0");
    expect(html).toContain("s.example-990");
    expect(html).toContain("/p-990");
    expect(html).not.toContain("s.example-999");
  });
});
