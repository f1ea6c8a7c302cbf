import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirLock } from "./dir-lock.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Throws if the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /**
   * PGlite only (one process, so every NOTIFY comes from this process and is delivered as the
   * writing statement completes): calls onNotify for each NOTIFY on the channel. Returns a
   * function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** Embedded database location; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  poolSize?: number;
};

/** Arbitrary constant key for pg_advisory_lock around migrations, so servers starting together take turns. */
const MIGRATION_LOCK_KEY = 72_431_906;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema });
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
    let closing: Promise<void> | undefined;
    return {
      db: db as unknown as Db,
      kind: "postgres",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => (closing ??= pool.end()),
    };
  }

  const dir = path.resolve(options.dataDir);
  const release = acquireDirLock(dir);
  try {
    // pg_trgm powers the inbox search index (PostgreSQL servers have it in their contrib package).
    const client = await PGlite.create(path.join(dir, "pglite"), { extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
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

// One database per process, opened by the server at start-up and used by loaders and actions.
const holder = globalThis as typeof globalThis & { __appDatabase?: Database };

export function setDatabase(database: Database | undefined) {
  holder.__appDatabase = database;
}

export function getDatabase(): Database {
  if (!holder.__appDatabase) throw new Error("The database has not been opened yet");
  return holder.__appDatabase;
}

export function db(): Db {
  return getDatabase().db;
}
