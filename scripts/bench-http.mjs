// Requests per second for one public page, three ways, in one run on this machine:
//   1. uncached: every request server-side rendered (PAGE_CACHE_ENABLED=false)
//   2. cached:   served from the server's HTML cache
//   3. static:   the very same bytes served from a file by a plain Node http server
// Goals: cached ≥ 10× uncached, and ≥ 15 % of the static baseline. Exits 1 if a goal is missed.
// Usage: npm run bench:http [-- /path] (defaults to /). Options via env: BENCH_SECONDS, BENCH_CONCURRENCY.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startProductionServer } from "./production-server.mjs";

const page = process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

/** Keeps CONCURRENCY keep-alive requests in flight for `seconds`; returns requests/s. */
async function measure(origin, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(page, origin);
  let done = 0;
  let errors = 0;
  const statuses = new Map();
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const req = http.get(url, { agent, headers: { "accept-encoding": "gzip" } }, (res) => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        res.on("data", () => {});
        res.on("end", resolve);
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < until) {
      await one();
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  if (errors || [...statuses.keys()].some((s) => s !== 200)) {
    throw new Error(`unexpected responses: ${errors} errors, statuses ${JSON.stringify([...statuses])}`);
  }
  return done / elapsed;
}

function fetchRaw(origin) {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(page, origin), { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const results = {};

// 1. Uncached: server-side rendering on every request.
{
  const server = await startProductionServer({
    name: "bench-http",
    portBase: 4300,
    env: () => ({ PAGE_CACHE_ENABLED: "false", LOG_LEVEL: "info" }),
  });
  try {
    await measure(server.origin, 1); // warm-up
    results.uncached = await measure(server.origin, SECONDS);
  } finally {
    await server.stop();
  }
}

// 2. Cached, and the bytes it serves.
let sample;
{
  const server = await startProductionServer({
    name: "bench-http",
    portBase: 4400,
    env: () => ({ LOG_LEVEL: "info" }),
  });
  try {
    await fetchRaw(server.origin);
    sample = await fetchRaw(server.origin);
    if (sample.headers["x-page-cache"] !== "hit") throw new Error(`${page} is not served from the page cache`);
    await measure(server.origin, 1);
    results.cached = await measure(server.origin, SECONDS);
  } finally {
    await server.stop();
  }
}

// 3. The same bytes from a file, by a plain Node server that reads the file for every request.
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-static-"));
  const file = path.join(dir, "page.html.gz");
  fs.writeFileSync(file, sample.body);
  const port = 4500 + Math.floor(Math.random() * 90);
  const code = `
    const http = require("node:http"), fs = require("node:fs");
    http.createServer((req, res) => fs.readFile(${JSON.stringify(file)}, (err, buf) => {
      if (err) { res.writeHead(500); return res.end(); }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": buf.length });
      res.end(buf);
    })).listen(${port}, "127.0.0.1", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise((resolve) => child.once("message", resolve));
  try {
    const origin = `http://127.0.0.1:${port}`;
    await measure(origin, 1);
    results.static = await measure(origin, SECONDS);
  } finally {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cachedVsUncached = results.cached / results.uncached;
const cachedVsStatic = results.cached / results.static;
const fmt = (n) => n.toFixed(0).padStart(7);
console.log(
  `\nbench:http ${page} — ${CONCURRENCY} keep-alive connections, ${SECONDS} s each, gzip, ${sample.body.length} bytes per response (LOG_LEVEL=info)`,
);
console.log(`  uncached (SSR every request): ${fmt(results.uncached)} req/s`);
console.log(`  cached (HTML cache):          ${fmt(results.cached)} req/s`);
console.log(`  static file, plain server:    ${fmt(results.static)} req/s`);
console.log(
  `  cached / uncached = ${cachedVsUncached.toFixed(1)}×   (goal ≥ 10×)   ${cachedVsUncached >= 10 ? "OK" : "MISSED"}`,
);
console.log(
  `  cached / static   = ${(cachedVsStatic * 100).toFixed(0)} %   (goal ≥ 15 %)  ${cachedVsStatic >= 0.15 ? "OK" : "MISSED"}`,
);
process.exit(cachedVsUncached >= 10 && cachedVsStatic >= 0.15 ? 0 : 1);
