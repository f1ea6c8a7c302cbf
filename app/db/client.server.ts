import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type Query, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgDialect, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirLock } from "./dir-lock.server";
import { DiskReserve } from "./disk-reserve.server";
import { refusePoolWritesWhenDiskIsLow, refuseWritesWhenDiskIsLow, WRITING_SQL } from "./disk-full-writes.server";
import { listenPostgres, watchPoolWrites } from "./pg-listen.server";
import {
  embeddedPostgresUnavailable,
  startEmbeddedPostgres,
  type EmbeddedPostgresLog,
} from "./embedded-postgres.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Throws if the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /**
   * Calls onNotify for each NOTIFY on the channel. PGlite (one process): every NOTIFY comes from
   * this process and is delivered as the writing statement completes. PostgreSQL: over a
   * connection of its own, a moment after the writer's commit; onLive(false) when that connection
   * is lost (notifications may be missed), onLive(true) once listening again. Returns a function
   * that stops listening.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onLive?: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: calls onWrite after each statement of this process that may have changed
   * data (a write, a COMMIT) has finished, before its caller goes on. Returns a function that stops.
   */
  afterWrite?(onWrite: () => void): () => void;
  /**
   * The embedded PostgreSQL: this process is its only client (DATA_DIR's lock lets one server
   * open it, and its Unix socket is this OS user's alone), so every change is one of its own writes,
   * which afterWrite reports. It has no `listen`: a listening connection would be one more backend
   * process (about 11 MB) to hear nothing.
   */
  soleClient?: boolean;
  /**
   * Applies the committed migrations not yet applied: all of them, or only those up to and
   * including the one whose journal `when` is `through` (a restore first brings the database to
   * its backup's migration, loads the rows, then applies the rest).
   */
  migrate(options?: { through?: number }): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's open, idle and awaited connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
};

export type OpenOptions = {
  /** Embedded database location; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  poolSize?: number;
  /** false: open without migrating; the caller calls migrate() (restore does, in two steps). Default true. */
  migrate?: boolean;
  /**
   * PostgreSQL only: the server cancels a statement that runs (or waits for a lock) longer than
   * this; 0 = no limit. Migrations and backups are not limited. Default 0 (the server sets 5000).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL only: give up connecting, or waiting for a free pooled connection, after this. Default 0 (wait). */
  connectTimeoutMs?: number;
  /** PostgreSQL only: a pooled connection failed (server stopped or restarted); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
  /**
   * Embedded database only: refuse writes (DiskSpaceError) while less than this many bytes are
   * free on DATA_DIR's volume. Default 0: no check.
   */
  minFreeBytes?: number;
  /**
   * Which embedded database to run when databaseUrl is unset: PostgreSQL binaries from npm as a
   * child process (DATA_DIR/postgres) or PGlite (in-process, DATA_DIR/pglite). Unset: see
   * chooseEmbeddedEngine.
   */
  embedded?: "pglite" | "postgres";
  /** Embedded PostgreSQL: where its start-up lines go (default: standard error). */
  log?: EmbeddedPostgresLog;
  /** Internal: the embedded database's disk reserve in DATA_DIR, whose free space minFreeBytes guards. */
  diskReserve?: DiskReserve;
};

/** Arbitrary constant key for pg_advisory_lock around migrations, so servers starting together take turns. */
const MIGRATION_LOCK_KEY = 72_431_906;

/** Where the database is, as the environment says: DATABASE_URL, else the embedded one in DATA_DIR. */
export type DatabaseLocation = Pick<OpenOptions, "dataDir" | "databaseUrl" | "embedded">;

export function databaseLocation(env: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  EMBEDDED_DB?: OpenOptions["embedded"];
}): DatabaseLocation {
  return { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, embedded: env.EMBEDDED_DB };
}

export type EmbeddedEngine = NonNullable<OpenOptions["embedded"]>;

/**
 * Which embedded database a DATA_DIR opens with. EMBEDDED_DB, when set, decides, except that a
 * DATA_DIR holding only the other engine's database is refused (opening it would silently start a
 * new, empty database beside the data). Unset, the DATA_DIR decides (a PGlite DATA_DIR stays PGlite
 * until the server converts it at start); a new one is PostgreSQL, or PGlite on a platform that has
 * no PostgreSQL binaries.
 */
export function chooseEmbeddedEngine({
  requested,
  holds,
  binariesAvailable,
  dir,
}: {
  requested: EmbeddedEngine | undefined;
  holds: { pglite: boolean; postgres: boolean };
  binariesAvailable: boolean;
  dir: string;
}): EmbeddedEngine {
  if (requested) {
    const other = requested === "postgres" ? "pglite" : "postgres";
    if (holds[other] && !holds[requested])
      throw new Error(
        `The data directory ${dir} holds an embedded ${other === "pglite" ? "PGlite" : "PostgreSQL"} database ` +
          `(${path.join(dir, other)}), but EMBEDDED_DB is ${requested}. ` +
          (other === "pglite"
            ? "Start the server (npm start) with EMBEDDED_DB=postgres or unset to convert it, or set EMBEDDED_DB=pglite."
            : "Unset EMBEDDED_DB to use it, or restore a backup into a new DATA_DIR with EMBEDDED_DB=pglite."),
      );
    return requested;
  }
  if (holds.postgres) return "postgres";
  if (holds.pglite) return "pglite";
  return binariesAvailable ? "postgres" : "pglite";
}

