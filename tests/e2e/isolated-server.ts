import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Playwright's API client (`page.request`) reuses a kept-alive connection without heeding the
 * server's `Keep-Alive: timeout=5` hint, so a call made just as the server closed that idle
 * connection failed with ECONNRESET (a fresh-clone CI run: the GET after three uploads). Browsers
 * send such a request again; this client does not. The browser tests' servers keep idle
 * connections for longer than a test may last; `npm start` keeps the 5 s default.
 */
export const KEEP_ALIVE_FOR_API_CLIENT = { KEEP_ALIVE_TIMEOUT_MS: "65000" };

/**
 * A production server of its own, on a fresh database, for specs that need an empty site (e.g.
 * registering the first admin). Uses the build the main web server uses.
 */
export async function startIsolatedServer(
  env: Record<string, string> = {},
): Promise<{ origin: string; dataDir: string; stop: () => Promise<void> }> {
  // A port the system says is free (a random pick from a small range let two specs' servers
  // collide: the second one's health check then reached the first server).
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-isolated-"));
  // The run's template (global-setup.ts): a new folder as a first start leaves it, copied rather
  // than made anew, unless `env` changes what that start seeds. cp -a: as root, PostgreSQL runs as
  // another user, who must still own its cluster.
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  const seedsDiffer = Object.keys(env).some((name) => name === "SEED_DEMO_CONTENT" || name.startsWith("BUSINESS_"));
  if (template && !seedsDiffer) execFileSync("cp", ["-a", `${template}/.`, dataDir]);
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      // A scheduled backup (03:00 Irish time) goes with the throwaway data, not into the checkout.
      BACKUP_DIR: path.join(dataDir, "backups"),
      LOG_LEVEL: "warn",
      CONTACT_MIN_FILL_MS: "0",
      RATE_LIMIT_FACTOR: "1000",
      ...KEEP_ALIVE_FOR_API_CLIENT,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // A worker that ends with the server still up (a timed-out hook skips afterAll's stop) stops it too.
  const stopOnExit = () => child.kill("SIGTERM");
  process.once("exit", stopOnExit);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      // Stopped, not left behind: a spec whose beforeAll fails never calls stop(), and a server still
      // starting (with its PostgreSQL) would run on beside the rest of the suite.
      await stop();
      throw new Error("isolated server did not start");
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { origin, dataDir, stop };

  async function stop() {
    process.off("exit", stopOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * An isolated server whose first admin is `admin` (registered through the API, as the empty site
 * allows once). For specs that sign in as staff without relying on any seeded account.
 */
export async function startIsolatedServerWithAdmin(
  admin: { username: string; password: string },
  env: Record<string, string> = {},
): Promise<{ origin: string; dataDir: string; stop: () => Promise<void> }> {
  const server = await startIsolatedServer(env);
  const res = await fetch(`${server.origin}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (res.status !== 201) {
    await server.stop();
    throw new Error(`registering the first admin answered ${res.status}, not 201`);
  }
  return server;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
