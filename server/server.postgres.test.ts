import { describe, expect, it } from "vitest";
import { homeProjectImages, useServerProcesses, waitUntilHealthy } from "../tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

const processes = useServerProcesses();
const start = processes.start;

describe("several servers on one PostgreSQL", () => {
  it("start together and serve the same site", async () => {
    const t: TestDatabase = await createTestDatabase();
    await t.database.close();
    processes.afterTest(() => t.dispose());
    const servers = await Promise.all([start(t.env), start(t.env), start(t.env)]);
    await Promise.all(servers.map((s) => waitUntilHealthy(s)));
    for (const s of servers) expect(await homeProjectImages(s.origin)).toBe(8);
    await expect.poll(() => servers.filter((s) => s.output().includes("seeded demo content")).length).toBe(1);
  });
});
