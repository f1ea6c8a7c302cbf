import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactEvents, contactSubmissions as cs } from "~/db/schema";
import { addDays, dublinDay, dublinInstant, mondayOf } from "~/features/time/dublin-time";

// Lead analytics for the dashboard and GET /api/admin/stats/leads. Everything except the won value
// per month is about the leads received in the last 12 weeks (Irish weeks, Monday to Sunday, this
// one included), so the figures describe one period. Each query is one pass over that period's rows
// (found through the created_at index), run side by side.

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
  /** Median hours from arrival to first leaving "new", over the period's leads contacted so far; null if none. */
  medianFirstContactHours: number | null;
  /** Won value by the month it was won (Irish months, oldest first, this month included). */
  wonByMonth: Array<{ month: string; wonValueEur: number; won: number }>;
  topReferrers: Array<{ referrer: string; leads: number }>;
  topCampaigns: Array<{ campaign: string; leads: number }>;
};

const TZ = "Europe/Dublin";
const NOT_SPECIFIED = "Not specified";

/** Midnight at the end of the Irish day holding `now`, as an instant: follow-ups due "today". */
export function endOfDublinDay(now: Date): Date {
  return dublinInstant(addDays(dublinDay(now), 1), 0);
}

/** Monday of the Irish week `weeksBack` weeks before the one holding `now`. */
export function weekStartDay(now: Date, weeksBack = 0): string {
  return addDays(mondayOf(dublinDay(now)), -7 * weeksBack);
}

/** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Figures older than this are worked out again, in the background, while the cached ones are served. */
export const STATS_MAX_AGE_MS = 60_000;
type CachedStats = { mark: string; at: number; stats: Promise<LeadStats>; refreshing?: Promise<void> };
const statsCache = new WeakMap<Db, CachedStats>();

/**
 * The lead analytics as the dashboard and the API serve them. Computing them reads every lead of
 * the 12 weeks (at 100,000 leads, several hundred milliseconds on a loaded machine), so they are
 * kept per database with a mark of what they depend on: the newest lead and the newest timeline
 * event (a lead arriving, any move in the pipeline or release from quarantine adds one), the
 * number of leads in the inbox (a deletion, a lead put in quarantine) and the period and month
 * (a new week or month). Three index lookups and an index-only count: any write of this server
 * that changes a figure changes the mark, and the next request computes them before answering.
 * With the mark unchanged, figures older than a minute (another server's change the mark cannot
 * see) are served once more while they are worked out again in the background.
 */
export async function currentLeadStats(db: Db, now = new Date()): Promise<LeadStats> {
  const [row] = await rows<{ mark: string }>(
    db,
    sql`select concat_ws(':', ${weekStartDay(now, STATS_WEEKS - 1)}::text, ${dublinDay(now).slice(0, 7)}::text,
      (select max(${cs.id}) from ${cs}), (select max(${contactEvents.id}) from ${contactEvents}),
      (select count(*) from ${cs} where not ${cs.spam})) as mark`,
  );
  const mark = row?.mark ?? "";
  const cached = statsCache.get(db);
  if (cached?.mark === mark) {
    if (Date.now() - cached.at >= STATS_MAX_AGE_MS) cached.refreshing ??= refreshStats(db, cached);
    return cached.stats;
  }
  const stats = leadStats(db, now);
  statsCache.set(db, { mark, at: Date.now(), stats });
  stats.catch(() => {
    if (statsCache.get(db)?.stats === stats) statsCache.delete(db);
  });
  return stats;
}

/** Works the cached figures out again; they replace the cached ones unless newer ones came first. */
async function refreshStats(db: Db, cached: CachedStats): Promise<void> {
  try {
    const fresh = await leadStats(db);
    if (statsCache.get(db) === cached)
      statsCache.set(db, { mark: cached.mark, at: Date.now(), stats: Promise.resolve(fresh) });
  } catch {
    // Kept as they were (the database is busy or gone): the next request past the age tries again.
  } finally {
    cached.refreshing = undefined;
  }
}

