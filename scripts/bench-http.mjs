// Requests per second for one cached public page, against what the platform can do, in one run:
//   1. cached:    the production server answering from its HTML cache (logging on, LOG_LEVEL=info),
//                 counting every answer as a page view (visitor analytics, the default)
//   2. no counting: the same server with ANALYTICS=off
//   3. bare Node: a plain node:http server sending the very same bytes from memory, nothing else
//   4. nginx:     Debian's nginx (one worker, access log off) sending the same bytes from a file
// and, for scale, the same page rendered on every request (PAGE_CACHE_ENABLED=false).
// Goals: cached ≥ 50 % of bare Node, ≥ 15 % of nginx, ≥ 90 % of the server without counting,
// ≥ 10× uncached. Exits 1 if one is missed. Requests cycle through 50 browser user agents, so the
// counting server really counts visitors: the views it stored are checked against the answers it
// gave.
// The load comes from wrk (apt-get install wrk): BENCH_THREADS (2) threads, BENCH_CONNECTIONS (50)
// keep-alive connections, BENCH_SECONDS (5) each, `Accept-Encoding: gzip, deflate, br` as browsers
// send, so the brotli copy is what is measured. A C load generator: autocannon, in Node, was the
// bottleneck before the servers were, which flattened the ratios. The four are measured in turn
// BENCH_ROUNDS (2) times, interleaved, and each one's median is reported (of two rounds: their
// mean), so a burst of load from elsewhere on the machine does not decide a ratio. Each one's CPU
// time per request (its processes' user + system time over the requests answered, from /proc)
// is printed too: unlike requests/s it hardly depends on what else the machine runs, so on a
// shared, busy machine its ratios are the better estimate of what an idle one would show.
// The server runs as `npm start` runs it: the embedded PostgreSQL (the default; EMBEDDED_DB=postgres,
// always set explicitly) and package.json's config.node_options as NODE_OPTIONS (unless set).
// Usage: npm run bench:http [-- /path] [-- --pglite] [-- --port=N] (default /; --pglite: the
// embedded database as PGlite, EMBEDDED_DB=pglite; --port: the app servers on N, N+1 and N+2
// instead of random ports). Needs wrk and nginx (apt-get install wrk nginx-light).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { embeddedConnection } from "./admin-seed.mjs";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";

const page = process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/";
const EMBEDDED_DB = process.argv.includes("--pglite") ? "pglite" : "postgres"; // always explicit
const PORT = Number(process.argv.find((a) => a.startsWith("--port="))?.slice(7)) || undefined;
const portAt = (offset) => (PORT ? { port: PORT + offset } : {});
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ACCEPT_ENCODING = "gzip, deflate, br";
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const WRK = process.env.WRK_BIN ?? "/usr/bin/wrk";

for (const [bin, install, variable] of [
  [NGINX, "nginx-light", "NGINX_BIN"],
  [WRK, "wrk", "WRK_BIN"],
]) {
  if (!fs.existsSync(bin)) {
    console.error(`${bin} not found: apt-get install -y ${install} (or set ${variable})`);
    process.exit(1);
  }
}

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
/** User + system CPU seconds used so far by these processes (Linux /proc). */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids()) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // The process is gone.
    }
  }
  return ticks / TICKS_PER_SECOND;
}
const childrenOf = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** A process and all its descendants (the app server and its embedded PostgreSQL, which stores the counted views). */
const treeOf = (pid) => [pid, ...childrenOf(pid).flatMap(treeOf)];

/** 50 browsers: requests cycle through their user agents, so each counts as a visitor. */
const VISITORS = 50;
const browserAgent = (n) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${6778 + n}.85 Safari/537.36`;
/** Requests answered by each origin while measured (the counting server's views are checked against it). */
const answered = new Map();

/** wrk's request script: the browser's Accept-Encoding and one of VISITORS user agents, in turn. */
const wrkScript = (dir) => {
  const file = path.join(dir, "visitors.lua");
  const agents = Array.from({ length: VISITORS }, (_, n) => JSON.stringify(browserAgent(n))).join(",\n  ");
  fs.writeFileSync(
    file,
    `local agents = {\n  ${agents}\n}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", nil, { ["Accept-Encoding"] = ${JSON.stringify(ACCEPT_ENCODING)}, ["User-Agent"] = agents[(n % #agents) + 1] })
