// The 100,000-enquiry inbox the admin and memory benchmarks run against: a staff member, the
// enquiries, and their spread over the pipeline, seeded straight into a database the server has
// migrated (prepareSeededDatabase does both).
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { startProductionServer } from "./production-server.mjs";

export const COUNT = Number(process.env.BENCH_ROWS ?? 100_000);
export const USERNAME = "bench";
export const PASSWORD = "Bench-Inbox-2026";
// The staff member leads are assigned to (argon2id as the app stores it), created with the data.
const SEED_USER_SQL = `insert into users (username, password) values ('${USERNAME}', '${await hash(PASSWORD, {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
})}')`;

// Pipeline spread per 10 leads: 4 new, 2 contacted, 2 quoted, 1 won, 1 lost; a third assigned;
// one in eleven with a follow-up (two thirds of those due); stage times for the funnel and median.
const PIPELINE_SQL = `
update contact_submissions set
  status = (array['new','new','new','contacted','contacted','quoted','quoted','won','lost','new'])[1 + (id % 10)],
  value_eur = case when id % 10 in (5, 6, 7) then 1500 + (id % 40) * 250 end,
  lost_reason = case when id % 10 = 8 then 'Went with a cheaper quote' end,
  assignee_id = case when id % 3 = 0 then (select id from users where username = '${USERNAME}') end,
  follow_up_at = case when id % 11 = 0 and id % 10 not in (7, 8)
    then now() + make_interval(hours => (id % 3) * 24 - 40) end,
  contacted_at = case when id % 10 between 3 and 8 then created_at + make_interval(mins => 30 + id % 600) end,
  quoted_at = case when id % 10 between 5 and 7 then created_at + interval '3 days' end,
  won_at = case when id % 10 = 7 then created_at + interval '10 days' end`;

const SEED_SQL = `
insert into contact_submissions (name, email, phone, service, message, created_at, read_at, source)
select
  (array['Aoife','Ciarán','Gráinne','Declan','Niamh','Seán','Róisín','Eoin','Siobhán','Darragh'])[1 + (g % 10)]
    || ' ' || (array['Byrne','Walsh','Kelly','O''Neill','Doyle','Murphy','Kavanagh','Nolan','Brennan','Fitzgerald'])[1 + ((g / 10) % 10)],
  'lead' || g || '@' || (array['byrne-retail.ie','kellyhair.ie','gmail.com','walsh-builders.ie','oneill.ie'])[1 + (g % 5)],
  case when g % 4 = 0 then null else '08' || (5 + g % 5) || ' ' || lpad(((g * 7919) % 10000000)::text, 7, '0') end,
  (array['Partitions','Suspended Ceilings','Shop Ceiling Installation','Ceiling Repairs','Other', null])[1 + (g % 6)],
  (array[
    'We need a quote for a suspended ceiling in our new office in Sandyford, about 240 square metres.',
    'Our shop on Grafton Street needs new ceiling tiles and LED panels before the Christmas rush.',
    'Water came through the ceiling over the till area after the storm; several tiles are stained.',
    'Looking for glass partitions to make two meeting rooms in an open-plan floor in Citywest.',
    'Hair salon fit-out in Ranelagh: moisture-resistant ceiling and new lighting, start in March.',
    'Fire-rated partitions needed for a corridor, 60 minutes, can you survey next week?'
  ])[1 + ((g / 3) % 6)] || ' Ref ' || g || '.',
  now() - make_interval(mins => g),
  case when g % 3 = 0 then null else now() - make_interval(mins => g) + interval '2 hours' end,
  case when g % 7 = 0 then 'chat' else 'contact-form' end
from generate_series(1, ${COUNT}) as g`;

// A year of a busy site's visitor analytics (about 1 million page views): daily roll-ups for the
// 365 days before today (30 public pages × 6 sources × 3 devices, half of the combinations seen each
// day, some under campaigns), the same per dimension, each day's totals, the last 30 days' raw views as the daily job keeps
// them, and today's (not rolled up yet: the report rolls them up as it reads them). A fifth of the
// enquiries carry the landing page and campaign tags the site sends with a lead.
const PATHS = `array['/', '/partitions', '/suspended-ceilings', '/shop-ceiling', '/shop-ceiling-specialists',
  '/ceiling-repair', '/gallery', '/about-us', '/blog', '/estimate', '/book', '/contact-us', '/contact',
  '/privacy-policy', '/blog/glass-partitions-for-open-plan-offices', '/blog/fire-rated-partitions-explained',
  '/blog/choosing-ceiling-tiles', '/blog/acoustic-ceilings-for-restaurants', '/blog/shop-fit-out-timeline',
  '/blog/ceiling-repair-after-a-leak', '/blog/demountable-partitions', '/blog/office-refurbishment-checklist',
  '/blog/led-panels-in-suspended-ceilings', '/blog/moisture-resistant-ceilings', '/blog/suspended-ceiling-costs',
  '/blog/partition-walls-and-planning', '/blog/retail-ceiling-ideas', '/blog/soundproofing-meeting-rooms',
  '/blog/ceiling-grid-systems', '/sitemap-display.html']`;