export async function leadStats(db: Db, now = new Date()): Promise<LeadStats> {
  const since = weekStartDay(now, STATS_WEEKS - 1);
  // Midnight of that Monday in Dublin, as an instant: what the created_at index is searched with.
  const from = sql`(${since}::date::timestamp at time zone ${TZ})`;
  // Quarantined spam is not a lead: it counts nowhere until staff release it.
  const inPeriod = sql`${cs.createdAt} >= ${from} and not ${cs.spam}`;
  const monthsFrom = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${TZ}) - interval '${sql.raw(String(STATS_MONTHS - 1))} months') at time zone ${TZ}`;

  const [weekRows, totals, monthRows, referrerRows, campaignRows] = await Promise.all([
    rows<{ week: string; source: string; service: string | null; n: number }>(
      db,
      sql`
      select to_char(date_trunc('week', ${cs.createdAt} at time zone ${TZ}), 'YYYY-MM-DD') as week,
             ${cs.source} as source, ${cs.service} as service, count(*)::int as n
      from ${cs} where ${inPeriod}
      group by 1, 2, 3`,
    ),
    rows<{
      new: number;
      contacted: number;
      quoted: number;
      won: number;
      lost: number;
      total: number;
      reached_contacted: number;
      reached_quoted: number;
      won_value: number;
      median_hours: number | null;
    }>(
      db,
      sql`
      select count(*) filter (where ${cs.status} = 'new')::int as new,
             count(*) filter (where ${cs.status} = 'contacted')::int as contacted,
             count(*) filter (where ${cs.status} = 'quoted')::int as quoted,
             count(*) filter (where ${cs.status} = 'won')::int as won,
             count(*) filter (where ${cs.status} = 'lost')::int as lost,
             count(*)::int as total,
             count(${cs.contactedAt})::int as reached_contacted,
             count(${cs.quotedAt})::int as reached_quoted,
             coalesce(sum(${cs.valueEur}) filter (where ${cs.status} = 'won'), 0)::bigint as won_value,
             percentile_cont(0.5) within group (order by extract(epoch from ${cs.contactedAt} - ${cs.createdAt}))
               filter (where ${cs.contactedAt} is not null) / 3600.0 as median_hours
      from ${cs} where ${inPeriod}`,
    ),
    rows<{ month: string; won_value: number; won: number }>(
      db,
      sql`
      select to_char(date_trunc('month', ${cs.wonAt} at time zone ${TZ}), 'YYYY-MM') as month,
             coalesce(sum(${cs.valueEur}), 0)::bigint as won_value, count(*)::int as won
      from ${cs} where ${cs.status} = 'won' and not ${cs.spam} and ${cs.wonAt} >= ${monthsFrom}
      group by 1`,
    ),
    rows<{ referrer: string; n: number }>(
      db,
      sql`
      select coalesce(substring(${cs.referrer} from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:www\\.)?([^/:?#]+)'), ${cs.referrer}) as referrer,
             count(*)::int as n
      from ${cs} where ${inPeriod} and ${cs.referrer} is not null
      group by 1 order by 2 desc, 1 limit 5`,
    ),
    rows<{ campaign: string; n: number }>(
      db,
      sql`
      select ${cs.utm} ->> 'utm_campaign' as campaign, count(*)::int as n
      from ${cs} where ${inPeriod} and ${cs.utm} ->> 'utm_campaign' is not null
      group by 1 order by 2 desc, 1 limit 5`,
    ),
  ]);

  const weeks: LeadWeek[] = Array.from({ length: STATS_WEEKS }, (_, i) => ({
    weekStart: addDays(since, 7 * i),
    total: 0,
    bySource: { form: 0, chat: 0, booking: 0 },
    byService: {},
  }));
  const byStart = new Map(weeks.map((w) => [w.weekStart, w]));
  for (const row of weekRows) {
    const week = byStart.get(row.week);
    if (!week) continue;
    const n = Number(row.n);
    week.total += n;
    week.bySource[row.source === "chat" || row.source === "booking" ? row.source : "form"] += n;
    const service = row.service || NOT_SPECIFIED;
    week.byService[service] = (week.byService[service] ?? 0) + n;
  }

  const t = totals[0]!;
  const months = Array.from({ length: STATS_MONTHS }, (_, i) => {
    const [y, m] = dublinDay(now).split("-").map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 - (STATS_MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
  const monthMap = new Map(monthRows.map((r) => [r.month, r]));
  return {
    since,
    weeks,
    funnel: {
      new: Number(t.new),
      contacted: Number(t.contacted),
      quoted: Number(t.quoted),
      won: Number(t.won),
      lost: Number(t.lost),
    },
    reached: {
      total: Number(t.total),
      contacted: Number(t.reached_contacted),
      quoted: Number(t.reached_quoted),
      won: Number(t.won),
    },
    wonValueEur: Number(t.won_value),
    medianFirstContactHours: t.median_hours === null ? null : Math.round(Number(t.median_hours) * 10) / 10,
    wonByMonth: months.map((month) => ({
      month,
      wonValueEur: Number(monthMap.get(month)?.won_value ?? 0),
      won: Number(monthMap.get(month)?.won ?? 0),
    })),
    topReferrers: referrerRows.map((r) => ({ referrer: r.referrer, leads: Number(r.n) })),
    topCampaigns: campaignRows.map((r) => ({ campaign: r.campaign, leads: Number(r.n) })),
  };
}
