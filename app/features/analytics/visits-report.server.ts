import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { addDays, daysBetween, dublinDay, dublinInstant } from "~/features/time/dublin-time";
import { DIRECT, OTHER } from "./page-view.server";
import { visitBefore } from "./visits";
import { liveDayTotals, trafficOf, visitsOf } from "./visits-traffic.server";

// GET /api/admin/stats/visits and the Visitors page: page or campaign → visits → leads → quoted →
// won €, for a range of Irish days. The traffic is added up in the database (visits-traffic), from
// the roll-ups and, for days not rolled up yet (today, usually yesterday too), the raw views; each
// table holds at most REPORT_ROWS rows. Leads are matched to
// the visit they came from: the campaign tags and landing page the page sent with the lead first,
// else the visit found by the lead's visitor id that day.

export type VisitsReport = {
  days: Array<{ date: string; views: number; visitors: number }>;
  pages: Array<{ path: string; views: number; visitors: number; entries: number; leads: number; wonEur: number }>;
  sources: Array<{ source: string } & Funnel>;
  campaigns: Array<{ campaign: string } & Funnel>;
  devices: Array<{ device: string; views: number; visitors: number; visits: number; leads: number }>;
};

type Funnel = { visits: number; leads: number; quoted: number; won: number; wonEur: number };

type Totals = { views: number; visitors: number; entries: number; visits: number };
const zero = (): Totals => ({ views: 0, visitors: 0, entries: 0, visits: 0 });
const funnel = (): Funnel => ({ visits: 0, leads: 0, quoted: 0, won: 0, wonEur: 0 });

/** One lead as the report counts it. */
type LeadRow = {
  day: string;
  landing: string | null;
  source: string;
  campaign: string;
  device: string | null;
  quoted: boolean;
  won: boolean;
  wonEur: number;
};

// A lead's landing path, source and campaign: what the page sent with it (the tab's first page,
// its campaign tags, the site it came from), else the visit found by its visitor id.
const LEAD_COLUMNS = sql`
  coalesce(nullif(split_part(split_part(cs.landing_page, '?', 1), '#', 1), ''), lv.landing_path) as landing,
  coalesce(
    nullif(lower(trim(cs.utm ->> 'utm_source')), ''),
    nullif(substring(cs.referrer from '^https?://(?:www\\.)?([^/:?#]+)'), ''),
    lv.source,
    ${DIRECT}
  ) as source,
  coalesce(nullif(trim(cs.utm ->> 'utm_campaign'), ''), lv.campaign, '') as campaign,
  lv.device as device,
  (cs.status in ('quoted', 'won') or cs.quoted_at is not null) as quoted,
  cs.status = 'won' as won,
  case when cs.status = 'won' then coalesce(cs.value_eur, 0) else 0 end as won_eur`;

type LeadCount = { dim: "landing" | "source" | "campaign" | "device"; key: string | null } & Omit<Funnel, "visits">;

/** Lead counts are served again while at most this old and no lead has arrived or moved. */
const LEAD_COUNTS_MAX_AGE_MS = 60_000;
const leadCountsCache = new WeakMap<Db, Map<string, { mark: string; at: number; counts: Promise<LeadCount[]> }>>();

/**
 * The leads' counts per landing page, source, campaign and device: counted again when a lead
 * arrives or moves in the pipeline (two index lookups tell), and at least once a minute. Counting
 * reads every lead of the range: at 100,000 leads that takes a few hundred milliseconds. (The
 * dashboard's lead statistics no longer count this way: they sum per-day counts the database keeps,
 * features/admin/leads/lead-stats.server.ts.)
 */
async function leadCounts(db: Db, range: string, query: SQL): Promise<LeadCount[]> {
  const [row] = await queryRows<{ mark: string }>(
    db,
    sql`select concat_ws(':', (select max(id) from contact_submissions), (select max(id) from contact_events)) as mark`,
  );
  const mark = row?.mark ?? "";
  let cache = leadCountsCache.get(db);
  if (!cache) {
    cache = new Map<string, { mark: string; at: number; counts: Promise<LeadCount[]> }>();
    leadCountsCache.set(db, cache);
  }
  const cached = cache.get(range);
  if (cached?.mark === mark && Date.now() - cached.at < LEAD_COUNTS_MAX_AGE_MS) return cached.counts;
  const counts = queryRows<LeadCount>(db, query);
  if (cache.size >= 20) cache.delete(cache.keys().next().value!);
  cache.set(range, { mark, at: Date.now(), counts });
  counts.catch(() => {
    if (cache.get(range)?.counts === counts) cache.delete(range);
  });
  return counts;
}

