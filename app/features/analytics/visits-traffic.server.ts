import { sql, type SQL } from "drizzle-orm";
import { queryRows, queryRowsPrepared, type Db } from "~/db/client.server";
import { addDays, addMonths } from "~/features/time/dublin-time";
import { splitVisits, type Dimension, type RawView, type Visit } from "./visits";

// The report's traffic, added up in the database: the rolled-up days' per-dimension rows and the
// live days' raw views, split into visits there (window functions, the same rule as splitVisits:
// a new visit after 30 minutes without a view or on arriving from a new campaign or site; a
// visit's source and campaign are its first view's). Only the top rows of each dimension come back, with everything else as one row, so the
// answer stays small however many pages, sources or campaigns the period holds.

/** A dimension's figure over the period; `key` null: every key not answered on its own, added up. */
export type TrafficRow = { dimension: Dimension; key: string | null; views: number; visitors: number; entries: number };

const inList = (values: ReadonlyArray<string>) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * `with … live as (…)`: the raw views matching `where`, each with `starts` (1 for a visit's first
 * view), and its visit's source and campaign (`visit_source`, `visit_campaign`): the rule of
 * splitVisits (visits.ts), in the database. Views at the same instant keep their stored order.
 */
export const viewsInVisits = (where: SQL) => sql`
  with marked as (
    select day, visitor, at, id, path, source, campaign, device, views,
      case when lag(at) over w is null or at - lag(at) over w >= interval '30 minutes'
        or (source <> 'direct' and (source <> lag(source) over w or campaign <> lag(campaign) over w))
        then 1 else 0 end as starts
    from analytics_views
    where ${where}
    window w as (partition by day, visitor order by at, id)
  ), numbered as (
    select *, sum(starts) over (partition by day, visitor order by at, id rows unbounded preceding) as visit
    from marked
  ), live as (
    select *, first_value(source) over v as visit_source, first_value(campaign) over v as visit_campaign
    from numbered
    window v as (partition by day, visitor, visit order by at, id)
  )`;

/**
 * The live days' figures per dimension: each key's views, visitors (distinct day and visitor) and
 * visits. One pass over the views groups them by key, day and visitor for every dimension at once
 * (grouping sets), then the groups are counted per key. Four passes, one per dimension, each over
 * the materialised views, and the roll-ups' rows added up only after the union took 40 ms for a
 * busy day's 2,500 views and a year of roll-ups; this takes 25 (issue 40 item 5).
 */
const LIVE_TRAFFIC = sql`
  per_visitor as (
    select
      case when grouping(path) = 0 then 'path' when grouping(visit_source) = 0 then 'source'
           when grouping(visit_campaign) = 0 then 'campaign' else 'device' end as dimension,
      case when grouping(path) = 0 then path when grouping(visit_source) = 0 then visit_source
           when grouping(visit_campaign) = 0 then visit_campaign else device end as key,
      sum(views) as views, sum(starts) as starts
    from live
    group by grouping sets ((path, day, visitor), (visit_source, day, visitor), (visit_campaign, day, visitor),
      (device, day, visitor))
  ), live_traffic as (
    select dimension, key::text, sum(views) as views, count(*) as visitors, sum(starts) as entries
    from per_visitor
    where not (dimension = 'campaign' and key = '')
    group by dimension, key
  )`;

/**
 * How a range of Irish days reads its rolled-up figures: the whole calendar months inside it from
 * analytics_monthly_totals (`months`: the first day of the first and of the last, or null for
 * none), the days before and after them from analytics_daily_totals (`days`: up to two ranges).
 * A year is then eleven or twelve rows a key and up to a month of days, not 365 days (issue 40 item
 * 5). A month counts whole when the range covers every one of its days, whether or not they are
 * rolled up yet: its row holds the days that are, and the rest are live (raw views) or have none.
 */
