import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { runServerCommand, spawnServer, waitUntilHealthy, type ServerProcess } from "../tests/support/server-process";
import { makeTempDir } from "../tests/support/test-database";
import { postLead, type LeadAnswer } from "../tests/support/post-lead";
// The process and all its descendants (PostgreSQL is started detached, but is still the app's child).
import { treePids } from "../scripts/process-memory.mjs";

// EMBEDDED_DB=postgres: the production server runs PostgreSQL binaries from npm as its child, in
// DATA_DIR/postgres. This file starts its own servers (whatever TEST_DATABASE says), so it runs once,
// in the default leg (see vitest.config.ts). A missing binary package fails it: nothing is skipped.

const started: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of started.splice(0))
    if (s.proc.exitCode === null && s.proc.signalCode === null) for (const pid of treePids(s.proc.pid!)) kill(pid);
  for (const c of cleanups.splice(0)) await c();
});

// Start-up runs initdb and migrates a new database: slow on a busy 2-core CI machine. A restart
// after kill -9 of the whole tree may also wait for init to reap the killed postmaster.
const START_TIMEOUT_MS = 45_000;
const CLIENTS = 20;

function kill(pid: number, signal: NodeJS.Signals = "SIGKILL") {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** /proc/PID/stat fields after the command name: [state, ppid, …]; undefined once the process is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Running (not zombie) processes whose command line names the cluster directory: a postmaster. */
function postmastersOn(clusterDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(clusterDir)) continue;
    } catch {
      continue;
    }
    const state = statFields(entry)?.[0];
    if (state && state !== "Z" && Number(entry) !== process.pid) pids.push(Number(entry));
  }
  return pids;
}

type Answer = LeadAnswer;

