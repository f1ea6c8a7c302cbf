import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { leadDailyCounts as ldc } from "~/db/schema";
import { addDays, dublinDay, dublinInstant, mondayOf } from "~/features/time/dublin-time";

// Lead analytics for the dashboard and GET /api/admin/stats/leads. Everything except the won value
// per month is about the leads received in the last 12 weeks (Irish weeks, Monday to Sunday, this
// one included), so the figures describe one period. They are sums of the per-day counts the
// database keeps (lead_daily_counts), not passes over the leads.

export const STATS_WEEKS = 12;
export const STATS_MONTHS = 12;

export type LeadWeek = {
  /** Monday of the week, YYYY-MM-DD (Irish time). */
  weekStart: string;
  total: number;
  /** "form" (the contact form, its JSON API and estimates sent with a message), "chat" and "booking". */
  bySource: { form: number; chat: number; booking: number };
  /** Service name → leads; "Not specified" for none. */
  byService: Record<string, number>;
};

export type LeadStats = {
  /** The first day counted (Monday, YYYY-MM-DD). */
  since: string;
  weeks: LeadWeek[];
  /** Leads of the period by their current status. */
  funnel: { new: number; contacted: number; quoted: number; won: number; lost: number };
  /** How many of the period's leads ever reached each stage (a won lead was contacted and quoted). */
  reached: { total: number; contacted: number; quoted: number; won: number };
  /** Value of the period's won leads, in euros. */
  wonValueEur: number;
  /**
   * Median hours from arrival to first leaving "new", over the period's leads contacted so far (each
   * lead's time rounded to a tenth of an hour), to one decimal; null if none.
   */
  medianFirstContactHours: number | null;
  /** Won value by the month it was won (Irish months, oldest first, this month included). */
  wonByMonth: Array<{ month: string; wonValueEur: number; won: number }>;
  topReferrers: Array<{ referrer: string; leads: number }>;
  topCampaigns: Array<{ campaign: string; leads: number }>;
};

const NOT_SPECIFIED = "Not specified";

/** Midnight at the end of the Irish day holding `now`, as an instant: follow-ups due "today". */
export function endOfDublinDay(now: Date): Date {
  return dublinInstant(addDays(dublinDay(now), 1), 0);
}

/** Monday of the Irish week `weeksBack` weeks before the one holding `now`. */
export function weekStartDay(now: Date, weeksBack = 0): string {
  return addDays(mondayOf(dublinDay(now)), -7 * weeksBack);
}

/**
 * The median of values given as (value, how many) pairs, as PostgreSQL's percentile_cont(0.5)
 * answers it over the values one by one; null for none.
 */