export function rolledUpParts(
  from: string,
  to: string,
): { months: [string, string] | null; days: Array<[string, string]> } {
  const firstWhole = from.endsWith("-01") ? from : `${addMonths(from, 1).slice(0, 7)}-01`;
  const lastWholeEnd = addDays(to, 1).endsWith("-01") ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (firstWhole > lastWholeEnd) return { months: null, days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (from < firstWhole) days.push([from, addDays(firstWhole, -1)]);
  if (lastWholeEnd < to) days.push([addDays(lastWholeEnd, 1), to]);
  return { months: [firstWhole, `${lastWholeEnd.slice(0, 7)}-01`], days };
}

/** The rolled-up days' rows of a range, per dimension and key, from the months and days that hold them. */
function rolledUpRows(from: string, to: string): SQL {
  const { months, days } = rolledUpParts(from, to);
  const parts = days.map(
    ([first, last]) =>
      sql`select dimension, key, views, visitors, entries from analytics_daily_totals where day between ${first} and ${last}`,
  );
  if (months)
    parts.push(
      sql`select dimension, key, views, visitors, entries from analytics_monthly_totals where month between ${months[0]} and ${months[1]}`,
    );
  return sql.join(parts, sql` union all `);
}

/**
 * Traffic per page, source, campaign and device for days `from` to `to`: rolled-up days from
 * their totals (rolledUpParts: whole months from analytics_monthly_totals, other days from
 * analytics_daily_totals), the `live` days (not rolled up yet) from their raw views. Per dimension
 * the `top` keys by visits (pages and devices by views) and those in `keep` (as "dimension:key",
 * e.g. keys that have leads) come back on their own, the rest as one row with key null.
 */
export async function trafficOf(
  db: Db,
  { from, to, live, top, keep }: { from: string; to: string; live: string[]; top: number; keep: ReadonlyArray<string> },
): Promise<TrafficRow[]> {
  const liveDays = live.length ? sql`day in (${inList(live)})` : sql`false`;
  const kept = keep.length ? sql`(dimension || ':' || key) in (${inList(keep)})` : sql`false`;
  // Prepared: a long statement, run on every load of the report (queryRowsPrepared).
  const found = await queryRowsPrepared<{
    dimension: Dimension;
    key: string | null;
    views: string;
    visitors: string;
    entries: string;
  }>(
    db,
    sql`
      ${viewsInVisits(liveDays)}, ${LIVE_TRAFFIC}, traffic as (
        select * from live_traffic
        union all
        select dimension::text, key::text, sum(views), sum(visitors), sum(entries)
        from (${rolledUpRows(from, to)}) as rolled
        where not (dimension = 'campaign' and key = '')
        group by dimension, key
      ), summed as (
        select dimension, key, sum(views) as views, sum(visitors) as visitors, sum(entries) as entries
        from traffic group by dimension, key
      ), ranked as (
        select *, row_number() over (
          partition by dimension
          order by case when dimension in ('source', 'campaign') then entries else views end desc, views desc, key
        ) as rank
        from summed
      )
      select dimension, case when rank <= ${top} or ${kept} then key end as key,
        sum(views)::bigint as views, sum(visitors)::bigint as visitors, sum(entries)::bigint as entries
      from ranked
      group by 1, 2`,
  );
  return found.map((r) => ({
    dimension: r.dimension,
    key: r.key,
    views: Number(r.views),
    visitors: Number(r.visitors),
    entries: Number(r.entries),
  }));
}

/** The live days' totals: views and distinct visitors per day (ids change daily). */
export async function liveDayTotals(
  db: Db,
  live: string[],
): Promise<Array<{ day: string; views: number; visitors: number }>> {
  if (live.length === 0) return [];
  const found = await queryRows<{ day: string; views: string; visitors: string }>(
    db,
    sql`select day::text as day, sum(views)::bigint as views, count(distinct visitor)::bigint as visitors
        from analytics_views where day in (${inList(live)}) group by day`,
  );
  return found.map((r) => ({ day: r.day, views: Number(r.views), visitors: Number(r.visitors) }));
}

/** The visits of these leads' visitors on their day (by "day\0visitor"), from those visitors' raw views only. */
export async function visitsOf(
  db: Db,
  leads: ReadonlyArray<{ day: string; visitor: string | null }>,
): Promise<Map<string, Visit[]>> {
  const pairs = [...new Set(leads.flatMap((l) => (l.visitor ? [`${l.day}\0${l.visitor}`] : [])))];
  const visits = new Map<string, Visit[]>();
  if (pairs.length === 0) return visits;
  const raw = await queryRows<RawView & { day: string; at: Date | string }>(
    db,
    sql`select day::text as day, visitor, at, path, source, campaign, device, views
        from analytics_views
        where (day, visitor) in (${sql.join(
          pairs.map((p) => {
            const [day, visitor] = p.split("\0");
            return sql`(${day}::date, ${visitor})`;
          }),
          sql`, `,
        )})
        order by day, visitor, at, id`,
  );
  const byDay = new Map<string, RawView[]>();
  for (const r of raw) {
    const list = byDay.get(r.day) ?? byDay.set(r.day, []).get(r.day)!;
    list.push({ ...r, at: new Date(r.at) });
  }
  for (const [day, views] of byDay)
    for (const visit of splitVisits(views)) {
      const id = `${day}\0${visit.visitor}`;
      const list = visits.get(id) ?? visits.set(id, []).get(id)!;
      list.push(visit);
    }
  return visits;
}