const SOURCES = `array['direct', 'google', 'bing.com', 'facebook', 'linkedin.com', 'newsletter']`;
const ANALYTICS_DAILY_SQL = `
insert into analytics_daily (day, path, source, campaign, device, views, visitors, entries)
select current_date - g, (${PATHS})[i], (${SOURCES})[j],
  case when j in (2, 4, 6) and i % 3 = 0 then (array['winter-offices', 'retail-fit-out', 'spring-repairs'])[1 + (g / 40) % 3] else '' end,
  (array['desktop', 'phone', 'tablet'])[k],
  4 + (i * 7 + j * 3 + k + g) % 15, 2 + (i * 5 + j + k * 3 + g) % 7, (i * 3 + j * 5 + k + g) % 4
from generate_series(1, 365) g, generate_series(1, 30) i, generate_series(1, 6) j, generate_series(1, 3) k
where (i * 13 + j * 7 + k * 5 + g) % 2 = 0`;
const ANALYTICS_TOTALS_SQL = `
insert into analytics_daily_totals (day, dimension, key, views, visitors, entries)
select day, 'path', path, sum(views), sum(visitors), sum(entries) from analytics_daily group by day, path
union all select day, 'source', source, sum(views), sum(visitors), sum(entries) from analytics_daily group by day, source
union all select day, 'campaign', campaign, sum(views), sum(visitors), sum(entries) from analytics_daily
  where campaign <> '' group by day, campaign
union all select day, 'device', device, sum(views), sum(visitors), sum(entries) from analytics_daily group by day, device`;
const ANALYTICS_DAYS_SQL = `
insert into analytics_days (day, views, visitors, visits)
select day, sum(views), sum(visitors) * 3 / 5, sum(entries) from analytics_daily group by day`;
// One visitor of the day per 3 views, a view every few minutes; today's only up to now.
const ANALYTICS_RAW_SQL = `
insert into analytics_views (day, at, visitor, path, source, campaign, device, views)
select d::date, d + make_interval(secs => (v * 31) % 86000), md5(d::text || (v / 3)::text),
  (${PATHS})[1 + (v * 7) % 30], (${SOURCES})[1 + (v / 3) % 6],
  case when (v / 3) % 9 = 1 then 'winter-offices' else '' end, (array['desktop', 'phone', 'tablet'])[1 + (v / 3) % 3], 1
from generate_series(current_date - 30, current_date, interval '1 day') d, generate_series(1, 2740) v
where d + make_interval(secs => (v * 31) % 86000) < now()`;
const ANALYTICS_LEADS_SQL = `
update contact_submissions set
  landing_page = (${PATHS})[1 + id % 30] || case when id % 10 = 0 then '?utm_source=google&utm_campaign=winter-offices' else '' end,
  utm = case when id % 10 = 0 then '{"utm_source": "google", "utm_campaign": "winter-offices"}'::jsonb end
where id % 5 = 0`;

/** Every statement, in order, for a client's query() or PGlite's exec(). */
export const SEED_STATEMENTS = [
  SEED_USER_SQL,
  SEED_SQL,
  PIPELINE_SQL,
  ANALYTICS_DAILY_SQL,
  ANALYTICS_TOTALS_SQL,
  ANALYTICS_DAYS_SQL,
  ANALYTICS_RAW_SQL,
  ANALYTICS_LEADS_SQL,
  "analyze contact_submissions",
  "analyze analytics_daily",
  "analyze analytics_daily_totals",
  "analyze analytics_views",
];

/**
 * The embedded PostgreSQL in DATA_DIR/postgres, over its Unix socket, while the app server that
 * started it runs (a `pg` connection config).
 */
export const embeddedConnection = (dataDir) => ({
  host: path.join(dataDir, "postgres"),
  user: "postgres",
  database: "postgres",
});

/** Seeds over a PostgreSQL connection: a server (`{ connectionString }`) or embeddedConnection(dataDir). */
export async function seedPostgres(connection) {
  const pg = (await import("pg")).default;
  const client = new pg.Client(connection);
  await client.connect();
  try {
    for (const statement of SEED_STATEMENTS) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Seeds the embedded PGlite database in `dataDir` (the server must not be running on it). */
export async function seedPglite(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  for (const statement of SEED_STATEMENTS) await db.exec(statement);
  await db.close();
}

/**
 * The database a benchmark's `env` names, migrated and seeded with the inbox: the production server
 * is started once on `env` (it migrates), and the inbox seeded — into the embedded PostgreSQL while
 * that server runs (it is the server's child), into PGlite once it has stopped (one process at a
 * time), into a PostgreSQL server (env.DATABASE_URL) after.
 */
export async function prepareSeededDatabase({ name, portBase, env }) {
  const boot = await startProductionServer({ name, portBase, env: () => env, stdout: "ignore" });
  try {
    if (!env.DATABASE_URL && env.EMBEDDED_DB === "postgres") await seedPostgres(embeddedConnection(env.DATA_DIR));
  } finally {
    await boot.stop();
  }
  if (env.DATABASE_URL) await seedPostgres({ connectionString: env.DATABASE_URL });
  else if (env.EMBEDDED_DB === "pglite") await seedPglite(env.DATA_DIR);
}
