// Requests per second for one cached public page, against what the platform can do, in one run:
//   1. cached:    the production server answering from its HTML cache (logging on, LOG_LEVEL=info)
//   2. bare Node: a plain node:http server sending the very same bytes from memory, nothing else
//   3. nginx:     Debian's nginx (one worker, access log off) sending the same bytes from a file
// and, for scale, the same page rendered on every request (PAGE_CACHE_ENABLED=false).
// Goals: cached ≥ 50 % of bare Node, ≥ 15 % of nginx, ≥ 10× uncached. Exits 1 if one is missed.
// The load comes from autocannon (BENCH_CONNECTIONS keep-alive connections, BENCH_SECONDS each,
// `Accept-Encoding: gzip, deflate, br` as browsers send, so the brotli copy is what is measured).
// The three are measured in turn BENCH_ROUNDS times and each one's median is reported, so a
// burst of load from elsewhere on the machine does not decide a ratio. Each one's CPU time per
// request (its processes' user + system time over the requests answered, from /proc) is printed
// too: unlike requests/s it hardly depends on what else the machine runs, so on a shared, busy
// machine its ratios are the better estimate of what an idle one would show.
// The server runs as `npm start` runs it: the embedded PostgreSQL (the default; EMBEDDED_DB=postgres,
// always set explicitly) and package.json's config.node_options as NODE_OPTIONS (unless set).
// Usage: npm run bench:http [-- /path] [-- --pglite] (default /; --pglite: the embedded database as
// PGlite, EMBEDDED_DB=pglite). Needs nginx (apt-get install nginx-light).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";

const page = process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/";
const EMBEDDED_DB = process.argv.includes("--pglite") ? "pglite" : "postgres"; // always explicit
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ACCEPT_ENCODING = "gzip, deflate, br";
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

