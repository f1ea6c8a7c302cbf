// With the capped V8 heap `npm start` gives the server (package.json's config.node_options, or
// --node-options), do the heaviest requests on a 100,000-enquiry inbox (BENCH_ROWS) still work — a
// backup through the control socket and the full CSV export? Prints the tree's peak RSS and unique
// pages during each, and whether the server survived. The embedded PostgreSQL by default.
// Usage: node scripts/bench-memory-heavy.mjs [--pglite | --postgres] [--node-options="…"]
//   --pglite: the embedded database as PGlite (EMBEDDED_DB=pglite); --postgres: a scratch database
//   on TEST_POSTGRES_URL (the app server's memory only); --node-options= for no cap
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { COUNT, PASSWORD, USERNAME, prepareSeededDatabase } from "./admin-seed.mjs";
import { benchDatabase } from "./bench-database.mjs";
import { treeRssKb, treeUniqueKb } from "./process-memory.mjs";
import { serveNodeOptions, startProductionServer } from "./production-server.mjs";

const nodeOptions =
  process.argv.find((a) => a.startsWith("--node-options="))?.slice("--node-options=".length) ?? serveNodeOptions();
const database = await benchDatabase("bench-heavy");
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-heavy-backups-"));
const env = {
  ...database.env,
  BACKUP_DIR: backupDir,
  LOG_LEVEL: "warn",
  RATE_LIMIT_FACTOR: "1000000",
  NODE_OPTIONS: nodeOptions,
};
const mb = (kb) => Math.round(kb / 1024);

await prepareSeededDatabase({ name: "bench-heavy", portBase: 5700, env });

const server = await startProductionServer({
  name: "bench-heavy",
  portBase: 5800,
  env: () => env,
  stdout: "ignore",
  healthTimeoutMs: 180_000,
});
let exitedEarly = false;
try {
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const measure = async (label, fn) => {
    let peak = treeRssKb(server.pid);
    let unique = treeUniqueKb(server.pid) ?? 0;
    const s1 = setInterval(() => (peak = Math.max(peak, treeRssKb(server.pid))), 100);
    const s2 = setInterval(() => (unique = Math.max(unique, treeUniqueKb(server.pid) ?? 0)), 1000);
    const t0 = performance.now();
    let outcome;
    try {
      outcome = await fn();
    } catch (error) {
      outcome = `FAILED: ${error.message}`;
    }
    clearInterval(s1);
    clearInterval(s2);
    const healthy = await fetch(`${server.origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!healthy) exitedEarly = true;
    console.log(
      `  ${label}: ${outcome} in ${Math.round(performance.now() - t0)} ms; peak tree RSS ${mb(peak)} MB, unique ${mb(unique)} MB; server ${healthy ? "healthy" : "DOWN"} after`,
    );
  };
  console.log(
    `bench-memory-heavy — ${database.label}, ${COUNT.toLocaleString("en-IE")} enquiries, NODE_OPTIONS="${nodeOptions}"`,
  );
  await measure("CSV export of every enquiry", async () => {
    const res = await fetch(`${server.origin}/api/admin/contacts/export.csv`, { headers: { cookie } });
    const text = await res.text();
    return `${res.status}, ${text.split("\n").length - 1} lines`;
  });
  await measure(
    "npm run backup (control socket)",
    () =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, ["server.js", "backup"], {
          env: { ...process.env, ...env, NODE_ENV: "production", NODE_OPTIONS: "" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let err = "";
        child.stderr.on("data", (d) => (err += d));
        child.on("exit", (code) =>
          resolve(code === 0 ? `exit 0 (${err.trim().split("\n")[0]})` : `exit ${code}: ${err.trim()}`),
        );
      }),
  );
} finally {
  await server.stop();
  await database.cleanUp();
  fs.rmSync(backupDir, { recursive: true, force: true });
}
process.exitCode = exitedEarly ? 1 : 0;