end
`,
  );
  return file;
};
let script;

/**
 * wrk for `seconds`, after checking every answer was a 2xx: requests/s and, when the serving
 * processes are given, their CPU microseconds per request.
 */
async function measure(origin, seconds, pids, connections = CONNECTIONS) {
  const cpuBefore = pids ? cpuSeconds(pids) : 0;
  const args = [
    "-t",
    String(THREADS),
    "-c",
    String(connections),
    "-d",
    `${seconds}s`,
    // An answer slower than wrk's default 2 s (a busy machine) is slow, not lost: counted, not fatal.
    "--timeout",
    "10s",
    "-s",
    script,
    new URL(page, origin).href,
  ];
  const output = await new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
  });
  const total = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: (.*)/.exec(output)?.[1];
  const before = answered.get(origin) ?? { total: 0, runs: 0 };
  answered.set(origin, { total: before.total + total, runs: before.runs + 1 });
  if (non2xx || (socketErrors && /(connect|read|write) [1-9]/.test(socketErrors))) {
    throw new Error(`${origin}: ${non2xx} non-2xx answers; socket errors: ${socketErrors ?? "none"}`);
  }
  if (!total) throw new Error(`${origin}: no answer within ${seconds} s`);
  const cpuMicros = pids ? ((cpuSeconds(pids) - cpuBefore) * 1e6) / total : undefined;
  return { rps, cpuMicros };
}

function fetchRaw(origin) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(page, origin), { headers: { "accept-encoding": ACCEPT_ENCODING } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Where two answers' pages first differ, decoded, for the error message. */
function firstDifference(a, b) {
  const text = (r) =>
    (r.headers["content-encoding"] === "br"
      ? zlib.brotliDecompressSync(r.body)
      : r.headers["content-encoding"] === "gzip"
        ? zlib.gunzipSync(r.body)
        : r.body
    ).toString("utf8");
  const [x, y] = [text(a), text(b)];
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const at = (t) => JSON.stringify(t.slice(Math.max(0, i - 80), i + 80));
  return ` (${a.headers["content-encoding"]} vs ${b.headers["content-encoding"]}; decoded, they differ at character ${i}: ${at(x)} against ${at(y)})`;
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(origin) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetchRaw(origin);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${origin} did not answer`);
}

