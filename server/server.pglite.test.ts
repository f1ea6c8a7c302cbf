import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homeProjectImages, useServerProcesses, waitUntilHealthy } from "../tests/support/server-process";

const servers = useServerProcesses();

async function start(env: Record<string, string | undefined>) {
  // The PGlite leg: PGlite named (a new DATA_DIR would otherwise get the embedded PostgreSQL).
  return servers.start({ EMBEDDED_DB: "pglite", ...env });
}

// Each server starts on a copy of a migrated PGlite DATA_DIR (its first start seeds the demo content):
// a second server and a restart are what this file tests, not a new database.
describe("the embedded database (PGlite) server", () => {
  it("refuses a second server on the same DATA_DIR; the first keeps serving its data", async () => {
    const dataDir = await servers.migratedDataDir("pglite");
    const first = await start({ DATA_DIR: dataDir });
    await waitUntilHealthy(first);
    expect(await homeProjectImages(first.origin)).toBe(8);

    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another server (pid ${first.proc.pid})`,
    );

    expect((await fetch(`${first.origin}/healthz`)).status).toBe(200);
    expect(await homeProjectImages(first.origin)).toBe(8);
  });

  it("starts again after the previous server was killed with kill -9, with its data intact", async () => {
    const dataDir = await servers.migratedDataDir("pglite");
    const first = await start({ DATA_DIR: dataDir });
    await waitUntilHealthy(first);
    first.proc.kill("SIGKILL");
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

    const next = await start({ DATA_DIR: dataDir });
    await waitUntilHealthy(next);
    expect(await homeProjectImages(next.origin)).toBe(8);
    expect(next.output()).not.toContain("seeded demo content");
  });
});
