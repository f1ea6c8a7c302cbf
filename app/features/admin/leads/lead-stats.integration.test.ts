import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { contactSubmissions as cs, leadDailyCounts } from "~/db/schema";
import { changeLead, type LeadChange } from "~/features/leads/change-lead.server";
import { capQuarantine, purgeQuarantine } from "~/features/leads/quarantine.server";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { COUNTED_TABLES, countRows, countRowsOf, type Counted } from "../admin-counts.server";
import { deleteLead } from "./leads.server";
import { leadStats, STATS_MONTHS, weekStartDay, STATS_WEEKS, type LeadStats } from "./lead-stats.server";

// The dashboard's lead statistics are sums of lead_daily_counts, which triggers keep: after every
// kind of write of a lead they must equal the figures counted straight from the leads, as the
// dashboard computed them before (issue 40 item 5).

let t: TestDatabase;
let db: Db;
const ACTOR = { userId: null, username: "orla" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
});
afterAll(async () => {
  await t?.dispose();
});

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The figures counted from every lead, one pass each (the dashboard's queries before the counts). */
async function countedFromLeads(now = new Date()): Promise<LeadStats> {
  const TZ = "Europe/Dublin";
  const since = weekStartDay(now, STATS_WEEKS - 1);
  const inPeriod = sql`${cs.createdAt} >= (${since}::date::timestamp at time zone ${TZ}) and not ${cs.spam}`;
  const monthsFrom = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${TZ}) - interval '${sql.raw(String(STATS_MONTHS - 1))} months') at time zone ${TZ}`;
  const weekRows = await rows<{ week: string; source: string; service: string | null; n: number }>(sql`
    select to_char(date_trunc('week', ${cs.createdAt} at time zone ${TZ}), 'YYYY-MM-DD') as week,
           ${cs.source} as source, ${cs.service} as service, count(*)::int as n
    from ${cs} where ${inPeriod} group by 1, 2, 3`);
  const [t] = await rows<Record<string, number | null>>(sql`
    select count(*) filter (where ${cs.status} = 'new')::int as new,
           count(*) filter (where ${cs.status} = 'contacted')::int as contacted,
           count(*) filter (where ${cs.status} = 'quoted')::int as quoted,
           count(*) filter (where ${cs.status} = 'won')::int as won,
           count(*) filter (where ${cs.status} = 'lost')::int as lost,
           count(*)::int as total, count(${cs.contactedAt})::int as reached_contacted,
           count(${cs.quotedAt})::int as reached_quoted,
           coalesce(sum(${cs.valueEur}) filter (where ${cs.status} = 'won'), 0)::int as won_value,
           percentile_cont(0.5) within group (order by round(extract(epoch from ${cs.contactedAt} - ${cs.createdAt}) / 360))
             filter (where ${cs.contactedAt} is not null) as median_tenths
    from ${cs} where ${inPeriod}`);
  const monthRows = await rows<{ month: string; won_value: number; won: number }>(sql`
    select to_char(date_trunc('month', ${cs.wonAt} at time zone ${TZ}), 'YYYY-MM') as month,
           coalesce(sum(${cs.valueEur}), 0)::int as won_value, count(*)::int as won
    from ${cs} where ${cs.status} = 'won' and not ${cs.spam} and ${cs.wonAt} >= ${monthsFrom} group by 1`);
  const referrers = await rows<{ referrer: string; n: number }>(sql`
    select coalesce(substring(${cs.referrer} from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:www\\.)?([^/:?#]+)'), ${cs.referrer}) as referrer,
           count(*)::int as n
    from ${cs} where ${inPeriod} and ${cs.referrer} is not null group by 1 order by 2 desc, 1 limit 5`);
  const campaigns = await rows<{ campaign: string; n: number }>(sql`
    select ${cs.utm} ->> 'utm_campaign' as campaign, count(*)::int as n
    from ${cs} where ${inPeriod} and ${cs.utm} ->> 'utm_campaign' is not null group by 1 order by 2 desc, 1 limit 5`);

  const stats = await leadStats(db, now); // only for the period's weeks and months, filled below
  const weeks: LeadStats["weeks"] = stats.weeks.map((w) => ({
    weekStart: w.weekStart,
    total: 0,
    bySource: { form: 0, chat: 0, booking: 0 },
    byService: {},
  }));
  for (const r of weekRows) {
    const week = weeks.find((w) => w.weekStart === r.week)!;
    week.total += r.n;
    week.bySource[r.source === "chat" || r.source === "booking" ? r.source : "form"] += r.n;
    const service = r.service || "Not specified";
    week.byService[service] = (week.byService[service] ?? 0) + r.n;
  }
  const n = (v: number | null | undefined) => Number(v ?? 0);
  return {
    since,
    weeks,
    funnel: { new: n(t!.new), contacted: n(t!.contacted), quoted: n(t!.quoted), won: n(t!.won), lost: n(t!.lost) },
    reached: { total: n(t!.total), contacted: n(t!.reached_contacted), quoted: n(t!.reached_quoted), won: n(t!.won) },
    wonValueEur: n(t!.won_value),
    medianFirstContactHours: t!.median_tenths === null ? null : Math.round(Number(t!.median_tenths)) / 10,
    wonByMonth: stats.wonByMonth.map(({ month }) => {
      const row = monthRows.find((r) => r.month === month);
      return { month, wonValueEur: n(row?.won_value), won: n(row?.won) };
    }),
    topReferrers: referrers.map((r) => ({ referrer: r.referrer, leads: r.n })),
    topCampaigns: campaigns.map((r) => ({ campaign: r.campaign, leads: r.n })),
  };
}

async function expectFiguresMatchLeads(): Promise<LeadStats> {
  const stats = await leadStats(db);
  expect(stats).toEqual(await countedFromLeads());
  // The dashboard's card and GET /api/admin/contacts/count: the inbox, spam left out.
  expect(await countRows(db, "contacts")).toBe(await db.$count(cs, eq(cs.spam, false)));
  // …and the dashboard's cards, every count in one statement: each kind's rows as counted one by one.
  const kinds = Object.keys(COUNTED_TABLES) as Counted[];
  const counted = await Promise.all(
    kinds.map(
      async (kind) =>
        [kind, await db.$count(COUNTED_TABLES[kind], kind === "contacts" ? eq(cs.spam, false) : undefined)] as const,
    ),
  );
  expect(await countRowsOf(db, kinds)).toEqual(Object.fromEntries(counted));
  return stats;
}

const SERVICES = ["Partitions", "Suspended Ceilings", "Ceiling Repairs", null, ""];
const SOURCES = ["contact-form", "chat", "estimate", "booking"] as const;
const REFERRERS = ["https://www.google.com/search?q=ceilings", "https://bing.com/", "android-app://com.slack", null];

/** A lead as any intake path stores it; `hoursAgo` spreads them over the 12 weeks and before. */
function lead(i: number, values: Partial<typeof cs.$inferInsert> = {}): typeof cs.$inferInsert {
  const createdAt = new Date(Date.now() - (i * 37 + 1) * HOUR);
  return {
    name: `Lead ${i}`,
    email: `lead${i}@example.ie`,
    message: "A new office ceiling, please.",
    createdAt,
    source: SOURCES[i % SOURCES.length],
    service: SERVICES[i % SERVICES.length],
    referrer: REFERRERS[i % REFERRERS.length],
    utm: i % 3 === 0 ? { utm_source: "google", utm_campaign: i % 2 ? "winter-offices" : "retail" } : null,
    ...values,
  };
}

const move = (id: number, change: LeadChange) => db.transaction((tx) => changeLead(tx, id, change, ACTOR));

describe("lead statistics from the per-day counts", () => {
  it("equal the figures counted from the leads after every kind of write", async () => {
    // A bulk write (a seed, an import): 60 leads over about 13 weeks, a few in quarantine, some
    // moved along the pipeline with stage times, as stored leads are.
    const many = Array.from({ length: 60 }, (_, i) => {
      const base = lead(i);
      const created = base.createdAt!;
      const stage = i % 5;
      return lead(i, {
        spam: i % 11 === 4,
        spamReason: i % 11 === 4 ? "honeypot" : null,
        status: (["new", "contacted", "quoted", "won", "lost"] as const)[stage],
        lostReason: stage === 4 ? "Too dear" : null,
        valueEur: stage >= 2 ? 1000 + i * 50 : null,
        contactedAt: stage >= 1 ? new Date(created.getTime() + (i % 4) * 0.35 * HOUR + 20 * 60_000) : null,
        quotedAt: stage === 2 || stage === 3 ? new Date(created.getTime() + 2 * DAY) : null,
        wonAt: stage === 3 ? new Date(created.getTime() + 9 * DAY) : null,
      });
    });
    const inserted = await db.insert(cs).values(many).returning({ id: cs.id, spam: cs.spam });
    const seeded = await expectFiguresMatchLeads();
    expect(seeded.reached.total).toBeGreaterThan(30);
    expect(seeded.funnel.won).toBeGreaterThan(0);
    expect(seeded.medianFirstContactHours).not.toBeNull();
    expect(seeded.topReferrers.map((r) => r.referrer)).toContain("google.com");
    expect(seeded.wonByMonth.some((m) => m.won > 0)).toBe(true);

    // A new lead, arriving now.
    const [fresh] = await db
      .insert(cs)
      .values(lead(0, { createdAt: new Date(), referrer: null }))
      .returning();
    const afterNew = await expectFiguresMatchLeads();
    expect(afterNew.reached.total).toBe(seeded.reached.total + 1);
    expect(afterNew.funnel.new).toBe(seeded.funnel.new + 1);

    // Its moves through the pipeline, as the admin and the quotes make them.
    await move(fresh!.id, { status: "contacted" });
    expect((await expectFiguresMatchLeads()).reached.contacted).toBe(afterNew.reached.contacted + 1);
    await move(fresh!.id, { status: "quoted", valueEur: 4200 });
    await expectFiguresMatchLeads();
    await move(fresh!.id, { status: "won" });
    const won = await expectFiguresMatchLeads();
    expect(won.wonValueEur).toBe(afterNew.wonValueEur + 4200);
    await move(fresh!.id, { status: "lost", lostReason: "Went elsewhere" });
    expect((await expectFiguresMatchLeads()).wonValueEur).toBe(afterNew.wonValueEur);
    await move(fresh!.id, { read: true, followUpAt: new Date(Date.now() + DAY) });
    await expectFiguresMatchLeads();

    // A quarantined lead released into the inbox counts from then on.
    const held = inserted.find((r) => r.spam)!;
    const beforeRelease = await leadStats(db);
    expect((await move(held.id, { spam: false })).status).toBe("ok");
    expect((await expectFiguresMatchLeads()).reached.total).toBe(beforeRelease.reached.total + 1);

    // Erased (GDPR), and quarantine purged and capped: spam never counted, so nothing moves.
    expect(await deleteLead(db, fresh!.id)).toBe(true);
    expect((await expectFiguresMatchLeads()).reached.total).toBe(beforeRelease.reached.total);
    await db
      .update(cs)
      .set({ createdAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(cs.spam, true));
    expect(await purgeQuarantine(db, 30)).toBeGreaterThan(0);
    await db.insert(cs).values([lead(61, { spam: true, spamReason: "too-fast" }), lead(62, { spam: true })]);
    await db.transaction((tx) => capQuarantine(tx, 1));
    expect((await expectFiguresMatchLeads()).reached.total).toBe(beforeRelease.reached.total);

    // A bulk delete (retention's purge of old leads) and emptying the table (a restore starts so).
    await db.delete(cs).where(sql`${cs.id} % 3 = 0`);
    await expectFiguresMatchLeads();
    await db.execute(sql`truncate table ${cs} cascade`);
    const empty = await expectFiguresMatchLeads();
    expect(empty.reached.total).toBe(0);
    expect(await db.select().from(leadDailyCounts)).toEqual([]);
  });

  it("a write that moves no figure leaves the counts as they were", async () => {
    const [row] = await db.insert(cs).values(lead(3)).returning();
    const before = await db.select().from(leadDailyCounts);
    await move(row!.id, { read: true, followUpAt: new Date(Date.now() + DAY) });
    await db.update(cs).set({ name: "Renamed" }).where(eq(cs.id, row!.id));
    expect(await db.select().from(leadDailyCounts)).toEqual(before);
  });
});
