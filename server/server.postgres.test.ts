import { afterEach, describe, expect, it } from "vitest";
import { spawnServer, waitUntilHealthy, type ServerProcess } from "../tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

const started: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of started.splice(0)) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGKILL");
  for (const c of cleanups.splice(0)) await c();
});

async function start(env: Record<string, string | undefined>) {
  const server = await spawnServer(env);
  started.push(server);
  return server;
}

async function homeProjectImages(origin: string): Promise<number> {
  const html = await (await fetch(`${origin}/`)).text();
  return (html.match(/src="\/images\/projects\//g) ?? []).length;
}

describe("several servers on one PostgreSQL", () => {
  it("start together and serve the same site", async () => {
    const t: TestDatabase = await createTestDatabase();
    await t.database.close();
    cleanups.push(() => t.dispose());
    const servers = await Promise.all([start(t.env), start(t.env), start(t.env)]);
    await Promise.all(servers.map((s) => waitUntilHealthy(s)));
    for (const s of servers) expect(await homeProjectImages(s.origin)).toBe(8);
    await expect.poll(() => servers.filter((s) => s.output().includes("seeded demo content")).length).toBe(1);
  });
});
