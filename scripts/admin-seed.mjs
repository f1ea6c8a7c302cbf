// The 100,000-enquiry inbox the admin and memory benchmarks run against: a staff member, the
// enquiries, and their spread over the pipeline, with 10,000 clients (every enquiry one of theirs),
// 10,000 jobs and 50,000 invoices and credit notes with their payments (issue 40 item 5), seeded
// straight into a database the server has migrated (prepareSeededDatabase does both), set-based
// (generate_series), so seeding takes seconds.
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { startProductionServer } from "./production-server.mjs";

export const COUNT = Number(process.env.BENCH_ROWS ?? 100_000);
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
export const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
export const INVOICES = Number(process.env.BENCH_INVOICES ?? 50_000);
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
insert into contact_submissions (name, email, phone, service, message, created_at, read_at, source, client_id)
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
  case when g % 7 = 0 then 'chat' else 'contact-form' end,
  1 + g % ${CLIENTS}
from generate_series(1, ${COUNT}) as g`;

// Clients (issue 37): names and companies to search, a contact each, every fifth a VAT-registered
// principal contractor under the reverse charge. Created before the enquiries, which each belong
// to one (so the start-up step that attaches stored leads finds nothing to do).
const CLIENTS_SQL = `
insert into clients (name, company, contacts, address, eircode, vat_number, reverse_charge, match_emails, match_phones, created_at)
select
  (array['Aoife','Ciarán','Gráinne','Declan','Niamh','Seán','Róisín','Eoin','Siobhán','Darragh'])[1 + (g % 10)]
    || ' ' || (array['Byrne','Walsh','Kelly','O''Neill','Doyle','Murphy','Kavanagh','Nolan','Brennan','Fitzgerald'])[1 + ((g / 10) % 10)],
  (array['Byrne Retail','Kelly Hair','Walsh Builders','O''Neill Dental','Grafton Cafés','Citywest Offices', ''])[1 + (g % 7)]
    || case when g % 7 = 6 then '' else ' ' || g end,
  jsonb_build_array(jsonb_build_object('name', 'Contact ' || g, 'email', 'client' || g || '@example.ie',
    'phone', '01 ' || lpad(((g * 7919) % 10000000)::text, 7, '0'), 'role', 'Owner')),
  jsonb_build_array(g || ' Main Street', 'Dublin ' || (1 + g % 24)),
  '', case when g % 5 = 0 then 'IE' || lpad(g::text, 7, '0') || 'W' else '' end, g % 5 = 0,
  array['client' || g || '@example.ie'], array['01' || lpad(((g * 7919) % 10000000)::text, 7, '0')],
  now() - make_interval(mins => g * 53)
from generate_series(1, ${CLIENTS}) as g`;

// Jobs (issue 37): one per client in turn, spread over the statuses, the last year.
const JOBS_SQL = `
insert into jobs (number, token, status, client_id, title, site, lines, value_cents, vat_mode, created_at)
select 'J-B-' || lpad(g::text, 6, '0'), md5('bench-job-' || g),
  (array['to-schedule','scheduled','in-progress','snagging','complete','complete','complete','cancelled'])[1 + g % 8],
  1 + (g - 1) % ${CLIENTS}, 'Fit-out ' || g,
  jsonb_build_object('address', jsonb_build_array(g || ' Site Road', 'Dublin ' || (1 + g % 24)), 'eircode', ''),
  '[]'::jsonb, 500000 + (g * 7919) % 5000000,
  case when (1 + (g - 1) % ${CLIENTS}) % 5 = 0 then 'reverse-charge' else 'standard' end,
  now() - make_interval(hours => g)
from generate_series(1, ${JOBS}) as g`;

// Invoices (issue 38): five documents per job in turn (deposit, two stages, final, an extra), issued
// over the last two years and due 30 days later; 1 in 20 a draft. Those of the last 90 days are
// open or paid (per 20: 5 issued, 3 part-paid, 11 paid); older ones are paid but for 1 in 50 left
// open (long overdue). Stage and final invoices hold 5 % retention; reverse-charge clients' carry no
// VAT and pay with 20 % RCT withheld. Then every 25th open extra is credited in full (below).
const INVOICES_SQL = `
insert into invoices (kind, number, token, status, client_id, job_id, vat_mode, lines, parts, net_cents, vat,
  vat_cents, gross_cents, retention_cents, paid_cents, rct_cents, seller, buyer, issued_on, supply_date, due_on,
  issued_at, created_at)
