// Starts the production build (`node server.js`) for a benchmark: on 127.0.0.1, a port picked by
// the caller's range, and a throwaway DATA_DIR (a fresh, seeded PGlite), removed on stop.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * @param {{ name: string, portBase: number, env?: (origin: string) => Record<string, string>, stdout?: "inherit" | "ignore", healthTimeoutMs?: number }} options
 *   name: prefix of the temp folder; portBase: a random port in [portBase, portBase + 90) is used;
 *   env: extra variables, given the server's origin (e.g. SITE_URL set to it);
 *   stdout: "ignore" drops the server's log (request lines under load), which is still written;
 *   healthTimeoutMs: how long it may take to start (migrating and seeding a fresh database).
 */
export async function startProductionServer({
  name,
  portBase,
  env = () => ({}),
  stdout = "inherit",
  healthTimeoutMs = 60_000,
}) {
  const port = portBase + Math.floor(Math.random() * 90);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env(origin),
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, exited, healthTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid, stop };
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
