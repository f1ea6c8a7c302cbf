import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "~/db/client.server";
import { watchContentVersion } from "~/db/content-version.server";
import { postmastersRunningOn } from "~/db/embedded-postgres.server";
import { contactSubmissions, pages } from "~/db/schema";
import { copyEmbeddedTemplate } from "../tests/support/database-templates";
import { homeProjectImages, stopServer, useServerProcesses } from "../tests/support/server-process";
import { expectLeadTaken, postLeadsUntilRefused } from "../tests/support/post-lead";
import { killTree } from "../tests/support/kill-tree";

// The default embedded database (EMBEDDED_DB unset or postgres): the production server runs
// PostgreSQL binaries from npm as its child, in DATA_DIR/postgres. This file starts its own
// servers (whatever TEST_DATABASE says), so it runs once,
// in the default leg (see vitest.config.ts). A missing binary package fails it: nothing is skipped.

const servers = useServerProcesses();

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

/** servers.startHealthy, with the time a new embedded PostgreSQL may take to start. */
const startHealthy = (env: Record<string, string | undefined>, timeoutMs = START_TIMEOUT_MS) =>
  servers.startHealthy(env, timeoutMs);

/** A new DATA_DIR, removed after the test (any PostgreSQL still running on it stopped first). */
function tempDataDir(): { dataDir: string; clusterDir: string } {
  const dataDir = servers.tempDir();
  const clusterDir = path.join(dataDir, "postgres");
  servers.afterTest(() => {
    for (const pid of postmastersRunningOn(clusterDir)) kill(pid);
  });
  return { dataDir, clusterDir };
}

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