const loadAtStart = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
script = wrkScript(tmp);
const stops = [];
const results = { cached: [], off: [], bare: [], nginx: [] };
const cpu = { cached: [], off: [], bare: [], nginx: [] };
let uncached;
let sample;
let counted;
let serverOrigin;
let serverDataDir;
try {
  // One database, migrated and seeded once, copied for each app server: the seed stamps its rows with
  // the time it ran, so two seeded apart would send pages that differ in a date.
  const seeded = await startProductionServer({
    name: "bench-http-seed",
    portBase: 4600,
    ...portAt(0),
    env: () => ({ DATABASE_URL: "", EMBEDDED_DB }),
    stdout: "ignore",
  });
  await seeded.stop({ keepData: true });
  stops.push(() => fs.rmSync(seeded.dataDir, { recursive: true, force: true }));

  // The page as the server sends it from its cache (brotli: made once the page is asked for again, so
  // the warm-up below asks until it is there).
  const server = await startProductionServer({
    copyDataFrom: seeded.dataDir,
    name: "bench-http",
    portBase: 4400,
    ...portAt(0),
    // Every view is stored (one address sends them all): the check below compares views to answers.
    env: () => ({ LOG_LEVEL: "info", DATABASE_URL: "", EMBEDDED_DB, ANALYTICS_MAX_VIEWS_PER_IP: "1000000000" }),
    stdout: "ignore",
  });
  stops.push(server.stop);
  serverOrigin = server.origin;
  serverDataDir = server.dataDir;
  await fetchRaw(server.origin);
  for (let i = 0; i < 50; i++) {
    sample = await fetchRaw(server.origin);
    if (sample.headers["x-page-cache"] === "hit" && sample.headers["content-encoding"] === "br") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (sample.headers["x-page-cache"] !== "hit") throw new Error(`${page} is not served from the page cache`);
  const encoding = sample.headers["content-encoding"] ?? "identity";

  // The same server with visitor analytics off.
  const off = await startProductionServer({
    copyDataFrom: seeded.dataDir,
    name: "bench-http-off",
    portBase: 4500,
    ...portAt(1),
    env: () => ({ LOG_LEVEL: "info", DATABASE_URL: "", EMBEDDED_DB, ANALYTICS: "off" }),
    stdout: "ignore",
  });
  stops.push(off.stop);
  for (let i = 0; i < 50; i++) {
    const got = await fetchRaw(off.origin);
    if (got.headers["x-page-cache"] === "hit" && got.headers["content-encoding"] === "br") break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // Bare Node: the same status, type, encoding and body, from memory.
  const barePort = await freePort();
  const bareCode = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(process.argv[1]);
    http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": ${JSON.stringify(encoding)},
        "vary": "Accept-Encoding", "content-length": body.length });
      res.end(body);
    }).listen(${barePort}, "127.0.0.1");`;
  const bodyFile = path.join(tmp, "page.html");
  fs.writeFileSync(bodyFile, sample.body);
  fs.chmodSync(tmp, 0o755);
  const bare = spawn(process.execPath, ["-e", bareCode, bodyFile], { stdio: "inherit" });
  stops.push(() => bare.kill());
  const bareOrigin = `http://127.0.0.1:${barePort}`;
  await waitFor(bareOrigin);

  // nginx: one worker (the Node servers are one process each), the same bytes from a file.
  const nginxPort = await freePort();
  const conf = path.join(tmp, "nginx.conf");
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body; proxy_temp_path ${tmp}/proxy; fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi; scgi_temp_path ${tmp}/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${nginxPort};
    location = ${page} {
      root ${tmp};
      try_files /page.html =404;
      types { } default_type "text/html; charset=utf-8";
      add_header Content-Encoding ${encoding};
      add_header Vary Accept-Encoding;
    }
  }
}
`,
  );
  execFileSync(NGINX, ["-t", "-q", "-c", conf, "-p", tmp], { stdio: "inherit" });
  const nginx = spawn(NGINX, ["-c", conf, "-p", tmp], { stdio: "inherit" });
  stops.push(() => nginx.kill("SIGQUIT"));
  const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
  await waitFor(nginxOrigin);

  // The app servers' CPU includes their embedded PostgreSQL: that is where counted views are written.
  const targets = {
    cached: [server.origin, () => treeOf(server.pid)],
    off: [off.origin, () => treeOf(off.pid)],
    bare: [bareOrigin, () => [bare.pid]],
    nginx: [nginxOrigin, () => [nginx.pid, ...childrenOf(nginx.pid)]],
  };
  for (const [name, [origin]] of Object.entries(targets)) {
    const got = await fetchRaw(origin);
    if (!got.body.equals(sample.body))
      throw new Error(`${name} does not send the same bytes${firstDifference(got, sample)}`);
    await measure(origin, 1).catch(() => {}); // warm-up: a slow first answer is no error
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, [origin, pids]] of Object.entries(targets)) {
      const { rps, cpuMicros } = await measure(origin, SECONDS, pids);
      results[name].push(rps);
      cpu[name].push(cpuMicros);
    }
    console.log(
      `round ${round}: cached ${results.cached.at(-1).toFixed(0)}, without counting ${results.off.at(-1).toFixed(0)}, bare Node ${results.bare.at(-1).toFixed(0)}, nginx ${results.nginx.at(-1).toFixed(0)} req/s; ` +
        `CPU per request ${cpu.cached.at(-1).toFixed(0)}, ${cpu.off.at(-1).toFixed(0)}, ${cpu.bare.at(-1).toFixed(0)}, ${cpu.nginx.at(-1).toFixed(0)} µs; load ${os.loadavg()[0].toFixed(2)}`,
    );
  }
  // Every answer the counting server gave under load was a page view: once its last batch is
  // written (every 5 s), the database must hold them all.
  await new Promise((r) => setTimeout(r, 6_000));
  counted = await countedViews(serverDataDir);
  for (const stop of stops.splice(0).reverse()) await stop();

  // Uncached, for scale: server-side rendering on every request.
  const plain = await startProductionServer({
    name: "bench-http",
    portBase: 4300,
    ...portAt(2),
    env: () => ({ PAGE_CACHE_ENABLED: "false", LOG_LEVEL: "info", DATABASE_URL: "", EMBEDDED_DB }),
    stdout: "ignore",
  });
  stops.push(plain.stop);
  await measure(plain.origin, 2, undefined, 8).catch(() => {}); // warm-up
  // Rendering is slow: 8 connections for at least 10 s (50 renders at once, each waiting for the
  // others, finished none within 10 s on a busy machine).
  uncached = (await measure(plain.origin, Math.max(SECONDS, 10), undefined, 8)).rps;
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

const cached = median(results.cached);
const withoutCounting = median(results.off);
const bare = median(results.bare);
const nginx = median(results.nginx);
const goals = [
  ["cached / bare Node", cached / bare, 0.5],
  ["cached / nginx    ", cached / nginx, 0.15],
  ["counting / not    ", cached / withoutCounting, 0.9],
];
const fmt = (n) => n.toFixed(0).padStart(7);
const cpuOf = (name) => median(cpu[name]);
const cpuNote = (name) => `   ${cpuOf(name).toFixed(0).padStart(5)} µs CPU per request`;
console.log(
  `\nbench:http ${page} — wrk, ${THREADS} threads, ${CONNECTIONS} keep-alive connections, ${SECONDS} s × ${ROUNDS} rounds (median), ` +
    `${sample.body.length} bytes per response (${sample.headers["content-encoding"] ?? "identity"})\n  load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);
