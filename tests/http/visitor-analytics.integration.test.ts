import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsDaily,
  analyticsDailyTotals,
  analyticsDays,
  analyticsSalts,
  analyticsViews,
  contactSubmissions,
  leadVisits,
  users,
} from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { seedDemoContent } from "~/features/demo/seed.server";
import { addDays, dublinDay, dublinInstant } from "~/features/time/dublin-time";
import { purgeAnalytics, rollUpFinishedDays } from "~/features/analytics/roll-up.server";
import { recentVisitors } from "~/features/analytics/visits-report.server";
import { serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Visitor analytics end to end on the built server: what is counted (the cached fast path and
// rendered pages) and what is not, a lead joined to the visit it came from, and the daily roll-up
// and purge keeping the report's figures while the raw views and salts go.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let staffCookie: string;
const today = dublinDay(new Date());

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.database.db);
  await t.database.db.insert(users).values({ username: "aoife", password: await hashPassword("Visitors-Count-2026") });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  staffCookie = await signIn(site.origin, "aoife", "Visitors-Count-2026");
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${site.origin}${path}`, { method, headers, redirect: "manual" }).then(async (res) => {
    await res.arrayBuffer();
    return res;
  });

/** Views stored per page (after the server's buffer is written). */
async function storedViews() {
  await site.services.analytics.flush();
  const rows = await t.database.db
    .select({ path: analyticsViews.path, views: sql<number>`sum(${analyticsViews.views})::int` })
    .from(analyticsViews)
    .groupBy(analyticsViews.path);
  return Object.fromEntries(rows.map((r) => [r.path, Number(r.views)]));
}

async function report(from = today, to = today) {
  const res = await fetch(`${site.origin}/api/admin/stats/visits?from=${from}&to=${to}`, {
    headers: { cookie: staffCookie },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    days: Array<{ date: string; views: number; visitors: number }>;
    pages: Array<{ path: string; views: number; visitors: number; entries: number; leads: number; wonEur: number }>;
    sources: Array<{ source: string; visits: number; leads: number; quoted: number; won: number; wonEur: number }>;
    campaigns: Array<{ campaign: string; visits: number; leads: number; quoted: number; won: number; wonEur: number }>;
    devices: Array<{ device: string; views: number; visitors: number; visits: number; leads: number }>;
  };
}

describe("counting page views", () => {
  it("counts rendered and cached pages alike, and stores neither the IP nor the user agent", async () => {
    const first = await get("/partitions", { "user-agent": CHROME });
    expect(first.headers.get("x-page-cache")).toBeNull();
    // The copy is stored with the first answer: the second comes from the cache's fast path.
    const second = await get("/partitions", { "user-agent": CHROME });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await storedViews()).toEqual({ "/partitions": 2 });

    const rows = await t.database.db.select().from(analyticsViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: today, path: "/partitions", source: "direct", device: "desktop", views: 2 });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("127.0.0.1");
    expect(stored).not.toContain("Chrome");
  });

  it("leaves out staff, Sec-GPC, DNT, bots, prefetches, HEAD, 404s, the admin and the API", async () => {
    await t.database.db.delete(analyticsViews);
    await get("/gallery", { "user-agent": CHROME }); // rendered and cached: the fast path answers the rest
    await get("/gallery", { "user-agent": CHROME, cookie: staffCookie });
    await get("/gallery", { "user-agent": CHROME, "sec-gpc": "1" });
    await get("/gallery", { "user-agent": CHROME, dnt: "1" });
    await get("/gallery", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await get("/gallery", { "user-agent": CHROME, "sec-purpose": "prefetch" });
    await get("/gallery", { "user-agent": CHROME }, "HEAD");
    expect((await get("/no-such-page", { "user-agent": CHROME })).status).toBe(404);
    await get("/admin/login", { "user-agent": CHROME });
    await get("/api/prices", { "user-agent": CHROME });
    await get("/robots.txt", { "user-agent": CHROME });
    expect(await storedViews()).toEqual({ "/gallery": 1 });
  });

  it("counts nothing with ANALYTICS=off", async () => {
    await t.database.db.delete(analyticsViews);
    const off = await serveBuiltApp(t.database, { env: { ANALYTICS: "off" } });
    try {
      await fetch(`${off.origin}/about-us`, { headers: { "user-agent": CHROME } }).then((r) => r.arrayBuffer());
      await fetch(`${off.origin}/about-us`, { headers: { "user-agent": CHROME } }).then((r) => r.arrayBuffer());
      await off.services.analytics.flush();
    } finally {
      await off.close();
    }
    expect(await t.database.db.$count(analyticsViews)).toBe(0);
  });
});

describe("visits started by a campaign", () => {
  it("starts a new visit when the visitor comes back from an advert within 30 minutes, and gives it the lead", async () => {
    const db = t.database.db;
    await db.delete(analyticsViews);
    const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    // Browses straight in, then clicks a Google advert and sends the form from there.
    await get("/", { "user-agent": FIREFOX });
    await get("/about-us", { "user-agent": FIREFOX, referer: `${site.origin}/` });
    await get("/shop-ceiling?utm_source=google&utm_medium=cpc&utm_campaign=spring-shops", {
      "user-agent": FIREFOX,
      referer: "https://www.google.ie/",
    });
    const sent = await fetch(`${site.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": FIREFOX },
      body: JSON.stringify({
        name: "Orla Kenny",
        email: "orla@kennyboutique.ie",
        message: "A new ceiling for our boutique on Main Street, about 60 square metres.",
      }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    try {
      const r = await report();
      expect(r.sources.find((s) => s.source === "google")).toMatchObject({ visits: 1, leads: 1 });
      expect(r.sources.find((s) => s.source === "direct")).toMatchObject({ visits: 1, leads: 0 });
      expect(r.campaigns).toEqual([expect.objectContaining({ campaign: "spring-shops", visits: 1, leads: 1 })]);
      expect(r.devices.find((d) => d.device === "desktop")).toMatchObject({ views: 3, visits: 2, leads: 1 });
    } finally {
      await db.delete(leadVisits);
      await db.delete(contactSubmissions).where(eq(contactSubmissions.id, id));
      await db.delete(analyticsViews);
    }
  });
});

