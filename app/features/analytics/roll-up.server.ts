import { and, asc, eq, inArray, isNull, lt, lte, notExists, sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import {
  analyticsDayKeys,
  analyticsDays,
  analyticsIpDays,
  analyticsSalts,
  analyticsViews,
  contactSubmissions,
  leadVisits,
} from "~/db/schema";
import type { AppServices } from "~/services.server";
import { startNightlyJob } from "~/features/schedule/daily-job.server";
import { addDays, dublinDay } from "~/features/time/dublin-time";
import { visitBefore } from "./visits";
import { viewsInVisits, visitsOf } from "./visits-traffic.server";

// The daily job: finished days' raw views become roll-up rows (kept for ever), leads of those days
// get the landing page, source and campaign of the visit they came from, raw views older than
// ANALYTICS_RAW_DAYS go, and so do salts of past days. Every step is safe to run on several
// servers at once: a day is claimed by inserting its analytics_days row, in the transaction that
// writes its roll-up, so exactly one server rolls it up; the deletes are idempotent.

/** A day is rolled up once it has been over this long (the servers' last batches are written by then). */
const SETTLE_MS = 10 * 60_000;
/** When the nightly roll-up runs, Irish time: 00:15, once yesterday has settled. */
const ROLL_UP_AT_MINUTES = 15;

/**
 * Rolls up one day if no server has yet, in the database (the visits split there: viewsInVisits),
 * so a day of many raw views never has to fit in memory. Answers whether this call did it.
 */
export async function rollUpOneDay(db: Db, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ofDay = viewsInVisits(sql`day = ${day}`);
    const totals = await queryRows<{ views: string; visitors: string; visits: string }>(
      tx,
      sql`${ofDay} select coalesce(sum(views), 0) as views, count(distinct visitor) as visitors,
            coalesce(sum(starts), 0) as visits from live`,
    );
    const claimed = await tx
      .insert(analyticsDays)
      .values({
        day,
        views: Number(totals[0]?.views ?? 0),
        visitors: Number(totals[0]?.visitors ?? 0),
        visits: Number(totals[0]?.visits ?? 0),
      })
      .onConflictDoNothing()
      .returning({ day: analyticsDays.day });
    if (claimed.length === 0) return false;
    await tx.execute(sql`
      ${ofDay}
      insert into analytics_daily (day, path, source, campaign, device, views, visitors, entries)
      select ${day}::date, path, visit_source, visit_campaign, device, sum(views), count(distinct visitor), sum(starts)
      from live group by path, visit_source, visit_campaign, device`);
    await tx.execute(sql`
      ${ofDay}
      insert into analytics_daily_totals (day, dimension, key, views, visitors, entries)
      select ${day}::date,
        case when grouping(path) = 0 then 'path' when grouping(visit_source) = 0 then 'source'
             when grouping(visit_campaign) = 0 then 'campaign' else 'device' end,
        coalesce(path, visit_source, visit_campaign, device),
        sum(views), count(distinct visitor), sum(starts)
      from live
      group by grouping sets ((path), (visit_source), (visit_campaign), (device))
      having grouping(visit_campaign) = 1 or visit_campaign <> ''`);
    // The day's leads whose visit is not known yet: found now, while the raw views exist.
    const leads = await tx
      .select({ id: leadVisits.submissionId, visitor: leadVisits.visitor, at: contactSubmissions.createdAt })
      .from(leadVisits)
      .innerJoin(contactSubmissions, eq(contactSubmissions.id, leadVisits.submissionId))
      .where(and(eq(leadVisits.day, day), isNull(leadVisits.landingPath)));
    const visits = await visitsOf(
      tx,
      leads.map((l) => ({ day, visitor: l.visitor })),
    );
    for (const lead of leads) {
      const visit = visitBefore(visits.get(`${day}\0${lead.visitor}`) ?? [], lead.visitor, lead.at);
      if (!visit) continue;
      await tx
        .update(leadVisits)
        .set({ landingPath: visit.landingPath, source: visit.source, campaign: visit.campaign })
        .where(eq(leadVisits.submissionId, lead.id));
    }
    return true;
  });
}

/** Rolls up every finished day that has raw views and no roll-up yet. Answers the days this call did. */
export async function rollUpFinishedDays(db: Db, now = new Date()): Promise<string[]> {
  const settledToday = dublinDay(now.getTime() - SETTLE_MS);
  const open = await db
    .selectDistinct({ day: analyticsViews.day })
    .from(analyticsViews)
    .where(
      and(
        lt(analyticsViews.day, settledToday),
        notExists(
          db
            .select({ one: sql`1` })
            .from(analyticsDays)
            .where(eq(analyticsDays.day, analyticsViews.day)),
        ),
      ),
    )
    .orderBy(asc(analyticsViews.day));
  const done: string[] = [];
  for (const { day } of open) if (await rollUpOneDay(db, day)) done.push(day);
  return done;
}

/**
 * Deletes raw views more than `rawDays` days old (only of days already rolled up) and the salts
 * of days that are over. Answers how many raw rows went.
 */
export async function purgeAnalytics(db: Db, rawDays: number, now = new Date()): Promise<number> {
  const today = dublinDay(now);
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
  await db.delete(analyticsIpDays).where(lt(analyticsIpDays.day, today));
  await db.delete(analyticsDayKeys).where(lt(analyticsDayKeys.day, today));
  const gone = await db
    .delete(analyticsViews)
    .where(
      and(
        lte(analyticsViews.day, addDays(today, -rawDays - 1)),
        inArray(analyticsViews.day, db.select({ day: analyticsDays.day }).from(analyticsDays)),
      ),
    )
    .returning({ id: analyticsViews.id });
  return gone.length;
}

/**
 * The roll-up and purge, shortly after start and then every night once the Irish day is over (and
 * settled), so only today's raw views are live: the Visitors report and the dashboard read those
 * view by view, and with a run 24 hours after start, yesterday's could wait most of a day for
 * theirs. Returns a stop function. It runs with ANALYTICS=off too: views counted before still get
 * rolled up, and raw views and salts still go.
 */
export function startAnalyticsSchedule(services: Pick<AppServices, "database" | "env" | "logger">): () => void {
  const { env, logger } = services;
  return startNightlyJob(
    "analytics roll-up",
    logger,
    async () => {
      const { db } = services.database;
      const days = await rollUpFinishedDays(db);
      const purged = await purgeAnalytics(db, env.ANALYTICS_RAW_DAYS);
      if (days.length > 0 || purged > 0) logger.info({ days, purged }, "analytics: rolled up finished days");
    },
    { minutesPastMidnight: ROLL_UP_AT_MINUTES },
  );
}
