// Starts the production build (`node server.js`) for a benchmark as `npm start` runs it: on
// 127.0.0.1, a port picked by the caller's range, and a throwaway DATA_DIR (a fresh, seeded
// database: the embedded PostgreSQL unless the caller's env sets EMBEDDED_DB=pglite or a
// DATABASE_URL), removed on stop. NODE_OPTIONS as `npm run serve` sets it: the caller's, else this
// process's if non-empty, else package.json's config.node_options (SERVE_NODE_OPTIONS); glibc's malloc
// settings likewise (serveMallocEnv).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** package.json's `config`: the settings `npm start` / `npm run serve` give the server. */
const config = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).config ?? {};

/**
 * package.json's config.node_options: the NODE_OPTIONS `npm start` / `npm run serve` use when none
 * are set (also read by the test servers and Playwright's).
 * @type {string}
 */
export const SERVE_NODE_OPTIONS = config.node_options ?? "";

/**
 * glibc's malloc settings for the server's process tree as `npm start` / `npm run serve` set them:
 * package.json's config.malloc_arena_max and config.malloc_mmap_threshold, unless the environment
 * sets MALLOC_ARENA_MAX or MALLOC_MMAP_THRESHOLD_ (see docs/configuration.md).
 * @returns {{ MALLOC_ARENA_MAX: string, MALLOC_MMAP_THRESHOLD_: string }}
 */
export const serveMallocEnv = () => ({
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || (config.malloc_arena_max ?? ""),
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || (config.malloc_mmap_threshold ?? ""),
});

/** The NODE_OPTIONS `npm run serve` would give the server here: this process's if non-empty, else SERVE_NODE_OPTIONS. */
export const serveNodeOptions = () => process.env.NODE_OPTIONS || SERVE_NODE_OPTIONS;

/**
 * @param {{ name: string, portBase: number, port?: number, env?: (origin: string) => Record<string, string>, stdout?: "inherit" | "ignore", healthTimeoutMs?: number }} options
 *   name: prefix of the temp folder; portBase: a port in [portBase, portBase + 90) that nothing
 *     listens on, picked at random, is used, unless `port` names one;
 *   env: extra variables, given the server's origin (e.g. SITE_URL set to it); EMBEDDED_DB is
 *     "postgres" unless they set it (always explicit: a benchmark never converts a PGlite DATA_DIR),
 *     NODE_OPTIONS serveNodeOptions() unless they set it ("" for none);
 *   stdout: "ignore" drops the server's log (request lines under load), which is still written;
 *   healthTimeoutMs: how long it may take to start (migrating and seeding a fresh database);
 *   copyDataFrom: a stopped server's DATA_DIR to start from (a copy: the same content, to the byte).
 * `stop({ keepData: true })` leaves the DATA_DIR for copyDataFrom (the caller removes it).
 */
export async function startProductionServer({
  name,
  portBase,
  port: fixedPort,
  env = () => ({}),
  stdout = "inherit",
  healthTimeoutMs = 60_000,
  copyDataFrom,
}) {
  const port = fixedPort ?? (await freePortFrom(portBase));
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  // cp -a: owners and modes kept (as root the embedded PostgreSQL runs as its own user and owns its files).
  if (copyDataFrom) execFileSync("cp", ["-a", `${copyDataFrom}/.`, dataDir]);
  const extra = env(origin);
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // A scheduled backup (03:00 Irish time) during a run goes with the throwaway data, not into
      // the checkout's ./backups.
      BACKUP_DIR: path.join(dataDir, "backups"),
      LOG_LEVEL: "warn",
      EMBEDDED_DB: "postgres",
      ...serveMallocEnv(),
      ...extra,
      NODE_OPTIONS: "NODE_OPTIONS" in extra ? extra.NODE_OPTIONS : serveNodeOptions(),
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, exited, healthTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid, dataDir, stop };
}

async function waitForHealth(origin, exited, timeoutMs) {
  let gone = false;
  exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    gone ? "the server exited before it became healthy" : `server did not become healthy within ${timeoutMs} ms`,
  );
}

/**
 * The first port in [base, base + 90), from a random one onwards, that nothing listens on now. A
 * random pick alone let two benchmarks on one machine take the same port: the second server could
 * not listen, or its health check reached the first one and the benchmark measured the wrong server.
 */
async function freePortFrom(base) {
  const start = Math.floor(Math.random() * 90);
  for (let i = 0; i < 90; i++) if (await isFree(base + ((start + i) % 90))) return base + ((start + i) % 90);
  throw new Error(`no free port from ${base} to ${base + 89}`);
}

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
