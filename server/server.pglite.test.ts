import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnServer, waitUntilHealthy, type ServerProcess } from "../tests/support/server-process";
import { makeTempDir } from "../tests/support/test-database";

const started: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of started.splice(0)) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGKILL");
  for (const c of cleanups.splice(0)) await c();
});

async function start(env: Record<string, string | undefined>) {
  // The PGlite leg: PGlite named (a new DATA_DIR would otherwise get the embedded PostgreSQL).
  const server = await spawnServer({ EMBEDDED_DB: "pglite", ...env });
  started.push(server);
  return server;
}

async function homeProjectImages(origin: string): Promise<number> {
  const html = await (await fetch(`${origin}/`)).text();
  return (html.match(/src="\/images\/projects\//g) ?? []).length;
}

describe("the embedded database (PGlite) server", () => {
  it("refuses a second server on the same DATA_DIR; the first keeps serving its data", async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
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
    const dataDir = makeTempDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
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
