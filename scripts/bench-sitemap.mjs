// The XML sitemap with 500 published projects: seeds them (four photos each, so 2,000 image:image
// entries, spread over the twelve counties so every county has an area page) straight into the
// database of a throwaway production server, then times GET /sitemap.xml: 20 requests, one at a
// time, after 3 to warm up, and prints p50/p95, once as served (from the page cache) and once with
// the cache off (built on every request). The server runs as `npm start` runs it (see
// bench-database.mjs for --pglite and --postgres).
// Usage: npm run bench:sitemap [-- --pglite | -- --postgres] (BENCH_PROJECTS projects, BENCH_RUNS
// requests, BENCH_PORT a fixed port for the server instead of a random one in 5000–5089).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import path from "node:path";
import { embeddedConnection } from "./admin-seed.mjs";
import { benchDatabase } from "./bench-database.mjs";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const AREAS = `array['dublin','kildare','meath','wicklow','louth','wexford','carlow','kilkenny','laois','offaly','westmeath','longford']`;

// Published projects as staff leave them: consent recorded, a slug, services, four photos (two a
// before/after pair) at the sizes an upload stores.
const SEED_SQL = `
insert into projects (title, description, image_src, alt_text, category, slug, area, area_slug, sector,
  services, duration, scope, photos, consent_by, consent_at, status, published_at, updated_at, created_at)
select
  'Bench project ' || g, 'Suspended ceiling and partitions for bench project ' || g || '.',
  '/images/projects/bench-' || g || '-1.jpg', 'Finished ceiling, project ' || g, 'suspended-ceilings',
  'bench-project-' || g, 'District ' || g, (${AREAS})[1 + g % 12], 'Offices',
  '["suspended-ceilings","partitions"]'::jsonb, '8 working days', repeat('word ', 160),
  (select jsonb_agg(jsonb_build_object(
      'src', '/images/projects/bench-' || g || '-' || n || '.jpg',
      'alt', 'Photo ' || n || ' of bench project ' || g, 'width', 1200, 'height', 900,
      'pair', case n when 3 then 'before' when 4 then 'after' end) order by n)
    from generate_series(1, 4) as n),
  'bench', now() - make_interval(days => g), 'published', now() - make_interval(days => g),
  now() - make_interval(hours => g), now() - make_interval(days => g)
from generate_series(1, ${PROJECTS}) as g`;
const STATEMENTS = [SEED_SQL, "analyze projects"];

const database = await benchDatabase("bench-sitemap");
const env = { ...database.env, LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "1000" };
const serve = (stdout) =>
  startProductionServer({ name: "bench-sitemap", portBase: 5000, port: PORT, env: () => env, stdout });

async function seedPostgres(connection) {
  const pg = (await import("pg")).default;
  const client = new pg.Client(connection);
  await client.connect();
  try {
    for (const statement of STATEMENTS) await client.query(statement);
  } finally {
    await client.end();
  }
}

try {
  // The first start migrates (and seeds the demo content); the projects go in while the embedded
  // PostgreSQL runs (it is the server's child), into PGlite once the server has stopped (one
  // process at a time), into a PostgreSQL server after.
  const t0 = performance.now();
  const boot = await serve("ignore");
  try {
    if (!env.DATABASE_URL && env.EMBEDDED_DB === "postgres") await seedPostgres(embeddedConnection(env.DATA_DIR));
  } finally {
    await boot.stop();
  }
  if (env.DATABASE_URL) await seedPostgres({ connectionString: env.DATABASE_URL });
  else if (env.EMBEDDED_DB === "pglite") {
    const db = await PGlite.create(path.join(env.DATA_DIR, "pglite"), { extensions: { pg_trgm } });
    for (const statement of STATEMENTS) await db.exec(statement);
    await db.close();
  }
  console.log(
    `seeded ${PROJECTS} published projects on ${database.label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Twice: as served (the page cache keeps the sitemap until content changes, so this is what a
  // crawler meets), then with the cache off, which is what the first request after a change costs.
  const phases = [];
  for (const [label, cache] of [
    ["cached (as served)", "true"],
    ["built every time (PAGE_CACHE_ENABLED=false: the first request after a change)", "false"],
  ]) {
    env.PAGE_CACHE_ENABLED = cache;
    const server = await serve("inherit");
    try {
      phases.push({ label, ...(await timeSitemap(server.origin)) });
    } finally {
      await server.stop();
    }
  }
  const { urls, images, kib } = phases[0];
  console.log(
    `bench:sitemap — ${database.label}, ${PROJECTS} seeded projects; NODE_OPTIONS="${serveNodeOptions()}"\n` +
      `  GET /sitemap.xml: ${urls} URLs, ${images} images, ${kib} KiB uncompressed; ${RUNS} requests, one at a time` +
      phases.map((ph) => `\n  ${ph.label}: p50 ${ph.p50.toFixed(1)} ms   p95 ${ph.p95.toFixed(1)} ms`).join(""),
  );
} finally {
  await database.cleanUp();
}

/** RUNS timed requests for /sitemap.xml after three to warm up: p50, p95 and what the sitemap holds. */
async function timeSitemap(origin) {
  const times = [];
  let body = "";
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/sitemap.xml`);
    body = await res.text();
    if (!res.ok) throw new Error(`/sitemap.xml: ${res.status}`);
    if (i >= 3) times.push(performance.now() - started); // the first three warm up
  }
  const projectUrls = body.match(/\/projects\/bench-project-/g)?.length ?? 0;
  if (projectUrls !== PROJECTS) throw new Error(`the sitemap lists ${projectUrls} of the ${PROJECTS} seeded projects`);
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    p50: p(0.5),
    p95: p(0.95),
    urls: body.match(/<url>/g)?.length ?? 0,
    images: body.match(/<image:image>/g)?.length ?? 0,
    kib: (Buffer.byteLength(body) / 1024).toFixed(0),
  };
}