select d.kind, case when d.status = 'draft' then null else 'INV-B-' || lpad(d.g::text, 6, '0') end,
  md5('bench-invoice-' || d.g), d.status, d.client_id, d.job_id, d.vat_mode,
  jsonb_build_array(jsonb_build_object('description', 'Works to date', 'quantity', 1, 'unit', 'item',
    'unitPriceCents', d.net, 'vatRate', 13.5)),
  jsonb_build_array(jsonb_build_object('rate', 13.5, 'workCents', d.net + d.held, 'heldCents', d.held,
    'releasedCents', 0, 'netCents', d.net, 'vatCents', d.vat)),
  d.net, case when d.vat_mode = 'standard' then jsonb_build_array(jsonb_build_object('rate', 13.5, 'netCents', d.net, 'vatCents', d.vat)) else '[]'::jsonb end,
  d.vat, d.net + d.vat, d.held,
  case d.status when 'paid' then (d.net + d.vat) - d.rct when 'part-paid' then (d.net + d.vat) / 2 else 0 end,
  case when d.status = 'paid' then d.rct else 0 end,
  case when d.status = 'draft' then null else '{"name": "IC Interiors Ltd", "address": ["Unit 4"], "eircode": "", "country": "IE", "vatNumber": "IE1234567T", "email": ""}'::jsonb end,
  case when d.status = 'draft' then null else jsonb_build_object('name', c.name, 'address', c.address, 'eircode', '',
    'country', 'IE', 'vatNumber', c.vat_number, 'email', '') end,
  d.issued_on, d.issued_on, d.issued_on + 30, d.issued_on::timestamptz + interval '10 hours',
  coalesce(d.issued_on, current_date)::timestamptz + interval '9 hours'
from (
  select g, j.id as job_id, j.client_id, j.vat_mode,
    (array['deposit','stage','stage','final','custom'])[1 + g % 5] as kind,
    case when g % 20 <> 0 and (g * 7) % 730 > 90 and g % 50 <> 1 then 'paid'
      else (array['draft','issued','issued','issued','issued','issued','part-paid','part-paid','part-paid',
        'paid','paid','paid','paid','paid','paid','paid','paid','paid','paid','paid'])[1 + g % 20] end as status,
    case when g % 20 = 0 then null else current_date - (g * 7) % 730 end as issued_on,
    100000 + (g * 7919) % 2000000 as net,
    case when g % 5 in (1, 2, 3) then (100000 + (g * 7919) % 2000000) / 19 else 0 end as held,
    case when j.vat_mode = 'standard' then round((100000 + (g * 7919) % 2000000) * 0.135)::bigint else 0 end as vat,
    case when j.vat_mode = 'reverse-charge' then (100000 + (g * 7919) % 2000000) / 5 else 0 end as rct
  from generate_series(1, ${INVOICES}) as g
  join jobs j on j.id = 1 + (g - 1) / 5 % ${JOBS}
) d
join clients c on c.id = d.client_id`;
// A credit note for every 25th extra (issued, unpaid; the extras issued are ids 20k + 4), which then
// reads "credited".
const CREDIT_NOTES_SQL = `
insert into invoices (kind, number, token, status, client_id, job_id, credits_invoice_id, reason, vat_mode, lines,
  parts, net_cents, vat, vat_cents, gross_cents, seller, buyer, issued_on, supply_date, due_on, issued_at, created_at)
select 'credit-note', 'CN-B-' || lpad(i.id::text, 6, '0'), md5('bench-credit-' || i.id), 'issued', i.client_id,
  i.job_id, i.id, 'Work not carried out', i.vat_mode, i.lines,
  jsonb_build_array(jsonb_build_object('rate', 13.5, 'workCents', -i.net_cents, 'heldCents', 0, 'releasedCents', 0,
    'netCents', -i.net_cents, 'vatCents', -i.vat_cents)),
  i.net_cents, i.vat, i.vat_cents, i.gross_cents, i.seller, i.buyer, i.issued_on + 3, i.issued_on + 3,
  i.issued_on + 3, i.issued_at + interval '3 days', i.created_at + interval '3 days'
