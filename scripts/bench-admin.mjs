// The enquiry inbox at 100,000 submissions: seeds them straight into a fresh database (spread over
// the pipeline: statuses, values, assignees, follow-ups) with a year of a busy site's visitor
// analytics (about 1 million page views: scripts/admin-seed.mjs), then times listing, filtering,
// searching, the lead statistics and the visits report through the production server, signed in as staff.
// Prints p50/p95 per scenario. Goal: ≤ 100 ms p95. The server runs as `npm start` runs it: the
// embedded PostgreSQL (the default; EMBEDDED_DB=postgres, always set explicitly) and package.json's
// config.node_options as NODE_OPTIONS (unless NODE_OPTIONS is set).
// Usage: npm run bench:admin [-- --pglite | -- --postgres] (BENCH_ROWS submissions, BENCH_RUNS
// requests per scenario; --pglite: the embedded database as PGlite (EMBEDDED_DB=pglite);
// --postgres uses TEST_POSTGRES_URL or DATABASE_URL as an admin URL and creates a fresh database).
import { COUNT, PASSWORD, USERNAME, prepareSeededDatabase } from "./admin-seed.mjs";
import { benchDatabase } from "./bench-database.mjs";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** An Irish calendar day `n` days before today, YYYY-MM-DD (the visits report's days). */
const daysAgo = (n) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date(Date.now() - n * 86_400_000));
const database = await benchDatabase("bench-admin");
const env = { ...database.env, LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "1000" };

const t0 = performance.now();
await prepareSeededDatabase({ name: "bench-admin", portBase: 4800, env });
console.log(
  `seeded ${COUNT.toLocaleString("en-IE")} submissions on ${database.label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const server = await startProductionServer({ name: "bench-admin", portBase: 4900, env: () => env });
try {
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`could not sign in as the bench user: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const year = await (
    await fetch(`${server.origin}/api/admin/stats/visits?from=${daysAgo(364)}&to=${daysAgo(0)}`, {
      headers: { cookie },
    })
  ).json();
  const sum = (rows, key) => rows.reduce((n, r) => n + r[key], 0);
  console.log(
    `visitor analytics over the last 365 days: ${sum(year.days, "views").toLocaleString("en-IE")} page views, ` +
      `${sum(year.sources, "visits").toLocaleString("en-IE")} visits, ${year.pages.length} pages, ${sum(year.sources, "leads").toLocaleString("en-IE")} leads`,
  );

  const scenarios = [
    ["list: all, page 1", "/api/admin/contacts"],
    ["list: unread, page 1", "/api/admin/contacts?status=unread"],
    ["list: all, page 200", "/api/admin/contacts?page=200"],
    ["search: name 'walsh'", "/api/admin/contacts?q=walsh"],
    ["search: e-mail 'kellyhair'", "/api/admin/contacts?q=kellyhair"],
    ["search: phone '087 12'", "/api/admin/contacts?q=087%2012"],
    ["search: message 'Grafton' + unread", "/api/admin/contacts?q=Grafton&status=unread"],
    ["search: no match", "/api/admin/contacts?q=zzqxj"],
    ["filter: status quoted", "/api/admin/contacts?pipeline=quoted"],
    ["filter: won, page 50", "/api/admin/contacts?pipeline=won&page=50"],
    ["filter: assignee + contacted", "/api/admin/contacts?assignee=1&pipeline=contacted"],
    ["filter: unassigned + new", "/api/admin/contacts?assignee=none&pipeline=new"],
    ["filter: follow-up due", "/api/admin/contacts?followUp=due"],
    ["filter: due + assignee + search", "/api/admin/contacts?followUp=due&assignee=1&q=salon"],
    ["stats: GET /api/admin/stats/leads", "/api/admin/stats/leads"],
    ["visits: 7 days", `/api/admin/stats/visits?from=${daysAgo(6)}&to=${daysAgo(0)}`],
    ["visits: 30 days", `/api/admin/stats/visits?from=${daysAgo(29)}&to=${daysAgo(0)}`],
    ["visits: 12 months (a year, 1M views)", `/api/admin/stats/visits?from=${daysAgo(364)}&to=${daysAgo(0)}`],
    ["page HTML: Visitors, 12 months", "/admin/visitors?range=12m"],
    ["page HTML: inbox page 1", "/admin/contacts"],
    ["page HTML: search 'salon'", "/admin/contacts?q=salon"],
    // Shown, not part of the goal: the whole dashboard (counts, follow-ups, every chart) in one page.
    ["page HTML: dashboard (info only)", "/admin", { goal: false }],
  ];
  console.log(
    `\nbench:admin — ${database.label}, ${COUNT.toLocaleString("en-IE")} submissions, ${RUNS} requests per scenario, one at a time (goal p95 ≤ 100 ms); NODE_OPTIONS="${serveNodeOptions()}"`,
  );
  let worst = 0;
  for (const [label, url, { goal = true } = {}] of scenarios) {
    const times = [];
    let total = "";
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const res = await fetch(server.origin + url, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      if (i >= 3) times.push(performance.now() - started); // the first three warm up
      total = res.headers.get("x-total-count") ?? total;
    }
    times.sort((a, b) => a - b);
    const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    if (goal) worst = Math.max(worst, p(0.95));
    console.log(
      `  ${label.padEnd(36)} p50 ${p(0.5).toFixed(1).padStart(6)} ms   p95 ${p(0.95).toFixed(1).padStart(6)} ms${total ? `   (${Number(total).toLocaleString("en-IE")} matches)` : ""}`,
    );
  }
  console.log(`  worst p95: ${worst.toFixed(1)} ms — ${worst <= 100 ? "within" : "OVER"} the 100 ms goal`);
  process.exitCode = worst <= 100 ? 0 : 1;
} finally {
  await server.stop();
  await database.cleanUp();
}