/** The period's leads (not spam) matching `where`, with the columns the report counts them by. */
const leadsWhere = (where: SQL) => sql`
  select ${LEAD_COLUMNS}, lv.visitor, cs.created_at as at,
    (cs.created_at at time zone 'Europe/Dublin')::date::text as day
  from contact_submissions cs left join lead_visits lv on lv.submission_id = cs.id
  where not cs.spam and ${where}`;

/** Leads (a query from leadsWhere) counted per landing page, source, campaign and device, in one pass. */
const countLeads = (leads: SQL) => sql`
  select
    case when grouping(landing) = 0 then 'landing' when grouping(source) = 0 then 'source'
         when grouping(campaign) = 0 then 'campaign' else 'device' end as dim,
    case when grouping(landing) = 0 then landing when grouping(source) = 0 then source
         when grouping(campaign) = 0 then campaign else device end as key,
    count(*)::int as leads, count(*) filter (where quoted)::int as quoted,
    count(*) filter (where won)::int as won, coalesce(sum(won_eur), 0)::int as "wonEur"
  from (${leads}) l
  group by grouping sets ((landing), (source), (campaign), (device))`;

/** A live day's lead that the raw views can tell more about: it has a visitor id, but no landing page or source. */
const NEEDS_VISIT = sql`visitor is not null and (landing is null or source = ${DIRECT})`;

/** Rows per table the report answers at most (sources and campaigns: the rest as one "other" row). */
export const REPORT_ROWS = 50;

/**
 * Each day's views and visitors, Irish days `from` to `to`: the rolled-up days from their totals,
 * the days not rolled up yet (today, and yesterday until the daily job has run) from their raw
 * views, found through the day index; `live` are those that have any, in order.
 */
async function dayTotalsOf(db: Db, from: string, to: string) {
  const dayTotals = await queryRows<{ day: string; views: number; visitors: number }>(
    db,
    sql`select day::text as day, views, visitors from analytics_days where day between ${from} and ${to}`,
  );
  const rolled = new Set(dayTotals.map((d) => d.day));
  const open = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i)).filter(
    (d) => !rolled.has(d) && d <= dublinDay(Date.now()),
  );
  const liveTotals = await liveDayTotals(db, open);
  return { dayTotals, liveTotals, live: liveTotals.map((d) => d.day).sort() };
}