from invoices i where i.kind = 'custom' and i.status = 'issued' and (i.id / 20) % 25 = 0`;
const CREDITED_SQL = `
update invoices i set status = 'credited', credited_cents = i.gross_cents
from invoices n where n.credits_invoice_id = i.id`;
// The payments the paid and part-paid invoices' sums stand for, 20 days after issue (or today).
const PAYMENTS_SQL = `
insert into invoice_payments (invoice_id, paid_on, amount_cents, method, reference, rct_rate, rct_cents, created_at)
select id, least(issued_on + 20, current_date), paid_cents,
  (array['transfer','transfer','card','cheque'])[1 + id % 4], number,
  case when rct_cents > 0 then 20 end, rct_cents, least(issued_on + 20, current_date)::timestamptz + interval '11 hours'
from invoices where paid_cents > 0 or rct_cents > 0`;

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
// One visitor of the day per 3 views, a view every few minutes; today's only up to now, unless
// BENCH_LIVE_DAY=full: then today holds a whole busy day's views (2,740, its last ones later than
// now), as a report read just before midnight finds them, so the Visitors lines do not depend on
// the hour the bench runs.
const FULL_LIVE_DAY = process.env.BENCH_LIVE_DAY === "full";
const ANALYTICS_RAW_SQL = `
insert into analytics_views (day, at, visitor, path, source, campaign, device, views)
select d::date, d + make_interval(secs => (v * 31) % 86000), md5(d::text || (v / 3)::text),
  (${PATHS})[1 + (v * 7) % 30], (${SOURCES})[1 + (v / 3) % 6],
  case when (v / 3) % 9 = 1 then 'winter-offices' else '' end, (array['desktop', 'phone', 'tablet'])[1 + (v / 3) % 3], 1
from generate_series(current_date - 30, current_date, interval '1 day') d, generate_series(1, 2740) v
where d + make_interval(secs => (v * 31) % 86000) < now()${FULL_LIVE_DAY ? " or d::date = current_date" : ""}`;
const ANALYTICS_LEADS_SQL = `
update contact_submissions set
  landing_page = (${PATHS})[1 + id % 30] || case when id % 10 = 0 then '?utm_source=google&utm_campaign=winter-offices' else '' end,
  utm = case when id % 10 = 0 then '{"utm_source": "google", "utm_campaign": "winter-offices"}'::jsonb end
where id % 5 = 0`;

// Issuing an invoice needs the business's own VAT number (the sample one is refused): the one the
// server stored on its first start, changed as staff would in Settings > Business.
const BUSINESS_VAT_SQL = `
update site_settings set business = jsonb_set(business, '{vatNumber}', '"IE 9876543W"') where business is not null`;

/** Every statement, in order, for a client's query() or PGlite's exec(). */
export const SEED_STATEMENTS = [
  SEED_USER_SQL,
  CLIENTS_SQL,
  SEED_SQL,
  PIPELINE_SQL,
  ANALYTICS_DAILY_SQL,
  ANALYTICS_TOTALS_SQL,
  ANALYTICS_DAYS_SQL,
  ANALYTICS_RAW_SQL,
  ANALYTICS_LEADS_SQL,
  JOBS_SQL,
  INVOICES_SQL,
  CREDIT_NOTES_SQL,
  CREDITED_SQL,
  PAYMENTS_SQL,
  BUSINESS_VAT_SQL,
  // Vacuumed as autovacuum would have by then: the visibility map lets the lists and sums read
  // their covering indexes alone (index-only scans), as on a database in use.
  "vacuum analyze invoices",
  "vacuum analyze invoice_payments",
  "analyze contact_submissions",
  "analyze clients",
  "analyze jobs",
  "analyze invoices",
  "analyze invoice_payments",
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
export async function prepareSeededDatabase({ name, portBase, port, env }) {
  // A busy machine migrates a fresh database slowly: 3 minutes, as the other benchmarks allow.
  const boot = await startProductionServer({
    name,
    portBase,
    port,
    env: () => env,
    stdout: "ignore",
    healthTimeoutMs: 180_000,
  });
  try {
    if (!env.DATABASE_URL && env.EMBEDDED_DB === "postgres") await seedPostgres(embeddedConnection(env.DATA_DIR));
  } finally {
    await boot.stop();
  }
  if (env.DATABASE_URL) await seedPostgres({ connectionString: env.DATABASE_URL });
  else if (env.EMBEDDED_DB === "pglite") await seedPglite(env.DATA_DIR);
}
