import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./isolated-server";

/**
 * Builds one template data folder for the run: what a spec's own server (isolated-server.ts) has
 * once it has started on a new folder (an embedded PostgreSQL cluster, migrated, with the demo
 * content and the other start-up seeds, no users), stopped cleanly. Each such server starts on a
 * copy instead of running initdb, every migration and the seeds again (about 3.5 s of CPU each).
 */
export default async function globalSetup(): Promise<() => void> {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-template-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: template,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  // A first start (initdb, every migration, the seeds) took over 60 s with the machine at load 30.
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || server.exitCode !== null) {
      // SIGTERM, not SIGKILL: the server then stops its embedded PostgreSQL, which a killed one
      // leaves running (its own process group).
      server.kill("SIGTERM");
      await exited;
      throw new Error("the template data folder's server did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // A clean stop: PostgreSQL shut down with a checkpoint, so a copy starts without crash recovery.
  server.kill("SIGTERM");
  if ((await exited) !== 0) throw new Error("the template data folder's server did not stop cleanly");
  process.env.E2E_TEMPLATE_DATA_DIR = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
