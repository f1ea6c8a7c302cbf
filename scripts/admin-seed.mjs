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

/** Every statement, in order, for a client's query() or PGlite's exec(). */
export const SEED_STATEMENTS = [SEED_USER_SQL, SEED_SQL, PIPELINE_SQL, "analyze contact_submissions"];

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
