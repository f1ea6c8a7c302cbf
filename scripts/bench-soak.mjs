// Soak: the production server on a fresh embedded database under steady mixed traffic for
// SOAK_MINUTES (default 10) — public pages, contact enquiries, chat leads, and a signed-in member
// of staff listing and searching the inbox. Each minute prints requests, errors, p50/p99 latency
// and the resident memory of the server's whole process tree; the end prints the summary and
// whether the goal holds: no errors, and memory grown ≤ 10 % after the first two minutes.
//
// The server runs as `npm start` runs it: the embedded PostgreSQL (the default; EMBEDDED_DB=postgres,
// always set explicitly, its processes counted in the tree) and package.json's config.node_options
// as NODE_OPTIONS (unless NODE_OPTIONS is set).
//
//   npm run bench:soak                         builds, then 10 minutes at 40 requests/s
//   SOAK_MINUTES=2 SOAK_RPS=80 SOAK_CONCURRENCY=16 node scripts/bench-soak.mjs
//   node scripts/bench-soak.mjs --pglite       the embedded database as PGlite (EMBEDDED_DB=pglite)
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { treeRssKb } from "./process-memory.mjs";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";
import { publicPagePaths } from "./public-page-paths.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RPS = Number(process.env.SOAK_RPS ?? 40);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const GROWTH_GOAL = 0.1;
const METRICS_TOKEN = crypto.randomBytes(16).toString("hex");
const WARM_UP_MINUTES = 2;
const usePglite = process.argv.includes("--pglite");
const database = usePglite ? "PGlite (EMBEDDED_DB=pglite)" : "the embedded PostgreSQL (the default)";

if (!fs.existsSync("build/server/index.js")) {
  console.error("Run `npm run build` first (`npm run bench:soak` does both).");
  process.exit(1);
}

const bootStarted = performance.now();
const server = await startProductionServer({
  name: "bench-soak",
  portBase: 5200,
  stdout: "ignore",
  healthTimeoutMs: 180_000, // a busy machine (the soak is often run beside other work) starts slowly
  env: (origin) => ({
    SITE_URL: origin,
    DATABASE_URL: "", // the embedded database, even if the shell has a DATABASE_URL
    EMBEDDED_DB: usePglite ? "pglite" : "postgres", // always explicit: never the PGlite → PostgreSQL conversion
    SMTP_URL: "", // notifications stay queued in the outbox
    RATE_LIMIT_FACTOR: "1000000", // a load test, not an attack: raise every limit
    LOG_LEVEL: "warn",
    METRICS_TOKEN, // to read the server's own heap figures each minute
  }),
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

let retried = 0;

/**
 * One request; resolves with its status (0 and the error code when the connection failed) once the
 * body is read. A kept-alive connection the server closed as idle just as it was reused is retried
 * once on a fresh one, as browsers do (and Node's documentation advises): that race is HTTP's.
 */
async function request(method, path, options = {}) {
  const first = await requestOnce(method, path, options);
  if (first.status !== 0 || !first.reusedSocket || first.code !== "ECONNRESET") return first;
  retried++;
  return requestOnce(method, path, options);
}

function requestOnce(method, path, { body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      server.origin + path,
      {
        method,
        agent,
        headers: {
          "accept-encoding": "br, gzip",
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, text: () => Buffer.concat(chunks) }),
        );
        res.on("error", (error) => resolve({ status: 0, code: error.code }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, code: error.code, reusedSocket: req.reusedSocket }));
    req.end(payload);
  });
}

// The first account registered is the admin; the inbox requests use its session.
const registered = await request("POST", "/api/auth/register", {
  body: { username: "soak", password: "Soak-Test-Inbox-2026" },
});
if (registered.status !== 201) {
  await server.stop();
  throw new Error(`could not register the soak user: ${registered.status} ${registered.text?.()}`);
}
const cookie = String(registered.headers["set-cookie"]).split(";")[0];