/** The report for Irish days `from` to `to` (YYYY-MM-DD, both included). */
export async function visitsReport(db: Db, from: string, to: string): Promise<VisitsReport> {
  const start = dublinInstant(from, 0);
  const end = dublinInstant(addDays(to, 1), 0);

  const { dayTotals, liveTotals, live } = await dayTotalsOf(db, from, to);
  // The traffic, added up in the database: each dimension's top keys, the rest as one row (sources
  // and campaigns: "other", so the totals still add up). Asked for beside the leads (the longest
  // query, 20–40 ms at a busy site's scale: issue 40 item 5); a key that has leads but is beyond the
  // top ones is asked for again below, once the leads are known.
  const trafficOfKeeping = (keep: string[]) => trafficOf(db, { from, to, live, top: REPORT_ROWS, keep });
  const topTraffic = trafficOfKeeping([]);
  // Awaited below; should the leads' queries fail first, its failure is not left unhandled.
  topTraffic.catch(() => undefined);

  // Each live day as its span of time, so the created_at index finds its leads.
  const liveSpan = sql`(${sql.join(
    live.map(
      (d) =>
        sql`(cs.created_at >= ${dublinInstant(d, 0).toISOString()} and cs.created_at < ${dublinInstant(addDays(d, 1), 0).toISOString()})`,
    ),
    sql` or `,
  )})`;
  const [leadRows, liveCounts, liveLeads] = await Promise.all([
    // Leads of the other days, counted per landing page, source, campaign and device in the database.
    leadCounts(
      db,
      `${from}|${to}|${live.join(",")}`,
      countLeads(
        leadsWhere(
          sql`cs.created_at >= ${start.toISOString()} and cs.created_at < ${end.toISOString()} ${
            live.length ? sql`and not (${liveSpan})` : sql``
          }`,
        ),
      ),
    ),
    // Leads of the live days: counted in the database, except those without campaign tags or
    // landing page that have a visitor id, which are matched to their visit in the raw views here.
    live.length
      ? queryRows<LeadCount>(db, countLeads(sql`select * from (${leadsWhere(liveSpan)}) l where not (${NEEDS_VISIT})`))
      : Promise.resolve([]),
    live.length
      ? queryRows<
          Omit<LeadRow, "day" | "wonEur"> & { day: string; at: Date | string; visitor: string | null; won_eur: number }
        >(db, sql`select * from (${leadsWhere(liveSpan)}) l where ${NEEDS_VISIT}`)
      : Promise.resolve([]),
  ]);

  const pages = new Map<string, Totals & { leads: number; wonEur: number }>();
  const sources = new Map<string, Funnel>();
  const campaigns = new Map<string, Funnel>();
  const devices = new Map<string, Totals & { leads: number }>();
  const page = (path: string) => pages.get(path) ?? pages.set(path, { ...zero(), leads: 0, wonEur: 0 }).get(path)!;
  const sourceRow = (s: string) => sources.get(s) ?? sources.set(s, funnel()).get(s)!;
  const campaignRow = (c: string) => campaigns.get(c) ?? campaigns.set(c, funnel()).get(c)!;
  const deviceRow = (d: string) => devices.get(d) ?? devices.set(d, { ...zero(), leads: 0 }).get(d)!;

  const addLeads = (dim: string, key: string | null, l: Omit<Funnel, "visits">) => {
    const leads = Number(l.leads);
    const wonEur = Number(l.wonEur);
    if (dim === "landing") {
      if (key === null) return;
      const p = page(key);
      p.leads += leads;
      p.wonEur += wonEur;
      return;
    }
    if (dim === "device") {
      if (key !== null) deviceRow(key).leads += leads;
      return;
    }
    if (dim === "campaign" && !key) return;
    const row = dim === "source" ? sourceRow(key ?? DIRECT) : campaignRow(key!);
    row.leads += leads;
    row.quoted += Number(l.quoted);
    row.won += Number(l.won);
    row.wonEur += wonEur;
  };
  for (const l of [...leadRows, ...liveCounts]) addLeads(l.dim, l.key, l);
  const liveVisits = await visitsOf(db, liveLeads);
  for (const lead of liveLeads) {
    let { landing, source, campaign } = lead;
    const visit =
      lead.visitor && (landing === null || source === DIRECT)
        ? visitBefore(liveVisits.get(`${lead.day}\0${lead.visitor}`) ?? [], lead.visitor, new Date(lead.at))
        : undefined;
    if (visit) {
      landing ??= visit.landingPath;
      if (source === DIRECT) {
        source = visit.source;
        campaign ||= visit.campaign;
      }
    }
    const counts = { leads: 1, quoted: lead.quoted ? 1 : 0, won: lead.won ? 1 : 0, wonEur: Number(lead.won_eur) };
    addLeads("landing", landing, counts);
    addLeads("source", source, counts);
    addLeads("campaign", campaign, counts);
    addLeads("device", lead.device, counts);
  }

  // Every key that has leads is listed on its own: if one was folded into its dimension's rest, the
  // traffic is asked for again keeping those keys (only when a dimension has more keys than the top).
  const withLeads = [
    ["path", [...pages.keys()]],
    ["source", [...sources.keys()]],
    ["campaign", [...campaigns.keys()]],
  ] as const;
  let traffic = await topTraffic;
  const answered = new Set(traffic.map((r) => `${r.dimension}:${r.key}`));
  const folded = new Set(traffic.filter((r) => r.key === null).map((r) => r.dimension));
  if (withLeads.some(([dim, keys]) => folded.has(dim) && keys.some((k) => !answered.has(`${dim}:${k}`))))
    traffic = await trafficOfKeeping(withLeads.flatMap(([dim, keys]) => keys.map((k) => `${dim}:${k}`)));
  for (const { dimension: dim, key, views, visitors, entries } of traffic) {
    if (dim === "path") {
      if (key === null) continue; // beyond the top pages: not listed
      const p = page(key);
      p.views += views;
      p.visitors += visitors;
      p.entries += entries;
    } else if (dim === "source") sourceRow(key ?? OTHER).visits += entries;
    else if (dim === "campaign") campaignRow(key ?? OTHER).visits += entries;
    else {
      const d = deviceRow(key ?? OTHER);
      d.views += views;
      d.visitors += visitors;
      d.visits += entries;
    }
  }

  const days = new Map<string, { views: number; visitors: number }>();
  for (const d of [...dayTotals, ...liveTotals])
    days.set(d.day, { views: Number(d.views), visitors: Number(d.visitors) });
  const byWon = (a: Funnel, b: Funnel) => b.wonEur - a.wonEur || b.leads - a.leads || b.visits - a.visits;
  return {
    days: Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => {
      const date = addDays(from, i);
      return { date, ...(days.get(date) ?? { views: 0, visitors: 0 }) };
    }),
    pages: listedPages(
      [...pages].map(([path, p]) => ({
        path,
        views: p.views,
        visitors: p.visitors,
        entries: p.entries,
        leads: p.leads,
        wonEur: p.wonEur,
      })),
    ),
    sources: withOther(sources, byWon).map(([source, f]) => ({ source, ...f })),
    campaigns: withOther(campaigns, byWon).map(([campaign, f]) => ({ campaign, ...f })),
    devices: [...devices]
      .map(([device, d]) => ({ device, views: d.views, visitors: d.visitors, visits: d.visits, leads: d.leads }))
      .sort((a, b) => b.views - a.views || a.device.localeCompare(b.device))
      .slice(0, REPORT_ROWS),
  };
}