/** Reads the embedded PostgreSQL cluster in DATA_DIR/postgres over its Unix socket while its server runs. */
async function queryCluster<T extends object>(clusterDir: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({
    connectionString: `postgres://postgres@${encodeURIComponent(clusterDir)}:5432/postgres`,
  });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function homeProjectImages(origin: string): Promise<number> {
  const html = await (await fetch(`${origin}/`)).text();
  return (html.match(/src="\/images\/projects\//g) ?? []).length;
}

/** One visitor posting enquiries back to back on a kept-alive connection until the connection fails. */
async function postLeadsUntilCutOff(origin: string, client: number, onAnswer: () => void): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Answer[] = [];
  try {
    for (let n = 0; ; n++) {
      answers.push(
        await postLead(agent, origin, {
          name: `Kill Client ${client}`,
          email: `client${client}.lead${n}@example.ie`,
          message: `Lead ${n} from client ${client}, sent while the server may be killed.`,
        }),
      );
      onAnswer();
    }
  } catch {
    // The server was killed: this request's answer (if any) never arrived.
  } finally {
    agent.destroy();
  }
  return answers;
}

describe("the embedded database as PostgreSQL binaries (EMBEDDED_DB=postgres)", () => {
  it(
    "starts on a fresh DATA_DIR, refuses a second server, loses no acknowledged lead to kill -9 of the whole tree, and stops cleanly",
    { timeout: 4 * START_TIMEOUT_MS },
    async () => {
      const dataDir = makeTempDir();
      const clusterDir = path.join(dataDir, "postgres");
      cleanups.push(() => {
        for (const pid of postmastersOn(clusterDir)) kill(pid);
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        EMBEDDED_DB: "postgres",
        DATABASE_POOL_SIZE: "4",
        RATE_LIMIT_FACTOR: "100000",
        SEED_DEMO_CONTENT: "false",
      };

      // 1. A fresh DATA_DIR: initdb, start, migrate, serve.
      const first = await spawnServer(env);
      started.push(first);
      await waitUntilHealthy(first, START_TIMEOUT_MS);
      expect(fs.existsSync(path.join(clusterDir, "PG_VERSION")), "DATA_DIR/postgres is a PostgreSQL cluster").toBe(
        true,
      );
      expect(fs.existsSync(path.join(dataDir, "pglite")), "no PGlite database was created").toBe(false);
      expect(postmastersOn(clusterDir)).toHaveLength(1);

      // 2. A second server on the same DATA_DIR is refused; the first keeps serving.
      const second = await spawnServer(env);
      started.push(second);
      expect(await second.exited, second.output()).toBe(1);
      expect(second.output()).toContain(
        `The data directory ${dataDir} is in use by another server (pid ${first.proc.pid})`,
      );
      expect((await fetch(`${first.origin}/healthz`)).status).toBe(200);
      expect(postmastersOn(clusterDir)).toHaveLength(1);

      // 3. Concurrent clients post leads; every process of the tree is killed with SIGKILL.
      let answered = 0;
      let killed = false;
      let tree: number[] = [];
      const killTree = () => {
        if (killed) return;
        killed = true;
        tree = treePids(first.proc.pid!);
        for (const pid of tree) kill(pid);
      };
      const clients = Array.from({ length: CLIENTS }, (_, i) =>
        postLeadsUntilCutOff(first.origin, i, () => ++answered >= 200 && killTree()),
      );
      const timer = setTimeout(killTree, 15_000); // if the leads are slow, kill anyway
      const answers = (await Promise.all(clients)).flat();
      clearTimeout(timer);
      await first.exited;
      const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
      expect(tree.length, "the app and its PostgreSQL processes were killed").toBeGreaterThanOrEqual(3);
      expect(answers.filter((a) => a.status !== 201)).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(100);

      // 4. Restart on the same DATA_DIR (crash recovery): every acknowledged lead is there.
      const t0 = performance.now();
      const next = await spawnServer(env);
      started.push(next);
      await waitUntilHealthy(next, START_TIMEOUT_MS);
      const restartMs = Math.round(performance.now() - t0);
      const [{ stored }] = (await queryCluster<{ stored: number }>(
        clusterDir,
        "select count(*)::int as stored from contact_submissions where id = any($1::int[])",
        [acknowledged],
      )) as [{ stored: number }];
      console.info(
        `embedded PostgreSQL kill -9 of the tree (${tree.length} processes): ${acknowledged.length} leads acknowledged, ` +
          `${stored} stored; healthy again ${restartMs} ms after the restart`,
      );
      expect(stored, "acknowledged leads lost").toBe(acknowledged.length);
      const after = await postLead(new http.Agent(), next.origin, {
        name: "After Restart",
        email: "after@example.ie",
        message: "The site takes leads again after the restart.",
      });
      expect(after.status).toBe(201);

      // 5. SIGTERM: exit 0, PostgreSQL stopped with it, both locks released.
      next.proc.kill("SIGTERM");
      expect(await next.exited, next.output()).toBe(0);
      expect(next.output()).toContain("database closed; bye");
      expect(postmastersOn(clusterDir), "PostgreSQL still running after the app exited").toEqual([]);
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
      expect(fs.existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
    },
  );

  it(
    "converts a PGlite DATA_DIR by backup and restore into a new DATA_DIR, and refuses to open either with the other EMBEDDED_DB",
    { timeout: 4 * START_TIMEOUT_MS },
    async () => {
      const pgliteDir = makeTempDir();
      const postgresDir = makeTempDir();
      const backupDir = makeTempDir();
      const clusterDir = path.join(postgresDir, "postgres");
      cleanups.push(() => {
        for (const pid of postmastersOn(clusterDir)) kill(pid);
        for (const dir of [pgliteDir, postgresDir, backupDir]) fs.rmSync(dir, { recursive: true, force: true });
      });
      const common = { DATABASE_URL: undefined, BACKUP_DIR: backupDir, RATE_LIMIT_FACTOR: "100000" };

      // A PGlite site (demo content seeded) with a lead, backed up while it runs.
      const old = await spawnServer({ ...common, DATA_DIR: pgliteDir });
      started.push(old);
      await waitUntilHealthy(old, START_TIMEOUT_MS);
      const lead = await postLead(new http.Agent(), old.origin, {
        name: "Before Converting",
        email: "before.converting@example.ie",
        message: "A lead taken on PGlite, to be found on embedded PostgreSQL.",
      });
      expect(lead.status).toBe(201);
      const backup = await runServerCommand(["backup"], { ...common, DATA_DIR: pgliteDir });
      expect(backup.code, backup.stderr).toBe(0);
      old.proc.kill("SIGTERM");
      expect(await old.exited).toBe(0);
      const file = backup.stdout.trim().split("\n").at(-1)!;

      // Restored into a new DATA_DIR with EMBEDDED_DB=postgres: a PostgreSQL cluster, no PGlite.
      const restore = await runServerCommand(["restore", file], {
        ...common,
        DATA_DIR: postgresDir,
        EMBEDDED_DB: "postgres",
      });
      expect(restore.code, restore.stderr).toBe(0);
      expect(fs.existsSync(path.join(clusterDir, "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(postgresDir, "pglite"))).toBe(false);
      expect(postmastersOn(clusterDir), "restore left PostgreSQL running").toEqual([]);

      const server = await spawnServer({ ...common, DATA_DIR: postgresDir, EMBEDDED_DB: "postgres" });
      started.push(server);
      await waitUntilHealthy(server, START_TIMEOUT_MS);
      expect(await homeProjectImages(server.origin)).toBe(8);
      expect(await queryCluster(clusterDir, "select email from contact_submissions where id = $1", [lead.id])).toEqual([
        { email: "before.converting@example.ie" },
      ]);
      server.proc.kill("SIGTERM");
      expect(await server.exited, server.output()).toBe(0);

      // Each DATA_DIR refuses the other engine instead of starting a new, empty database beside it.
      const wrongOnPostgres = await spawnServer({ ...common, DATA_DIR: postgresDir, EMBEDDED_DB: "pglite" });
      started.push(wrongOnPostgres);
      expect(await wrongOnPostgres.exited).toBe(1);
      expect(wrongOnPostgres.output()).toContain("holds an embedded PostgreSQL database");
      const wrongOnPglite = await spawnServer({ ...common, DATA_DIR: pgliteDir, EMBEDDED_DB: "postgres" });
      started.push(wrongOnPglite);
      expect(await wrongOnPglite.exited).toBe(1);
      expect(wrongOnPglite.output()).toContain("holds an embedded PGlite database");
      expect(fs.existsSync(path.join(pgliteDir, "postgres"))).toBe(false);
    },
  );
});