/** What DATA_DIR holds: DATA_DIR/pglite, DATA_DIR/postgres (a finished cluster), both or neither. */
export function embeddedDatabasesIn(dataDir: string): { pglite: boolean; postgres: boolean } {
  const dir = path.resolve(dataDir);
  return {
    pglite: fs.existsSync(path.join(dir, "pglite")),
    postgres: fs.existsSync(path.join(dir, "postgres", "PG_VERSION")),
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options, options.databaseUrl);
  const dir = path.resolve(options.dataDir);
  const holds = embeddedDatabasesIn(dir);
  const requested = options.embedded;
  // Asked once, and only where PostgreSQL may be the engine (not for a DATA_DIR holding PGlite).
  const unavailable =
    requested === "pglite" || (requested === undefined && holds.pglite && !holds.postgres)
      ? null
      : await embeddedPostgresUnavailable(dir);
  const engine = chooseEmbeddedEngine({ requested, holds, binariesAvailable: !unavailable, dir });
  if (engine === "pglite") {
    if (unavailable)
      (options.log ?? defaultLog)(
        `using the embedded PGlite database (about 400 MB of memory) instead of PostgreSQL: ${unavailable}`,
        "warn",
      );
    return openPglite(options);
  }
  if (unavailable)
    throw new Error(`The embedded PostgreSQL cannot run here: ${unavailable}. EMBEDDED_DB=pglite runs without it.`);
  return openEmbeddedPostgres(options);
}