if (!fs.existsSync(NGINX)) {
  console.error(`nginx not found at ${NGINX}: apt-get install -y nginx-light (or set NGINX_BIN)`);
  process.exit(1);
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

/**
 * autocannon for `seconds`, after checking every answer was a 200: requests/s and, when the
 * serving processes are given, their CPU microseconds per request.
 */
async function measure(origin, seconds, pids) {
  const cpuBefore = pids ? cpuSeconds(pids) : 0;
  const result = await autocannon({
    url: new URL(page, origin).href,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": ACCEPT_ENCODING },
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(
      `${origin}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  if (!result.requests.total) throw new Error(`${origin}: no answer within ${seconds} s`);
  const cpuMicros = pids ? ((cpuSeconds(pids) - cpuBefore) * 1e6) / result.requests.total : undefined;
  return { rps: result.requests.average, cpuMicros };
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
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
const stops = [];
const results = { cached: [], bare: [], nginx: [] };
const cpu = { cached: [], bare: [], nginx: [] };
let uncached;
let sample;
try {
  // The page as the server sends it from its cache (brotli: stored a moment after the first render).
  const server = await startProductionServer({
    name: "bench-http",
    portBase: 4400,
    env: () => ({ LOG_LEVEL: "info", DATABASE_URL: "", EMBEDDED_DB }),
    stdout: "ignore",
  });
  stops.push(server.stop);
  await fetchRaw(server.origin);
  for (let i = 0; i < 50; i++) {
    sample = await fetchRaw(server.origin);
    if (sample.headers["x-page-cache"] === "hit" && sample.headers["content-encoding"] === "br") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (sample.headers["x-page-cache"] !== "hit") throw new Error(`${page} is not served from the page cache`);
  const encoding = sample.headers["content-encoding"] ?? "identity";

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

  const targets = {
    cached: [server.origin, () => [server.pid]],
    bare: [bareOrigin, () => [bare.pid]],
    nginx: [nginxOrigin, () => [nginx.pid, ...childrenOf(nginx.pid)]],
  };
  for (const [name, [origin]] of Object.entries(targets)) {
    const got = await fetchRaw(origin);
    if (!got.body.equals(sample.body)) throw new Error(`${name} does not send the same bytes`);
    await measure(origin, 1).catch(() => {}); // warm-up: a slow first answer is no error
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, [origin, pids]] of Object.entries(targets)) {
      const { rps, cpuMicros } = await measure(origin, SECONDS, pids);
      results[name].push(rps);
      cpu[name].push(cpuMicros);
    }
    console.log(
      `round ${round}: cached ${results.cached.at(-1).toFixed(0)}, bare Node ${results.bare.at(-1).toFixed(0)}, nginx ${results.nginx.at(-1).toFixed(0)} req/s; ` +
        `CPU per request ${cpu.cached.at(-1).toFixed(0)}, ${cpu.bare.at(-1).toFixed(0)}, ${cpu.nginx.at(-1).toFixed(0)} µs; load ${os.loadavg()[0].toFixed(2)}`,
    );
  }
  for (const stop of stops.splice(0).reverse()) await stop();

  // Uncached, for scale: server-side rendering on every request.
  const plain = await startProductionServer({
    name: "bench-http",
    portBase: 4300,
    env: () => ({ PAGE_CACHE_ENABLED: "false", LOG_LEVEL: "info", DATABASE_URL: "", EMBEDDED_DB }),
    stdout: "ignore",
  });
  stops.push(plain.stop);
  await measure(plain.origin, 2).catch(() => {}); // warm-up
  uncached = (await measure(plain.origin, SECONDS)).rps;
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

const cached = median(results.cached);
const bare = median(results.bare);
const nginx = median(results.nginx);
const goals = [
  ["cached / bare Node", cached / bare, 0.5],
  ["cached / nginx    ", cached / nginx, 0.15],
];
const fmt = (n) => n.toFixed(0).padStart(7);
const cpuOf = (name) => median(cpu[name]);
const cpuNote = (name) => `   ${cpuOf(name).toFixed(0).padStart(5)} µs CPU per request`;
console.log(
  `\nbench:http ${page} — autocannon, ${CONNECTIONS} keep-alive connections, ${SECONDS} s × ${ROUNDS} rounds (median), ` +
    `${sample.body.length} bytes per response (${sample.headers["content-encoding"] ?? "identity"})\n  load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);
console.log(
  `  server: ${EMBEDDED_DB === "pglite" ? "PGlite (EMBEDDED_DB=pglite)" : "the embedded PostgreSQL (the default)"}, NODE_OPTIONS="${serveNodeOptions()}"`,
);
console.log(`  cached (HTML cache, fast path): ${fmt(cached)} req/s${cpuNote("cached")}`);
console.log(`  bare Node http, same bytes:     ${fmt(bare)} req/s${cpuNote("bare")}`);
console.log(
  `  nginx, same bytes:              ${fmt(nginx)} req/s   (${spawnSync(NGINX, ["-v"]).stderr.toString().trim()})`,
);
console.log(`  uncached (SSR every request):   ${fmt(uncached)} req/s`);
let ok = true;
for (const [name, ratio, goal] of goals) {
  const met = ratio >= goal;
  ok &&= met;
  console.log(`  ${name} = ${(ratio * 100).toFixed(0)} %   (goal ≥ ${goal * 100} %)   ${met ? "OK" : "MISSED"}`);
}
console.log(
  `  by CPU per request (what a machine with a core to spare for each would show): cached / bare Node = ` +
    `${((cpuOf("bare") / cpuOf("cached")) * 100).toFixed(0)} %, cached / nginx = ${((cpuOf("nginx") / cpuOf("cached")) * 100).toFixed(0)} %`,
);
const vsUncached = cached / uncached;
ok &&= vsUncached >= 10;
console.log(`  cached / uncached  = ${vsUncached.toFixed(1)}×   (goal ≥ 10×)   ${vsUncached >= 10 ? "OK" : "MISSED"}`);
process.exit(ok ? 0 : 1);