export function medianOfCounts(counts: Array<{ value: number; n: number }>): number | null {
  const sorted = counts.filter((c) => c.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const c of sorted) {
      seen += c.n;
      if (index < seen) return c.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  const position = (total - 1) / 2;
  const low = at(Math.floor(position));
  return low + (at(Math.ceil(position)) - low) * (position - Math.floor(position));
}

/**
 * The lead analytics, summed from lead_daily_counts (app/db/schema/lead-stats.ts), which triggers
 * keep in step with every write of a lead: a few hundred counted rows per period whatever the
 * number of leads, so they are read fresh on every request (issue 40 item 5).
 */
export async function leadStats(db: Db, now = new Date()): Promise<LeadStats> {
  const since = weekStartDay(now, STATS_WEEKS - 1);
  const [year, month] = dublinDay(now).split("-").map(Number) as [number, number];
  // The Irish months shown, oldest first, this one last ("2026-11").
  const months = Array.from({ length: STATS_MONTHS }, (_, i) =>
    new Date(Date.UTC(year, month - 1 - (STATS_MONTHS - 1 - i), 1)).toISOString().slice(0, 7),
  );

  // A row's week is its Monday, counted in whole weeks from `since` (a Monday): integer arithmetic
  // on dates, where date_trunc('week') went through a timestamp with time zone and to_char for
  // each of the period's few thousand rows (a third of the statement's time). Only the sources and
  // services are shown by week; the other kinds are summed over the period (null week): 195 rows
  // for the bench's 100,000 leads, where a week on every first-contact time made 1,265.
  const [periodRows, rankedRows, monthRows] = await Promise.all([
    queryRows<{ kind: string; week: string | null; key: string; n: number; value: number }>(
      db,
      sql`
      select ${ldc.kind} as kind,
             case when ${ldc.kind} in ('source', 'service')
               then (${since}::date + (${ldc.day} - ${since}::date) / 7 * 7)::text end as week,
             ${ldc.key} as key,
             sum(${ldc.leads})::int as n, sum(${ldc.valueEur})::bigint as value
      from ${ldc} where ${ldc.kind} in ('status', 'source', 'service', 'reached', 'first-contact') and ${ldc.day} >= ${since}
      group by 1, 2, 3`,
    ),
    // Top referrers and campaigns, ranked here so ties fall in the database's own text order.
    queryRows<{ kind: string; key: string; n: number }>(
      db,
      sql`
      select ${ldc.kind} as kind, ${ldc.key} as key, sum(${ldc.leads})::int as n
      from ${ldc} where ${ldc.kind} in ('referrer', 'campaign') and ${ldc.day} >= ${since}
      group by 1, 2 having sum(${ldc.leads}) > 0 order by 1, 3 desc, 2`,
    ),
    queryRows<{ month: string; won: number; value: number }>(
      db,
      sql`
      select to_char(${ldc.day}, 'YYYY-MM') as month, sum(${ldc.leads})::int as won, sum(${ldc.valueEur})::bigint as value
      from ${ldc} where ${ldc.kind} = 'won' and ${ldc.day} >= ${`${months[0]}-01`}
      group by 1`,
    ),
  ]);

  const weeks: LeadWeek[] = Array.from({ length: STATS_WEEKS }, (_, i) => ({
    weekStart: addDays(since, 7 * i),
    total: 0,
    bySource: { form: 0, chat: 0, booking: 0 },
    byService: {},
  }));
  const byStart = new Map(weeks.map((w) => [w.weekStart, w]));
  const funnel = { new: 0, contacted: 0, quoted: 0, won: 0, lost: 0 };
  const reached = { contacted: 0, quoted: 0 };
  const firstContact = new Map<number, number>();
  let wonValueEur = 0;
  for (const row of periodRows) {
    const n = Number(row.n);
    if (row.kind === "status") {
      if (row.key in funnel) funnel[row.key as keyof typeof funnel] += n;
      if (row.key === "won") wonValueEur += Number(row.value);
    } else if (row.kind === "reached") {
      if (row.key === "contacted" || row.key === "quoted") reached[row.key] += n;
    } else if (row.kind === "first-contact") {
      firstContact.set(Number(row.key), (firstContact.get(Number(row.key)) ?? 0) + n);
    } else {
      const week = row.week === null ? undefined : byStart.get(row.week);
      if (!week || n === 0) continue;
      if (row.kind === "source") {
        week.total += n;
        week.bySource[row.key === "chat" || row.key === "booking" ? row.key : "form"] += n;
      } else {
        const service = row.key || NOT_SPECIFIED;
        week.byService[service] = (week.byService[service] ?? 0) + n;
      }
    }
  }
  // In tenths of an hour (each lead's time rounded to 6 minutes, as counted).
  const medianTenths = medianOfCounts([...firstContact].map(([value, n]) => ({ value, n })));
  const monthMap = new Map(monthRows.map((r) => [r.month, r]));
  const ranked = (kind: string) =>
    rankedRows
      .filter((r) => r.kind === kind)
      .slice(0, 5)
      .map((r) => ({ key: r.key, leads: Number(r.n) }));
  return {
    since,
    weeks,
    funnel,
    reached: {
      total: funnel.new + funnel.contacted + funnel.quoted + funnel.won + funnel.lost,
      contacted: reached.contacted,
      quoted: reached.quoted,
      won: funnel.won,
    },
    wonValueEur,
    medianFirstContactHours: medianTenths === null ? null : Math.round(medianTenths) / 10,
    wonByMonth: months.map((month) => ({
      month,
      wonValueEur: Number(monthMap.get(month)?.value ?? 0),
      won: Number(monthMap.get(month)?.won ?? 0),
    })),
    topReferrers: ranked("referrer").map((r) => ({ referrer: r.key, leads: r.leads })),
    topCampaigns: ranked("campaign").map((r) => ({ campaign: r.key, leads: r.leads })),
  };
}
