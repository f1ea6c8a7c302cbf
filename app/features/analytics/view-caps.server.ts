import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { analyticsDayKeys, analyticsIpDays, analyticsViews } from "~/db/schema";
import { DIRECT, OTHER } from "./page-view.server";

// Storing a batch of page views within the day's caps, so that a flood (one address, or random
// referrers and campaign tags) cannot fill the tables or the report: at most `maxViewsPerIp` views
// per client address per day are stored (the rest are only counted), and at most `maxKeysPerDay`
// distinct sources and campaigns per day (views with a later new one are stored as "other", so
// the totals still add up). Both are decided in the database, in the transaction that stores the
// batch, so they hold however many servers write.

/** A view ready to store, with its client address's hash of the day (not stored with the view). */
export type ViewRow = typeof analyticsViews.$inferInsert & { day: string; ip: string; views: number };

export type CapLimits = { maxViewsPerIp: number; maxKeysPerDay: number };

/** Keys never capped: they are one row each per day anyway. */
const UNCAPPED = new Set(["", DIRECT, OTHER]);

/** Stores the views the caps allow. Answers how many views (not rows) were past the address cap. */
export async function storeViewsWithinCaps(db: Db, batch: ReadonlyArray<ViewRow>, limits: CapLimits): Promise<number> {
  if (batch.length === 0) return 0;
  const days = [...new Set(batch.map((r) => r.day))].sort();
  return db.transaction(async (tx) => {
    // One writer per day at a time, on every server: the day's salt row is the lock (it exists
    // while views of the day can be stored). The address counter below is atomic anyway; the
    // distinct-key cap needs the count and the insert together.
    for (const day of days) await tx.execute(sql`select 1 from analytics_salts where day = ${day} for update`);

    const allowed = await addressAllowance(tx, batch, limits.maxViewsPerIp);
    let dropped = 0;
    const kept: ViewRow[] = [];
    for (const row of [...batch].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const id = `${row.day}\0${row.ip}`;
      const left = allowed.get(id) ?? 0;
      const views = Math.min(row.views, left);
      dropped += row.views - views;
      allowed.set(id, left - views);
      if (views > 0) kept.push({ ...row, views });
    }

    const sources = await admittedKeys(tx, "source", kept, limits.maxKeysPerDay);
    const campaigns = await admittedKeys(tx, "campaign", kept, limits.maxKeysPerDay);
    const values = kept.map(({ ip: _ip, ...row }) => ({
      ...row,
      source: sources.has(`${row.day}\0${row.source}`) ? row.source : OTHER,
      campaign: campaigns.has(`${row.day}\0${row.campaign ?? ""}`) ? row.campaign : OTHER,
    }));
    for (let i = 0; i < values.length; i += 500) await tx.insert(analyticsViews).values(values.slice(i, i + 500));
    return dropped;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Adds the batch's views to each address's count of the day (one upsert) and answers how many of
 * them may still be stored: the cap less what the address had before this batch.
 */
async function addressAllowance(tx: Tx, batch: ReadonlyArray<ViewRow>, cap: number): Promise<Map<string, number>> {
  const perAddress = new Map<string, { day: string; ip: string; views: number }>();
  for (const { day, ip, views } of batch) {
    const id = `${day}\0${ip}`;
    const entry = perAddress.get(id);
    if (entry) entry.views += views;
    else perAddress.set(id, { day, ip, views });
  }
  const allowed = new Map<string, number>();
  const entries = [...perAddress.values()];
  for (let i = 0; i < entries.length; i += 1000) {
    const counted = await tx
      .insert(analyticsIpDays)
      .values(entries.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [analyticsIpDays.day, analyticsIpDays.ip],
        // Held below int's limit: past the cap the exact figure no longer matters.
        set: { views: sql`least(${analyticsIpDays.views} + excluded.views, 1000000000)` },
      })
      .returning({ day: analyticsIpDays.day, ip: analyticsIpDays.ip, views: analyticsIpDays.views });
    for (const { day, ip, views: total } of counted) {
      const id = `${day}\0${ip}`;
      const added = perAddress.get(id)!.views;
      allowed.set(id, Math.max(0, Math.min(added, cap - (total - added))));
    }
  }
  return allowed;
}

/**
 * The day's sources (or campaigns) these rows may be stored under, as "day\0key": those the day
 * already has, and new ones while the day has fewer than `cap` (the batch's busiest first).
 */
async function admittedKeys(
  tx: Tx,
  kind: "source" | "campaign",
  rows: ReadonlyArray<ViewRow>,
  cap: number,
): Promise<Set<string>> {
  const admitted = new Set<string>();
  const wanted = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const key = (kind === "source" ? row.source : row.campaign) ?? "";
    if (UNCAPPED.has(key)) {
      admitted.add(`${row.day}\0${key}`);
      continue;
    }
    const byKey = wanted.get(row.day) ?? wanted.set(row.day, new Map()).get(row.day)!;
    byKey.set(key, (byKey.get(key) ?? 0) + row.views);
  }
  for (const [day, byKey] of wanted) {
    const keys = [...byKey.keys()];
    const found: unknown = await tx.execute(
      sql`select key, (select count(*) from analytics_day_keys where day = ${day} and kind = ${kind})::int as stored
          from analytics_day_keys
          where day = ${day} and kind = ${kind} and key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})
          union all
          select null, (select count(*) from analytics_day_keys where day = ${day} and kind = ${kind})::int`,
    );
    const result = (found as { rows: Array<{ key: string | null; stored: number }> }).rows;
    const stored = Number(result[0]?.stored ?? 0);
    const known = new Set(result.flatMap((r) => (r.key === null ? [] : [r.key])));
    const fresh = keys
      .filter((k) => !known.has(k))
      .sort((a, b) => byKey.get(b)! - byKey.get(a)! || a.localeCompare(b))
      .slice(0, Math.max(0, cap - stored));
    for (let i = 0; i < fresh.length; i += 1000)
      await tx
        .insert(analyticsDayKeys)
        .values(fresh.slice(i, i + 1000).map((key) => ({ day, kind, key })))
        .onConflictDoNothing();
    for (const key of [...known, ...fresh]) admitted.add(`${day}\0${key}`);
  }
  return admitted;
}
