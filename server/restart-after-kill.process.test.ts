import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postmastersRunningOn } from "~/db/embedded-postgres.server";
import { stopServer, useServerProcesses, waitUntilHealthy } from "../tests/support/server-process";
import { killTree } from "../tests/support/kill-tree";

// The default embedded database, killed and restarted at once, as a process manager does. A file of
// its own (not in embedded-postgres.process.test.ts): its twenty restarts then run beside that
// file's tests, two test files at a time. The first start is on a copy of a migrated DATA_DIR: the
// restarts are what this file tests (embedded-postgres.process.test.ts tests a first start).

const servers = useServerProcesses();
const START_TIMEOUT_MS = 45_000;

describe("kill -9 and an immediate restart on the embedded PostgreSQL", () => {
  it(
    "comes back ready after kill -9 and an immediate restart, twenty times in a row on the same DATA_DIR (as a process manager restarts it)",
    { timeout: 22 * START_TIMEOUT_MS },
    async () => {
      const dataDir = await servers.migratedDataDir("postgres");
      const clusterDir = path.join(dataDir, "postgres");
      servers.afterTest(() => {
        for (const pid of postmastersRunningOn(clusterDir)) killTree(pid);
      });
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, EMBEDDED_DB: undefined, SEED_DEMO_CONTENT: "false" };
      let server = await servers.startHealthy(env, START_TIMEOUT_MS);
      const restartMs: number[] = [];
      for (let cycle = 1; cycle <= 20; cycle++) {
        // The next server starts at once, while the killed app server and its PostgreSQL may still
        // be exiting or waiting to be reaped (zombies): they must not be taken for live owners.
        killTree(server.proc.pid!);
        const t0 = performance.now();
        server = await servers.start(env);
        await waitUntilHealthy(server, START_TIMEOUT_MS, "/readyz").catch((error: Error) => {
          throw new Error(`restart ${cycle} of 20: ${error.message}`);
        });
        restartMs.push(Math.round(performance.now() - t0));
      }
      console.info(
        `kill -9 and restart ×20 on one DATA_DIR: ready after ${Math.min(...restartMs)}–${Math.max(...restartMs)} ms ` +
          `(total ${restartMs.reduce((a, b) => a + b, 0)} ms)`,
      );
      expect(postmastersRunningOn(clusterDir)).toHaveLength(1);
      expect(await stopServer(server), server.output()).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    },
  );
});
