import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { contactSubmissions } from "~/db/schema";
import { useServerProcesses } from "../tests/support/server-process";
import { expectLeadTaken, postLeadsUntilRefused } from "../tests/support/post-lead";

const servers = useServerProcesses();

// Both embedded databases: PostgreSQL (the default, a child process) and PGlite (in-process). This
// file starts its own servers whatever TEST_DATABASE says, so it runs once (see vitest.config.ts).
// Each server starts on a copy of a migrated DATA_DIR (a first start is not what this file tests).
const ENGINES = ["postgres", "pglite"] as const;

const CLIENTS = 50;
// Slow on a busy 2-core CI machine.
const START_TIMEOUT_MS = 45_000;

describe.each(ENGINES)("SIGTERM under load (embedded %s)", (engine) => {
  it(
    "finishes in-flight leads, exits 0 within 10 s with every 2xx lead stored, and starts again at once",
    { timeout: 3 * START_TIMEOUT_MS },
    async () => {
      const dataDir = await servers.migratedDataDir(engine);
      const env = { DATA_DIR: dataDir, EMBEDDED_DB: engine, RATE_LIMIT_FACTOR: "100000", SEED_DEMO_CONTENT: "false" };
      const server = await servers.startHealthy(env, START_TIMEOUT_MS);

      // SIGTERM once every client has had an answer (all 50 on kept-alive connections, busy). Each
      // waits after its first answer until all have one: a saturated server takes a new connection's
      // first request only after a round of the kept-alive ones' (bare Node too), so clients let
      // loose at once made the last ones wait 8–14 s for their first answer on PGlite.
      let going = 0;
      let allGoing = () => {};
      const everyoneGoing = new Promise<void>((resolve) => (allGoing = resolve));
      const clients = Array.from({ length: CLIENTS }, (_, i) =>
        postLeadsUntilRefused(server.origin, i, (answered) => {
          if (answered !== 1) return;
          if (++going === CLIENTS) allGoing();
          return everyoneGoing;
        }),
      );
      await everyoneGoing;
      const signalledAt = performance.now();
      server.proc.kill("SIGTERM");
      const code = await server.exited;
      const exitMs = performance.now() - signalledAt;
      const results = await Promise.all(clients);

      const answers = results.flatMap((r) => r.answers);
      const errors = results.flatMap((r) => r.errors);
      const accepted = answers.filter((a) => a.status >= 200 && a.status < 300);
      const closeLine = /^.*"msg":"database closed; bye".*$/m.exec(server.output())?.[0];
      console.info(
        `shutdown under load (${engine}): exit ${code} after ${Math.round(exitMs)} ms; ${accepted.length} leads accepted; ` +
          `statuses ${JSON.stringify(countBy(answers.map((a) => a.status)))}; ` +
          `connection errors ${JSON.stringify(countBy(errors.map((e) => `${e.code}${e.reusedConnection ? " (kept-alive)" : ""}`)))}; ` +
          `${results.filter((r) => r.answers.at(-1)?.connection === "close").length} clients told to close; ` +
          `server: ${closeLine ?? "no close line"}`,
      );

      expect(code, server.output()).toBe(0);
      expect(exitMs).toBeLessThan(10_000);
      expect(accepted.length).toBeGreaterThanOrEqual(CLIENTS);
      // No visitor was told "sorry" because the server was stopping: everything answered was taken.
      expect(answers.filter((a) => a.status !== 201)).toEqual([]);
      // Nothing sent on a kept-alive connection the server had taken was cut off: it was answered
      // (told `Connection: close`) or the connection was closed while idle. Only new connections
      // failed: refused, or reset when the kernel had queued them but the server never took them.
      expect(errors.filter((e) => e.reusedConnection).map((e) => e.message)).toEqual([]);
      for (const e of errors) expect(["ECONNREFUSED", "ECONNRESET"]).toContain(e.code);
      // The lock was released by the clean shutdown, not left for the next start to take over.
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

      const ids = accepted.map((a) => a.id!);
      const database = await openDatabase({ dataDir, embedded: engine });
      try {
        const stored = await database.db
          .select({ id: contactSubmissions.id })
          .from(contactSubmissions)
          .where(inArray(contactSubmissions.id, ids));
        expect(stored.length).toBe(ids.length);
      } finally {
        await database.close();
      }

      const next = await servers.startHealthy(env, START_TIMEOUT_MS);
      await expectLeadTaken(next.origin, "After Restart", "The site takes leads again after the restart.");
    },
  );

  it(
    "exits within SHUTDOWN_TIMEOUT_MS while the outbox is stuck on a mail server that never answers",
    { timeout: 3 * START_TIMEOUT_MS },
    async () => {
      // Accepts SMTP connections and never says a word (not even the greeting).
      const sockets = new Set<net.Socket>();
      let connected = () => {};
      const mailConnected = new Promise<void>((resolve) => (connected = resolve));
      const silent = net.createServer((socket) => {
        sockets.add(socket);
        connected();
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      servers.afterTest(async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      });
      const dataDir = await servers.migratedDataDir(engine);
      const server = await servers.startHealthy(
        {
          DATA_DIR: dataDir,
          EMBEDDED_DB: engine,
          SEED_DEMO_CONTENT: "false",
          SMTP_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
          SHUTDOWN_TIMEOUT_MS: "6000",
        },
        START_TIMEOUT_MS,
      );
      await expectLeadTaken(server.origin, "Mail Hangs", "The mail server will never answer this notification.");
      await mailConnected; // the outbox is now waiting on the silent server

      const signalledAt = performance.now();
      server.proc.kill("SIGTERM");
      const code = await server.exited;
      const exitMs = performance.now() - signalledAt;
      console.info(`shutdown with a silent mail server (${engine}): exit ${code} after ${Math.round(exitMs)} ms`);
      expect(code, server.output()).toBe(0);
      expect(exitMs).toBeLessThan(6_000);
      expect(server.output()).toContain('"step":"outbox","msg":"shutdown step cut short at its time limit"');
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    },
  );
});

function countBy(values: Array<string | number>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