/** The embedded PostgreSQL: lock DATA_DIR, start PostgreSQL in DATA_DIR/postgres, then the pool path. */
async function openEmbeddedPostgres(options: OpenOptions): Promise<Database> {
  const dir = path.resolve(options.dataDir);
  const release = await acquireDirLock(dir);
  try {
    const diskReserve = openDiskReserve(dir, options);
    const server = await startEmbeddedPostgres(dir, options.log);
    try {
      const database = await openPostgres(
        { ...options, poolSize: options.poolSize ?? EMBEDDED_POOL_SIZE, diskReserve },
        server.url,
      );
      let closing: Promise<void> | undefined;
      const close = async () => {
        try {
          await database.close();
          await server.stop();
        } finally {
          release();
        }
      };
      return { ...database, listen: undefined, soleClient: true, close: () => (closing ??= close()) };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

const defaultLog: EmbeddedPostgresLog = (message) => process.stderr.write(`${message}\n`);

/** The embedded PostgreSQL's default pool: 4 connections (each backend costs memory on a small server). */
const EMBEDDED_POOL_SIZE = 4;

async function openPostgres(options: OpenOptions, databaseUrl: string): Promise<Database> {
  const onConnectionError = options.onConnectionError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    // No JIT compilation (as the embedded server runs): the admin's queries are short, and a plan
    // costed over the JIT threshold (a year's VAT sums, the dashboard's billing figures) spent
    // 100 ms or more compiling to save a few (issue 40 item 5).
    options: "-c jit=off",
    ...(options.statementTimeoutMs
      ? {
          statement_timeout: options.statementTimeoutMs,
          // A transaction left open by a request that died must not hold locks for long either.
          idle_in_transaction_session_timeout: Math.max(options.statementTimeoutMs * 2, 10_000),
        }
      : {}),
  });
  // A connection that fails (the server stopped or restarted) must never crash the process. The
  // pool listens on idle ones; a checked-out one (a transaction, a migration's lock) has no
  // listener of its own, and an `error` event without one is thrown. Its query fails with the
  // same error, answered as 503, and the pool replaces the connection.
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  if (options.diskReserve && options.minFreeBytes)
    refusePoolWritesWhenDiskIsLow(pool, options.diskReserve, options.minFreeBytes);
  const writeListeners = new Set<() => void>();
  watchPoolWrites(
    pool,
    (text) => WRITING_SQL.test(text) || /^\s*(commit|end)\b/i.test(text),
    () => {
      for (const listener of writeListeners) listener();
    },
  );
  const db = drizzlePg({ client: pool, schema });
  const migrate = async (through?: number) => {
    // Its own connections, without the statement timeout: a migration may take a while.
    const migrationPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    migrationPool.on("error", onConnectionError);
    migrationPool.on("connect", (client) => client.on("error", onConnectionError));
    const lockClient = await migrationPool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await withMigrationsFolder(through, (folder) =>
        migratePg(drizzlePg({ client: migrationPool, schema }), { migrationsFolder: folder }),
      );
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
      await migrationPool.end();
    }
  };
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= pool.end());
  try {
    if (options.migrate !== false) await migrate();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotify, onLive) => listenPostgres(databaseUrl, channel, onNotify, onLive),
    afterWrite: (onWrite) => {
      writeListeners.add(onWrite);
      return () => writeListeners.delete(onWrite);
    },
    migrate: (o) => migrate(o?.through),
    close,
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const dir = path.resolve(options.dataDir);
  const release = await acquireDirLock(dir);
  try {
    const diskReserve = openDiskReserve(dir, options);
    // pg_trgm powers the inbox search index (PostgreSQL servers have it in their contrib package).
    const client = await PGlite.create(path.join(dir, "pglite"), { extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema });
    const migrate = (through?: number) =>
      withMigrationsFolder(through, (folder) => migratePglite(db, { migrationsFolder: folder }));
    try {
      if (options.migrate !== false) await migrate();
    } catch (error) {
      await client.close();
      throw error;
    }
    refuseWritesWhenDiskIsLow(client, diskReserve, options.minFreeBytes ?? 0);
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: async () => {
        if (closed) throw new Error("database is closed");
        await client.query("select 1");
      },
      listen: async (channel, onNotify) => {
        const unlisten = await client.listen(channel, onNotify);
        return async () => {
          if (!closed) await unlisten();
        };
      },
      migrate: (o) => migrate(o?.through),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * DATA_DIR's disk reserve (see DiskReserve), released before the database starts when the disk is
 * short. A server (minFreeBytes set) makes it when there is room; other openers (scripts, tests)
 * only release it.
 */
function openDiskReserve(dir: string, options: OpenOptions): DiskReserve {
  const reserve = new DiskReserve(dir);
  reserve.releaseIfShort(options.log ?? defaultLog);
  if (options.minFreeBytes) reserve.ensure(options.minFreeBytes);
  return reserve;
}

/** The rows of a raw SQL query: both drivers answer `{ rows }` (Drizzle types it per driver). */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What queryRowsPrepared uses of a Drizzle database (or transaction) that its types do not show. */
type DrizzleInternals = {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

/**
 * The rows of a raw SQL query sent as a named statement on PostgreSQL, as Drizzle sends a query
 * prepared with a name: each connection parses and analyses its text once, plans it the next five
 * times, and then PostgreSQL may keep one generic plan and stop planning it. For a long statement that
 * a page runs on every load: the Visitors report's traffic spent 6–7 ms a load being parsed and
 * planned as an unnamed statement (issue 40 item 5). The name is a hash of the text, so each distinct
 * text is a statement of its own; the values may differ from run to run. Rows and types are as
 * queryRows returns them. PGlite runs it as any other query. A connection pooler in front of the
 * server must pass named statements on (PgBouncer in transaction mode: max_prepared_statements).
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = `q_${crypto.createHash("sha256").update(built.sql).digest("base64url").slice(0, 24)}`;
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

export type Migration = { tag: string; when: number };

/** The committed migrations, oldest first (drizzle-kit's journal; `when` is what the migrator records). */
export function listMigrations(): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The latest migration applied to a database (from the migrator's own bookkeeping table), or null
 * for a database no migration has touched.
 */
export async function appliedMigration(db: Pick<Db, "execute">): Promise<Migration | null> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return null;
  const [row] = await queryRows<{ when: string }>(
    db,
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return null;
  const when = Number(row.when);
  return { tag: listMigrations().find((m) => m.when === when)?.tag ?? `unknown migration ${when}`, when };
}

/**
 * Runs `fn` with the migrations folder, or with a temporary copy holding only the migrations up to
 * `through` (the migrator applies every migration in the folder it is given).
 */
async function withMigrationsFolder(through: number | undefined, fn: (folder: string) => Promise<void>) {
  const folder = findMigrationsFolder();
  if (through === undefined) return fn(folder);
  const entries = (
    JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
      entries: Array<Migration & Record<string, unknown>>;
    }
  ).entries;
  const last = entries.findIndex((e) => e.when === through);
  if (last < 0) throw new Error(`Unknown migration ${through}: it is not among this app's migrations`);
  const partial = fs.mkdtempSync(path.join(os.tmpdir(), "ic-migrations-"));
  try {
    fs.mkdirSync(path.join(partial, "meta"));
    const kept = entries.slice(0, last + 1);
    for (const e of kept) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(partial, `${e.tag}.sql`));
    const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as object;
    fs.writeFileSync(path.join(partial, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
    await fn(partial);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** The committed drizzle-kit migrations, found from this module in source, test and build layouts. */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  const fromCwd = path.resolve("drizzle");
  if (fs.existsSync(path.join(fromCwd, "meta", "_journal.json"))) return fromCwd;
  throw new Error("Could not find the drizzle/ migrations folder");
}
