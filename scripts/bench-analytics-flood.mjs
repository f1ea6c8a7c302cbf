// A flood of cached page views against the production server (issue 34): each view with a random
// user agent, referrer and (every other one) utm_campaign, first all from one client address, then
// each from an address of its own (X-Forwarded-For, with TRUST_PROXY=1). Prints the views sent,
// the rows stored per analytics table, the views dropped past the address cap (the metric), the
// time and size of GET /api/admin/stats/visits and of the Visitors page, and the server's peak
// memory. Fails unless both answer in under 1 s and 300 KB and one address stored at most its cap.
// The server runs as `npm start` runs it: the embedded PostgreSQL and package.json's NODE_OPTIONS
// (the 128 MB heap cap).
// Usage: npm run bench:analytics [-- --views=N] [-- --connections=N] [-- --port=N]
//   --views: views per phase (default 40,000); --port: the server's port (default: one in 5300–5389).
import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { embeddedConnection } from "./admin-seed.mjs";
import { treeMemoryKb } from "./process-memory.mjs";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const VIEWS = arg("views", 40_000);
const CONNECTIONS = arg("connections", 32);
const PORT = arg("port", undefined);
const CAP = 1_000;
const USERNAME = "bench";
const PASSWORD = "Bench-Visitors-2026";
const METRICS_TOKEN = crypto.randomBytes(24).toString("hex");
const fmt = (n) => Math.round(n).toLocaleString("en-IE");
const random = () => crypto.randomBytes(6).toString("hex");

const server = await startProductionServer({
  name: "bench-analytics",
  portBase: 5300,
  port: PORT,
  env: () => ({
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    TRUST_PROXY: "1",
    METRICS_TOKEN,
    ANALYTICS_MAX_VIEWS_PER_IP: String(CAP),
    RATE_LIMIT_FACTOR: "1",
  }),
});
let peak = { nodeRss: 0, rss: 0 };
const sampler = setInterval(() => {
  const now = treeMemoryKb(server.pid);
  peak = { nodeRss: Math.max(peak.nodeRss, now.nodeRss), rss: Math.max(peak.rss, now.rss) };
}, 1_000); // each sample walks /proc and reads smaps_rollup: not too often, on a busy machine
const db = new pg.Client(embeddedConnection(server.dataDir));
let ok = true;
try {
  await db.connect();
  await db.query("insert into users (username, password) values ($1, $2)", [
    USERNAME,
    await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
  ]);
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`could not sign in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  await (await fetch(`${server.origin}/about-us`)).arrayBuffer(); // cached from here on

  console.log(
    `bench:analytics — ${fmt(VIEWS)} views per phase, ${CONNECTIONS} connections, ANALYTICS_MAX_VIEWS_PER_IP=${CAP}, NODE_OPTIONS="${serveNodeOptions()}"`,
  );
  for (const phase of ["one address", "one address each"]) {
    const t0 = performance.now();
    const statuses = await flood(phase === "one address" ? () => "198.51.100.7" : randomAddress);
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `\n${phase}: ${fmt(VIEWS)} views sent in ${seconds.toFixed(1)} s (${fmt(VIEWS / seconds)} req/s), answers ${JSON.stringify(statuses)}`,
    );
    const api = await timed(`/api/admin/stats/visits?from=${today()}&to=${today()}`, cookie); // writes the buffer first
    await new Promise((r) => setTimeout(r, 6_000)); // any views still in flight: the next batch
    const page = await timed("/admin/visitors", cookie);
    const again = await timed(`/api/admin/stats/visits?from=${today()}&to=${today()}`, cookie);
    const { rows } = await db.query(`select
        (select count(*) from analytics_views)::int as "view rows",
        (select coalesce(sum(views), 0) from analytics_views)::int as "views stored",
        (select count(distinct source) from analytics_views)::int as "distinct sources",
        (select count(distinct campaign) from analytics_views)::int as "distinct campaigns",
        (select count(*) from analytics_ip_days)::int as "address counters",
        (select count(*) from analytics_day_keys)::int as "day keys",
        (select coalesce(max(views), 0) from analytics_ip_days)::int as "most views from one address"`);
    const stored = rows[0];
    console.log(
      `  stored: ${Object.entries(stored)
        .map(([k, v]) => `${k} ${fmt(v)}`)
        .join(", ")}`,
    );
    console.log(`  dropped past the address cap (analytics_views_dropped_total): ${fmt(await droppedViews())}`);
    for (const [label, r] of [
      ["visits API (first, writes the buffer)", api],
      ["visits API", again],
      ["Visitors page", page],
    ]) {
      const good = r.status === 200 && r.ms < 1_000 && r.bytes < 300_000;
      ok &&= good;
      console.log(
        `  ${label}: ${r.status}, ${fmt(r.ms)} ms, ${fmt(r.bytes / 1024)} KB${r.rows ? `, rows ${r.rows}` : ""}   ${good ? "OK" : "MISSED (goal 200, < 1 s, < 300 KB)"}`,
      );
    }
    if (phase === "one address" && stored["views stored"] > CAP + 1) {
      ok = false;
      console.log(`  MISSED: one address stored ${stored["views stored"]} views (cap ${CAP})`);
    }
  }
  console.log(
    `\npeak memory: node ${fmt(peak.nodeRss / 1024)} MB RSS, whole tree (with the embedded PostgreSQL) ${fmt(peak.rss / 1024)} MB`,
  );
  const health = await fetch(`${server.origin}/healthz`);
  console.log(`server still up: /healthz ${health.status}`);
  ok &&= health.ok;
} finally {
  clearInterval(sampler);
  await db.end().catch(() => {});
  await server.stop();
}
process.exit(ok ? 0 : 1);

function today() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
}

function randomAddress() {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** VIEWS cached page views over CONNECTIONS at a time; answers the count per status. */
async function flood(address) {
  let next = 0;
  const statuses = {};
  const worker = async () => {
    while (next < VIEWS) {
      next++;
      const query = Math.random() < 0.5 ? "" : `?utm_campaign=c-${random()}`;
      const res = await fetch(`${server.origin}/about-us${query}`, {
        headers: {
          "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${crypto.randomInt(1e9)} Safari/537.36`,
          referer: `https://spam-${random()}.example/`,
          "x-forwarded-for": address(),
        },
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return statuses;
}

async function timed(url, cookie) {
  const t0 = performance.now();
  const res = await fetch(`${server.origin}${url}`, { headers: { cookie } });
  const body = await res.text();
  const ms = performance.now() - t0;
  let rows = "";
  if (url.startsWith("/api/") && res.ok) {
    const r = JSON.parse(body);
    rows = `pages ${r.pages.length}, sources ${r.sources.length}, campaigns ${r.campaigns.length}`;
  }
  return { status: res.status, ms, bytes: Buffer.byteLength(body), rows };
}

async function droppedViews() {
  const text = await (
    await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(/^analytics_views_dropped_total\{reason="ip_cap"\} (\d+)/m.exec(text)?.[1] ?? NaN);
}
