import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { analyticsDailyTotals } from "~/db/schema";
import { addDays, daysBetween } from "~/features/time/dublin-time";
import { databaseOfThisFile } from "../../../tests/support/test-database";
import { rolledUpParts, trafficOf } from "./visits-traffic.server";

// The report's rolled-up traffic over any range: whole months come from analytics_monthly_totals,
// which triggers keep from the days' totals (migration 0047), and the days around them from
// analytics_daily_totals. Either way the figures are the days' own, added up.

const db = databaseOfThisFile();

type Day = typeof analyticsDailyTotals.$inferInsert;
/** 15 December 2030 to 10 March 2031: each day's pages, sources and devices, varying by day. */
function daysOfTraffic(): Day[] {
  const rows: Day[] = [];
  for (let i = 0; i <= daysBetween("2030-12-15", "2031-03-10"); i++) {
    const day = addDays("2030-12-15", i);
    rows.push({ day, dimension: "path", key: "/suspended-ceilings", views: 10 + (i % 7), visitors: 8, entries: 5 });
    if (i % 3 === 0) rows.push({ day, dimension: "path", key: "/partitions", views: 4, visitors: 3, entries: 2 });
    rows.push({ day, dimension: "source", key: i % 2 ? "google" : "direct", views: 14, visitors: 11, entries: 7 });
    rows.push({ day, dimension: "device", key: "phone", views: 9 + (i % 5), visitors: 6, entries: 4 });
    if (i % 10 === 0)
      rows.push({ day, dimension: "campaign", key: "winter-offices", views: 3, visitors: 2, entries: 2 });
  }
  return rows;
}

/** What a range should read: its days' rows summed per dimension and key. */
function expected(rows: Day[], from: string, to: string) {
  const sums = new Map<string, { views: number; visitors: number; entries: number }>();
  for (const r of rows.filter((r) => r.day >= from && r.day <= to)) {
    const k = `${r.dimension}:${r.key}`;
    const s = sums.get(k) ?? sums.set(k, { views: 0, visitors: 0, entries: 0 }).get(k)!;
    s.views += r.views;
    s.visitors += r.visitors;
    s.entries += r.entries;
  }
  return [...sums].map(([k, s]) => ({ key: k, ...s })).sort((a, b) => a.key.localeCompare(b.key));
}

async function traffic(from: string, to: string) {
  const rows = await trafficOf(db(), { from, to, live: [], top: 50, keep: [] });
  return rows
    .map((r) => ({ key: `${r.dimension}:${r.key}`, views: r.views, visitors: r.visitors, entries: r.entries }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

describe("the rolled-up traffic of a range", () => {
  it("splits a range into its whole months and the days around them", () => {
    expect(rolledUpParts("2025-12-02", "2026-12-01")).toEqual({
      months: ["2026-01-01", "2026-11-01"],
      days: [
        ["2025-12-02", "2025-12-31"],
        ["2026-12-01", "2026-12-01"],
      ],
    });
    expect(rolledUpParts("2031-02-01", "2031-02-28")).toEqual({ months: ["2031-02-01", "2031-02-01"], days: [] });
    expect(rolledUpParts("2031-01-31", "2031-03-01")).toEqual({
      months: ["2031-02-01", "2031-02-01"],
      days: [
        ["2031-01-31", "2031-01-31"],
        ["2031-03-01", "2031-03-01"],
      ],
    });
    expect(rolledUpParts("2031-02-10", "2031-03-05")).toEqual({ months: null, days: [["2031-02-10", "2031-03-05"]] });
    expect(rolledUpParts("2032-02-01", "2032-02-29")).toEqual({ months: ["2032-02-01", "2032-02-01"], days: [] });
  });

  it("adds up the same figures from whole months and single days, as days are added, changed and removed", async () => {
    const rows = daysOfTraffic();
    await db().insert(analyticsDailyTotals).values(rows);
    const ranges: Array<[string, string]> = [
      ["2030-12-15", "2031-03-10"],
      ["2031-01-01", "2031-01-31"],
      ["2030-12-31", "2031-02-01"],
      ["2031-01-20", "2031-02-20"],
      ["2031-02-28", "2031-02-28"],
    ];
    for (const [from, to] of ranges)
      expect(await traffic(from, to), `${from} to ${to}`).toEqual(expected(rows, from, to));

    // A day's figures changed and another day removed (by hand, say): the months follow.
    await db().execute(
      sql`update analytics_daily_totals set views = views + 100 where day = '2031-01-15' and dimension = 'device'`,
    );
    await db().execute(sql`delete from analytics_daily_totals where day = '2031-02-03'`);
    const changed = rows
      .filter((r) => r.day !== "2031-02-03")
      .map((r) => (r.day === "2031-01-15" && r.dimension === "device" ? { ...r, views: r.views + 100 } : r));
    for (const [from, to] of ranges)
      expect(await traffic(from, to), `${from} to ${to}`).toEqual(expected(changed, from, to));
    const [months] = await queryRows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from analytics_monthly_totals`,
    );
    expect(Number(months!.n)).toBeGreaterThan(0);

    // Emptied (a restore's first step): no month is left.
    await db().execute(sql`truncate table analytics_daily_totals`);
    const [after] = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from analytics_monthly_totals`);
    expect(after!.n).toBe("0");
    expect(await traffic("2030-12-15", "2031-03-10")).toEqual([]);
  });
});