console.log(
  `  server: ${EMBEDDED_DB === "pglite" ? "PGlite (EMBEDDED_DB=pglite)" : "the embedded PostgreSQL (the default)"}, NODE_OPTIONS="${serveNodeOptions()}"`,
);
console.log(`  cached (HTML cache, fast path): ${fmt(cached)} req/s${cpuNote("cached")} (server + its database)`);
console.log(`  the same, ANALYTICS=off:        ${fmt(withoutCounting)} req/s${cpuNote("off")}`);
const { total: served, runs } = answered.get(serverOrigin) ?? { total: 0, runs: 0 };
console.log(
  `  page views counted: ${counted.views.toLocaleString("en-IE")} of ${served.toLocaleString("en-IE")} answers, in ${counted.rows.toLocaleString("en-IE")} rows (${counted.visitors} visitors)`,
);
console.log(`  bare Node http, same bytes:     ${fmt(bare)} req/s${cpuNote("bare")}`);
console.log(
  `  nginx, same bytes:              ${fmt(nginx)} req/s   (${spawnSync(NGINX, ["-v"]).stderr.toString().trim()})`,
);
console.log(`  uncached (SSR every request):   ${fmt(uncached)} req/s`);
// wrk leaves out the answers still on their way when it stops (up to one per connection).
let ok = EMBEDDED_DB === "pglite" || (counted.views >= served && counted.views <= served + runs * CONNECTIONS);
if (!ok) console.log("  MISSED: the counting server did not store one view per answer");
for (const [name, ratio, goal] of goals) {
  const met = ratio >= goal;
  ok &&= met;
  console.log(`  ${name} = ${(ratio * 100).toFixed(0)} %   (goal ≥ ${goal * 100} %)   ${met ? "OK" : "MISSED"}`);
}
console.log(
  `  by CPU per request (what a machine with a core to spare for each would show): cached / bare Node = ` +
    `${((cpuOf("bare") / cpuOf("cached")) * 100).toFixed(0)} %, cached / nginx = ${((cpuOf("nginx") / cpuOf("cached")) * 100).toFixed(0)} %, ` +
    `counting / not = ${((cpuOf("off") / cpuOf("cached")) * 100).toFixed(0)} %`,
);
const vsUncached = cached / uncached;
ok &&= vsUncached >= 10;
console.log(`  cached / uncached  = ${vsUncached.toFixed(1)}×   (goal ≥ 10×)   ${vsUncached >= 10 ? "OK" : "MISSED"}`);
process.exit(ok ? 0 : 1);

/** Page views the server on `dataDir` stored (its embedded database, over its Unix socket; PGlite: not readable while it runs). */
async function countedViews(dataDir) {
  if (EMBEDDED_DB === "pglite") return { views: NaN, rows: NaN, visitors: NaN };
  const pg = (await import("pg")).default;
  const client = new pg.Client(embeddedConnection(dataDir));
  await client.connect();
  try {
    const { rows } = await client.query(
      "select coalesce(sum(views), 0)::int as views, count(*)::int as rows, count(distinct visitor)::int as visitors from analytics_views",
    );
    return rows[0];
  } finally {
    await client.end();
  }
}