/**
 * The pages listed, most viewed first: REPORT_ROWS of them, where a page that brought leads always
 * has a place (the most won value first, then the most viewed, should more than REPORT_ROWS have
 * any), so the Visitors page's "Pages that bring work" finds a little-viewed page that brought a job.
 */
function listedPages(rows: VisitsReport["pages"]): VisitsReport["pages"] {
  const byViews = (a: VisitsReport["pages"][number], b: VisitsReport["pages"][number]) =>
    b.views - a.views || b.leads - a.leads || a.path.localeCompare(b.path);
  const withLeads = rows
    .filter((r) => r.leads > 0)
    .sort((a, b) => b.wonEur - a.wonEur || byViews(a, b))
    .slice(0, REPORT_ROWS);
  const rest = rows
    .filter((r) => r.leads === 0)
    .sort(byViews)
    .slice(0, REPORT_ROWS - withLeads.length);
  return [...withLeads, ...rest].sort(byViews);
}

/** The first REPORT_ROWS rows in `order`, the ones after them added into the "other" row. */
function withOther(rows: Map<string, Funnel>, order: (a: Funnel, b: Funnel) => number): Array<[string, Funnel]> {
  // Ties in name order: the same report whatever order the database answered in.
  const byOrder = ([ka, a]: [string, Funnel], [kb, b]: [string, Funnel]) => order(a, b) || ka.localeCompare(kb);
  const sorted = [...rows].sort(byOrder);
  if (sorted.length <= REPORT_ROWS) return sorted;
  const other = { ...(rows.get(OTHER) ?? funnel()) };
  const named = sorted.filter(([key]) => key !== OTHER);
  const listed = named.slice(0, REPORT_ROWS - 1);
  for (const [, f] of named.slice(REPORT_ROWS - 1)) {
    other.visits += f.visits;
    other.leads += f.leads;
    other.quoted += f.quoted;
    other.won += f.won;
    other.wonEur += f.wonEur;
  }
  return [...listed, [OTHER, other] as [string, Funnel]].sort(byOrder);
}

/** The dashboard's block: visitors and leads over the last `days` Irish days, today included. */
export async function recentVisitors(
  db: Db,
  days = 7,
  now = new Date(),
): Promise<{ from: string; to: string; visitors: number; views: number; leads: number }> {
  const to = dublinDay(now);
  const from = addDays(to, -(days - 1));
  // The report's totals without its breakdowns (the dashboard shows none): its days' views and
  // visitors, and its leads, which are every lead of the period that is not spam (each counted
  // once, under its source). The traffic per page, source and campaign was 25 ms of the dashboard's
  // database work at a busy site's scale (issue 40 item 5).
  const [{ dayTotals, liveTotals }, [leads]] = await Promise.all([
    dayTotalsOf(db, from, to),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from contact_submissions
          where not spam and created_at >= ${dublinInstant(from, 0).toISOString()}
            and created_at < ${dublinInstant(addDays(to, 1), 0).toISOString()}`,
    ),
  ]);
  const all = [...dayTotals, ...liveTotals];
  return {
    from,
    to,
    visitors: all.reduce((s, d) => s + Number(d.visitors), 0),
    views: all.reduce((s, d) => s + Number(d.views), 0),
    leads: Number(leads?.n ?? 0),
  };
}