describe("the default embedded database: PostgreSQL binaries in DATA_DIR/postgres", () => {
  it(
    "with no database settings, starts PostgreSQL on a fresh DATA_DIR, refuses a second server, loses no acknowledged lead to kill -9 of the whole tree, and stops cleanly",
    { timeout: 4 * START_TIMEOUT_MS },
    async () => {
      const { dataDir, clusterDir } = tempDataDir();
      // Nothing about the database is set: what `npm start` does on a fresh machine.
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        EMBEDDED_DB: undefined,
        DATABASE_POOL_SIZE: undefined,
        RATE_LIMIT_FACTOR: "100000",
        SEED_DEMO_CONTENT: "false",
      };

      // 1. A fresh DATA_DIR: initdb, start, migrate, serve.
      const first = await startHealthy(env);
      expect(fs.existsSync(path.join(clusterDir, "PG_VERSION")), "DATA_DIR/postgres is a PostgreSQL cluster").toBe(
        true,
      );
      expect(fs.existsSync(path.join(dataDir, "pglite")), "no PGlite database was created").toBe(false);
      expect(postmastersRunningOn(clusterDir)).toHaveLength(1);
      expect(await (await fetch(`${first.origin}/healthz`)).json()).toEqual({ status: "ok", database: "postgres" });

      // 2. A second server on the same DATA_DIR is refused; the first keeps serving.
      const second = await servers.start(env);
      expect(await second.exited, second.output()).toBe(1);
      expect(second.output()).toContain(
        `The data directory ${dataDir} is in use by another server (pid ${first.proc.pid})`,
      );
      expect((await fetch(`${first.origin}/healthz`)).status).toBe(200);
      expect(postmastersRunningOn(clusterDir)).toHaveLength(1);

      // 3. Concurrent clients post leads; every process of the tree is killed with SIGKILL.
      let answered = 0;
      let killed = false;
      let tree: number[] = [];
      const killAll = () => {
        if (killed) return;
        killed = true;
        tree = killTree(first.proc.pid!);
      };
      const clients = Array.from({ length: CLIENTS }, (_, i) =>
        postLeadsUntilRefused(first.origin, i, () => {
          if (++answered >= 200) killAll();
        }),
      );
      const timer = setTimeout(killAll, 15_000); // if the leads are slow, kill anyway
      const answers = (await Promise.all(clients)).flatMap((c) => c.answers);
      clearTimeout(timer);
      await first.exited;
      const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
      expect(tree.length, "the app and its PostgreSQL processes were killed").toBeGreaterThanOrEqual(3);
      expect(answers.filter((a) => a.status !== 201)).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(100);

      // 4. Restart on the same DATA_DIR (crash recovery): every acknowledged lead is there.
      const t0 = performance.now();
      const next = await startHealthy(env);
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
      await expectLeadTaken(next.origin, "After Restart", "The site takes leads again after the restart.");

      // 5. SIGTERM: exit 0, PostgreSQL stopped with it, both locks released.
      expect(await stopServer(next), next.output()).toBe(0);
      expect(next.output()).toContain("database closed; bye");
      expect(postmastersRunningOn(clusterDir), "PostgreSQL still running after the app exited").toEqual([]);
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
      expect(fs.existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
    },
  );

  it(
    "converts a PGlite DATA_DIR at start (a backup first, the PGlite files kept), and refuses EMBEDDED_DB=pglite on it afterwards",
    { timeout: 4 * START_TIMEOUT_MS },
    async () => {
      const { dataDir, clusterDir } = tempDataDir();
      // A migrated PGlite folder to start from: how it was made is not what this test is about
      // (a new PGlite folder's initdb and migrations cost 10–15 s of CPU).
      await copyEmbeddedTemplate("pglite", dataDir);
      const backupDir = servers.tempDir();
      const common = { DATA_DIR: dataDir, DATABASE_URL: undefined, BACKUP_DIR: backupDir, RATE_LIMIT_FACTOR: "100000" };

      // A site on PGlite (as every install before this version), demo content seeded, with a lead.
      const old = await startHealthy({ ...common, EMBEDDED_DB: "pglite" });
      const leadId = await expectLeadTaken(
        old.origin,
        "Before Converting",
        "A lead taken on PGlite, to be found on the embedded PostgreSQL.",
      );
      expect(await stopServer(old), old.output()).toBe(0);

      // The next start with the default settings converts it before it listens.
      const server = await startHealthy({ ...common, EMBEDDED_DB: undefined }, 2 * START_TIMEOUT_MS);
      expect(server.output()).toContain("converting the embedded PGlite database to the embedded PostgreSQL");
      expect(server.output()).toMatch(/converted in [\d.]+ s \(\d+ rows\)/);
      expect(fs.existsSync(path.join(clusterDir, "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "pglite")), "DATA_DIR/pglite was not moved aside").toBe(false);
      expect(fs.existsSync(path.join(dataDir, "pglite-before-postgres", "PG_VERSION")), "PGlite files kept").toBe(true);
      expect(fs.existsSync(path.join(dataDir, "converting")), "the work folder was left behind").toBe(false);
      const backups = fs.readdirSync(backupDir).filter((f) => f.endsWith(".ndjson.gz"));
      expect(backups, "a backup is taken before converting").toHaveLength(1);
      expect(await (await fetch(`${server.origin}/healthz`)).json()).toEqual({ status: "ok", database: "postgres" });
      // Everything came across: the demo content (the home page's project images) and the lead.
      expect(await homeProjectImages(server.origin)).toBe(8);
      expect(await queryCluster(clusterDir, "select email from contact_submissions where id = $1", [leadId])).toEqual([
        { email: "before.converting@example.ie" },
      ]);
      expect(
        await expectLeadTaken(
          server.origin,
          "After Converting",
          "A lead taken on the embedded PostgreSQL after the conversion.",
        ),
      ).toBeGreaterThan(leadId);
      expect(await stopServer(server), server.output()).toBe(0);

      // Started again: no second conversion.
      const again = await startHealthy({ ...common, EMBEDDED_DB: undefined });
      expect(again.output()).not.toContain("converting");
      expect(await stopServer(again), again.output()).toBe(0);

      // EMBEDDED_DB=pglite on it is refused rather than opening the old PGlite files or a new, empty database.
      const wrong = await servers.start({ ...common, EMBEDDED_DB: "pglite" });
      expect(await wrong.exited).toBe(1);
      expect(wrong.output()).toContain("holds an embedded PostgreSQL database");
    },
  );

  it(
    "keeps serving the PGlite database as it was when the conversion fails",
    { timeout: 4 * START_TIMEOUT_MS },
    async () => {
      const dataDir = await servers.migratedDataDir("pglite");
      const notAFolder = path.join(servers.tempDir(), "backups-is-a-file");
      fs.writeFileSync(notAFolder, "");
      const common = { DATA_DIR: dataDir, DATABASE_URL: undefined, RATE_LIMIT_FACTOR: "100000" };
      const old = await startHealthy({ ...common, EMBEDDED_DB: "pglite", SEED_DEMO_CONTENT: "false" });
      await expectLeadTaken(old.origin, "Kept", "Kept on PGlite.");
      expect(await stopServer(old), old.output()).toBe(0);

      // The backup cannot be written (BACKUP_DIR is a file): nothing is converted, the site runs on PGlite.
      const server = await startHealthy({ ...common, EMBEDDED_DB: undefined, BACKUP_DIR: notAFolder });
      expect(server.output()).toContain("converting to the embedded PostgreSQL failed; starting on PGlite as before");
      expect(await (await fetch(`${server.origin}/healthz`)).json()).toEqual({ status: "ok", database: "pglite" });
      expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "converting"))).toBe(false);
      await expectLeadTaken(server.origin, "Next", "Still taken on PGlite.");
      expect(await stopServer(server), server.output()).toBe(0);
    },
  );

  it("runs on a DATA_DIR whose path is too long for a Unix socket inside it (the socket goes to a private temp folder)", async () => {
    const parent = servers.tempDir();
    fs.chmodSync(parent, 0o755); // an ordinary folder (a temp dir is 0700: PostgreSQL, run as another user, could not enter)
    const dataDir = path.join(
      parent,
      "a-site-folder-with-a-long-name",
      "and-another-level-below-it",
      "and-one-more",
      "data",
    );
    expect(Buffer.byteLength(path.join(dataDir, "postgres", ".s.PGSQL.5432"))).toBeGreaterThan(107);
    const database = await openDatabase({ dataDir, log: () => {} });
    try {
      expect(fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
      expect(await database.db.$count(contactSubmissions)).toBe(0);
    } finally {
      await database.close();
    }
    expect(postmastersRunningOn(path.join(dataDir, "postgres"))).toEqual([]);
  });

  it("as root, gives a new DATA_DIR PGlite, saying why, when PostgreSQL's user could not enter its folder (a site under /root)", async () => {
    const parent = servers.tempDir(); // mode 0700, owned by whoever runs the tests
    const dataDir = path.join(parent, "data");
    const said: string[] = [];
    const database = await openDatabase({ dataDir, log: (message) => said.push(message) });
    try {
      if (process.getuid?.() === 0) {
        expect(database.kind).toBe("pglite");
        expect(said.join("\n")).toContain(
          `using the embedded PGlite database (about 400 MB of memory) instead of PostgreSQL: the app runs as root, so PostgreSQL runs as uid`,
        );
        expect(said.join("\n")).toContain(`which cannot enter ${parent}`);
        // Asked for by name, it is refused with the same reason rather than failing inside initdb.
        await expect(
          openDatabase({ dataDir: path.join(parent, "other"), embedded: "postgres", log: () => {} }),
        ).rejects.toThrow(
          /The embedded PostgreSQL cannot run here: the app runs as root.*EMBEDDED_DB=pglite runs without it/,
        );
      } else {
        // Not root: PostgreSQL runs as this same user, who owns the folder.
        expect(database.kind).toBe("postgres");
      }
    } finally {
      await database.close();
    }
  });

  it("follows the content version from this server's own writes, with no listening connection (it has no other client)", async () => {
    const { dataDir, clusterDir } = tempDataDir();
    const database = await openDatabase({ dataDir, embedded: "postgres", log: () => {} });
    const watcher = watchContentVersion(database, pino({ level: "silent" }));
    try {
      await watcher.current();
      const [row] = await queryCluster<{ version: string }>(clusterDir, "select version from content_version");
      const version = Number(row!.version);
      // Known in memory: a cached page asks for it without a query.
      expect(watcher.peek()).toBe(version);
      const backends = await queryCluster<{ query: string }>(
        clusterDir,
        "select query from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      expect(backends.map((b) => b.query).filter((q) => /^\s*listen/i.test(q))).toEqual([]);

      // A change is seen by the very next request, in a transaction too.
      await database.db.update(pages).set({ metaTitle: "About | embedded" }).where(eq(pages.slug, "about-us"));
      expect(await watcher.current()).toBeGreaterThan(version);
      const afterOne = await watcher.current();
      await database.db.transaction(async (tx) => {
        await tx.update(pages).set({ metaTitle: "About | in a transaction" }).where(eq(pages.slug, "about-us"));
      });
      expect(await watcher.current()).toBeGreaterThan(afterOne);
      expect(watcher.peek()).toBe(await watcher.current());
    } finally {
      await watcher.close();
      await database.close();
    }
  });

  it(
    "stops a PostgreSQL left running by a killed server even when DATA_DIR was wiped since (it would remove the new server's socket)",
    { timeout: 3 * START_TIMEOUT_MS },
    async () => {
      const { dataDir, clusterDir } = tempDataDir();
      // The first server on a migrated copy (its first start is not what this test is about).
      await copyEmbeddedTemplate("postgres", dataDir);
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, EMBEDDED_DB: undefined, SEED_DEMO_CONTENT: "false" };
      const first = await startHealthy(env);
      const [orphan] = postmastersRunningOn(clusterDir);
      kill(first.proc.pid!); // the app only: its PostgreSQL lives on, re-parented to init
      await first.exited;
      expect(postmastersRunningOn(clusterDir)).toEqual([orphan]);

      // The folder is wiped (as a test run's `rm -rf` does) and a server starts on the same path.
      fs.rmSync(dataDir, { recursive: true, force: true });
      const next = await startHealthy(env);
      expect(next.output()).toContain(`stopping a PostgreSQL server (pid ${orphan}) left running on ${clusterDir}`);
      const running = postmastersRunningOn(clusterDir);
      expect(running).toHaveLength(1);
      expect(running).not.toContain(orphan);
      expect(fs.existsSync(path.join(clusterDir, ".s.PGSQL.5432"))).toBe(true);
      expect(await stopServer(next), next.output()).toBe(0);
    },
  );
});