describe("leads joined to their visits", () => {
  it("gives a lead its visit's landing page, source and campaign, through the roll-up and the purge", async () => {
    const db = t.database.db;
    await db.delete(analyticsViews);
    // A phone visitor arrives from an advert, reads on, and sends the form (which, with the tab's
    // storage blocked, carries no attribution): the visitor id of the day joins it to the visit.
    await get("/suspended-ceilings?utm_source=google&utm_medium=cpc&utm_campaign=winter-offices", {
      "user-agent": IPHONE,
      referer: "https://www.google.ie/",
    });
    await get("/contact-us", { "user-agent": IPHONE, referer: `${site.origin}/suspended-ceilings` });
    const sent = await fetch(`${site.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": IPHONE },
      body: JSON.stringify({
        name: "Niamh Doyle",
        email: "niamh@doyle-offices.ie",
        service: "Suspended Ceilings",
        message: "A suspended ceiling for our new office floor in Sandyford, about 300 square metres.",
      }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const [visit] = await db.select().from(leadVisits).where(eq(leadVisits.submissionId, id));
    expect(visit).toMatchObject({ day: today, device: "phone", landingPath: null });
    // Staff win the job.
    await db
      .update(contactSubmissions)
      .set({ status: "won", valueEur: 18_400, wonAt: new Date() })
      .where(eq(contactSubmissions.id, id));

    // A staff member's own test enquiry from a browser with Sec-GPC set gets no visitor id.
    const optedOut = await fetch(`${site.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": CHROME, "sec-gpc": "1" },
      body: JSON.stringify({
        name: "Test Lead",
        email: "test@example.ie",
        message: "Testing the form, please ignore.",
      }),
    });
    const optedOutId = ((await optedOut.json()) as { id: number }).id;
    expect(await db.$count(leadVisits, eq(leadVisits.submissionId, optedOutId))).toBe(0);

    const expectJoined = (r: Awaited<ReturnType<typeof report>>) => {
      expect(r.campaigns).toEqual([
        { campaign: "winter-offices", visits: 1, leads: 1, quoted: 1, won: 1, wonEur: 18_400 },
      ]);
      expect(r.sources.find((s) => s.source === "google")).toEqual({
        source: "google",
        visits: 1,
        leads: 1,
        quoted: 1,
        won: 1,
        wonEur: 18_400,
      });
      expect(r.pages.find((p) => p.path === "/suspended-ceilings")).toEqual({
        path: "/suspended-ceilings",
        views: 1,
        visitors: 1,
        entries: 1,
        leads: 1,
        wonEur: 18_400,
      });
      expect(r.pages.find((p) => p.path === "/contact-us")).toMatchObject({ views: 1, entries: 0, leads: 0 });
      expect(r.devices.find((d) => d.device === "phone")).toEqual({
        device: "phone",
        views: 2,
        visitors: 1,
        visits: 1,
        leads: 1,
      });
      expect(r.days).toEqual([{ date: today, views: 2, visitors: 1 }]);
    };
    // The dashboard's block reads the same totals without the breakdowns: the last 7 days' views
    // and visitors (only today's here), and every lead of them that is not spam, as the report
    // counts them under their sources (the opted-out one too, as "direct").
    const expectSummary = async () => {
      const week = await report(addDays(today, -6), today);
      const leads = week.sources.reduce((n, s) => n + s.leads, 0);
      expect(leads).toBeGreaterThanOrEqual(2);
      expect(await recentVisitors(db)).toEqual({ from: addDays(today, -6), to: today, views: 2, visitors: 1, leads });
    };
    // Today, from the raw views.
    expectJoined(await report());
    await expectSummary();

    // The daily job once the day is over: rolled up once, however many servers run it.
    const tomorrowNoon = new Date(dublinInstant(addDays(today, 1), 0).getTime() + 12 * 3_600_000);
    expect(await rollUpFinishedDays(db, tomorrowNoon)).toEqual([today]);
    expect(await rollUpFinishedDays(db, tomorrowNoon)).toEqual([]);
    expect(await db.select().from(analyticsDays)).toMatchObject([{ day: today, views: 2, visitors: 1, visits: 1 }]);
    expect(await db.$count(analyticsDaily)).toBe(2);
    // Per dimension: 2 pages, 1 source, 1 campaign, 1 device.
    expect(await db.$count(analyticsDailyTotals)).toBe(5);
    const [joined] = await db.select().from(leadVisits).where(eq(leadVisits.submissionId, id));
    expect(joined).toMatchObject({ landingPath: "/suspended-ceilings", source: "google", campaign: "winter-offices" });
    expectJoined(await report());
    await expectSummary();

    // Raw views and past salts go; the roll-ups keep the figures.
    expect(await db.$count(analyticsSalts)).toBe(1);
    expect(await purgeAnalytics(db, 30, tomorrowNoon)).toBe(0); // still within ANALYTICS_RAW_DAYS
    expect(await db.$count(analyticsSalts)).toBe(0); // but the day is over: its salt is gone
    expect(await purgeAnalytics(db, 30, new Date(tomorrowNoon.getTime() + 31 * 86_400_000))).toBe(2);
    expect(await db.$count(analyticsViews)).toBe(0);
    expectJoined(await report());
    await expectSummary();
  });

  it("counts a day's distinct visitors and visits per page, source and device the same live and rolled up", async () => {
    const db = t.database.db;
    // Three days ago, not rolled up yet: the report reads its raw views.
    const day = addDays(today, -3);
    const view = (
      visitor: string,
      hour: number,
      minute: number,
      path: string,
      device: (typeof analyticsViews.$inferInsert)["device"],
      source = "direct",
    ) => ({
      day,
      at: dublinInstant(day, hour * 60 + minute),
      visitor,
      path,
      source,
      campaign: source === "google" ? "winter-offices" : "",
      device,
    });
    await db.insert(analyticsViews).values([
      // An office manager from the advert reads the ceilings page twice and the contact page, and
      // comes back after lunch (a second visit).
      view("a".repeat(32), 10, 0, "/suspended-ceilings", "desktop", "google"),
      view("a".repeat(32), 10, 4, "/contact-us", "desktop"),
      view("a".repeat(32), 10, 6, "/suspended-ceilings", "desktop"),
      view("a".repeat(32), 14, 0, "/", "desktop"),
      // A shop owner on a phone reads the same page and the partitions page.
      view("b".repeat(32), 11, 0, "/suspended-ceilings", "phone"),
      view("b".repeat(32), 11, 3, "/partitions", "phone"),
      // Another phone visitor from the advert, partitions only.
      view("c".repeat(32), 12, 0, "/partitions", "phone", "google"),
    ]);
    const live = await report(day, day);
    expect(live.days).toEqual([{ date: day, views: 7, visitors: 3 }]);
    expect(live.pages).toEqual([
      { path: "/suspended-ceilings", views: 3, visitors: 2, entries: 2, leads: 0, wonEur: 0 },
      { path: "/partitions", views: 2, visitors: 2, entries: 1, leads: 0, wonEur: 0 },
      { path: "/", views: 1, visitors: 1, entries: 1, leads: 0, wonEur: 0 },
      { path: "/contact-us", views: 1, visitors: 1, entries: 0, leads: 0, wonEur: 0 },
    ]);
    expect(live.sources).toEqual([
      { source: "direct", visits: 2, leads: 0, quoted: 0, won: 0, wonEur: 0 },
      { source: "google", visits: 2, leads: 0, quoted: 0, won: 0, wonEur: 0 },
    ]);
    expect(live.campaigns).toEqual([{ campaign: "winter-offices", visits: 2, leads: 0, quoted: 0, won: 0, wonEur: 0 }]);
    expect(live.devices).toEqual([
      { device: "desktop", views: 4, visitors: 1, visits: 2, leads: 0 },
      { device: "phone", views: 3, visitors: 2, visits: 2, leads: 0 },
    ]);

    expect(await rollUpFinishedDays(db)).toEqual([day]);
    expect(await report(day, day)).toEqual(live);
  });

  it("answers 400 for a bad range and 401 when signed out", async () => {
    const bad = await fetch(`${site.origin}/api/admin/stats/visits?from=2026-02-30&to=2026-03-01`, {
      headers: { cookie: staffCookie },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/YYYY-MM-DD/);
    const backwards = await fetch(`${site.origin}/api/admin/stats/visits?from=2026-03-02&to=2026-03-01`, {
      headers: { cookie: staffCookie },
    });
    expect(backwards.status).toBe(400);
    expect((await fetch(`${site.origin}/api/admin/stats/visits?from=${today}&to=${today}`)).status).toBe(401);
  });
});