let seq = 0;
const names = ["Aoife Byrne", "Ciarán Walsh", "Gráinne Kelly", "Declan O'Neill", "Niamh Doyle", "Seán Murphy"];
const searches = ["walsh", "kelly", "Grafton", "salon", "087", "meeting rooms", "zzqxj"];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The mix, by weight: what a day on the site looks like, sped up. Each entry: [weight, label, send, expected status]. */
const scenarios = [
  [60, "page", () => request("GET", pick(publicPagePaths)), 200],
  [
    10,
    "contact",
    () => {
      const n = ++seq;
      return request("POST", "/api/contact", {
        body: {
          name: pick(names),
          email: `soak${n}@example.ie`,
          phone: "01 555 0100",
          service: "Partitions",
          message: `Soak enquiry ${n}: two glazed meeting rooms on the second floor, off Grafton Street.`,
        },
      });
    },
    201,
  ],
  [
    10,
    "chat",
    () => {
      const n = ++seq;
      return request("POST", "/api/chat-leads", {
        body: {
          idempotencyKey: crypto.randomUUID(),
          name: pick(names),
          email: `chat${n}@example.ie`,
          phone: "087 123 4567",
          projectType: "Hair salon",
          details: `Soak chat lead ${n}: moisture-resistant ceiling for a salon, start in March.`,
          transcript: [
            { sender: "bot", text: "What kind of project is it?", timestamp: new Date().toISOString() },
            { sender: "user", text: "A hair salon ceiling.", timestamp: new Date().toISOString() },
          ],
        },
      });
    },
    201,
  ],
  [
    8,
    "admin list",
    () => request("GET", `/api/admin/contacts?page=${1 + Math.floor(Math.random() * 5)}`, { headers: { cookie } }),
    200,
  ],
  [
    8,
    "admin search",
    () => request("GET", `/api/admin/contacts?q=${encodeURIComponent(pick(searches))}`, { headers: { cookie } }),
    200,
  ],
  [4, "admin page", () => request("GET", "/admin/contacts", { headers: { cookie } }), 200],
];
const totalWeight = scenarios.reduce((sum, [w]) => sum + w, 0);
function pickScenario() {
  let r = Math.random() * totalWeight;
  for (const scenario of scenarios) if ((r -= scenario[0]) < 0) return scenario;
  return scenarios[0];
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const median = (values) =>
  pct(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

const minutes = []; // { requests, errors, latencies, rss: [] }
let current = { requests: 0, errors: 0, latencies: [], rss: [] };
const errorSamples = new Map();
const perScenario = new Map(scenarios.map(([, label]) => [label, { requests: 0, errors: 0, latencies: [] }]));

/** The server's JS heap in use and its external memory (ArrayBuffers: with PGlite, its WebAssembly memory), from /metrics. */
async function heapFigures() {
  const res = await request("GET", "/metrics", {
    headers: { authorization: `Bearer ${METRICS_TOKEN}`, "accept-encoding": "identity" },
  });
  if (res.status !== 200) return "";
  const text = res.text().toString();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN);
  return `heap ${mb(value("nodejs_heap_size_used_bytes") / 1024)}, external ${mb(value("nodejs_external_memory_bytes") / 1024)}`;
}

console.log(
  `bench:soak — ${MINUTES} min at ${RPS} requests/s (≤ ${CONCURRENCY} in flight) against the production server on a fresh ${database}, NODE_OPTIONS="${serveNodeOptions()}"`,
);
console.log(
  `the server started (fresh database migrated and seeded) in ${((performance.now() - bootStarted) / 1000).toFixed(1)} s`,
);
console.log(
  `mix: ${scenarios.map(([w, label]) => `${label} ${Math.round((100 * w) / totalWeight)} %`).join(", ")}; memory: RSS of the server's process tree, median of 5-second samples`,
);
console.log("\nminute  requests  errors    p50 ms    p99 ms   memory  (server's own figures)");

const started = performance.now();
const end = started + MINUTES * 60_000;
let inFlight = 0;
let skipped = 0;
let nextAt = started;

const sampler = setInterval(() => current.rss.push(treeRssKb(server.pid)), 5_000);
current.rss.push(treeRssKb(server.pid));

async function closeMinute() {
  const m = current;
  minutes.push(m);
  current = { requests: 0, errors: 0, latencies: [], rss: [treeRssKb(server.pid)] };
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const line = `${String(minutes.length).padStart(6)}  ${String(m.requests).padStart(8)}  ${String(m.errors).padStart(6)}  ${pct(sorted, 0.5).toFixed(1).padStart(8)}  ${pct(sorted, 0.99).toFixed(1).padStart(8)}   ${mb(median(m.rss)).padStart(6)}`;
  console.log(`${line}  (${await heapFigures()})`);
}

async function send() {
  const [, label, run, expected] = pickScenario();
  const t0 = performance.now();
  const res = await run();
  const ms = performance.now() - t0;
  const bucket = current;
  bucket.requests++;
  bucket.latencies.push(ms);
  perScenario.get(label).requests++;
  perScenario.get(label).latencies.push(ms);
  if (res.status !== expected) {
    bucket.errors++;
    perScenario.get(label).errors++;
    const key = `${label}: ${res.status || res.code}`;
    errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
  }
}

// Open loop at RPS: a request is started on schedule unless CONCURRENCY are already in flight
// (then it is skipped and counted, so an overloaded server shows up instead of slowing the load).
let minuteEnds = started + 60_000;
while (performance.now() < end) {
  const now = performance.now();
  if (now >= minuteEnds) {
    void closeMinute();
    minuteEnds += 60_000;
  }
  if (now >= nextAt) {
    nextAt += 1000 / RPS;
    if (inFlight >= CONCURRENCY) skipped++;
    else {
      inFlight++;
      void send().finally(() => inFlight--);
    }
    continue;
  }
  await new Promise((r) => setTimeout(r, Math.max(0, Math.min(nextAt, minuteEnds) - now)));
}
while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
await closeMinute();
clearInterval(sampler);
agent.destroy();
await server.stop();

const all = minutes.flatMap((m) => m.latencies).sort((a, b) => a - b);
const requests = minutes.reduce((s, m) => s + m.requests, 0);
const errors = minutes.reduce((s, m) => s + m.errors, 0);
const seconds = (performance.now() - started) / 1000;
console.log(
  `\ntotal: ${requests.toLocaleString("en-IE")} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(1)}/s), ${errors} errors, ${skipped} skipped (concurrency cap), ${retried} retried (idle connection closed as reused), p50 ${pct(all, 0.5).toFixed(1)} ms, p99 ${pct(all, 0.99).toFixed(1)} ms`,
);
for (const [label, s] of perScenario) {
  const sorted = s.latencies.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(13)} ${String(s.requests).padStart(6)} requests, ${s.errors} errors, p50 ${pct(sorted, 0.5).toFixed(1)} ms, p99 ${pct(sorted, 0.99).toFixed(1)} ms`,
  );
}
for (const [key, count] of errorSamples) console.log(`  error ${key} × ${count}`);

let memoryOk = true;
if (minutes.length > WARM_UP_MINUTES) {
  const base = median(minutes[WARM_UP_MINUTES - 1].rss);
  const last = median(minutes.at(-1).rss);
  const peak = Math.max(...minutes.slice(WARM_UP_MINUTES).map((m) => median(m.rss)));
  const growth = (peak - base) / base;
  memoryOk = growth <= GROWTH_GOAL;
  console.log(
    `memory: ${mb(base)} at minute ${WARM_UP_MINUTES}, ${mb(last)} at the end, highest minute after that ${mb(peak)}: growth ${(100 * growth).toFixed(1)} % (goal ≤ ${100 * GROWTH_GOAL} %)`,
  );
} else {
  console.log(`memory: growth not judged (needs more than ${WARM_UP_MINUTES} minutes)`);
}
const ok = errors === 0 && memoryOk;
console.log(
  `goal (0 errors, memory growth ≤ ${100 * GROWTH_GOAL} % after minute ${WARM_UP_MINUTES}): ${ok ? "HOLDS" : "MISSED"}`,
);
process.exitCode = ok ? 0 : 1;
