import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type DatabaseLocation, type Db } from "~/db/client.server";
import { copyEmbeddedTemplate, postgresTemplate } from "./database-templates";

export type TestDatabase = {
  database: Database;
  /** Options a real server process needs to use the same database. */
  env: { DATA_DIR: string; DATABASE_URL?: string; EMBEDDED_DB?: "pglite" };
  /**
   * Runs `fn` while another process may open the database, e.g. `node server.js <command>`: an
   * embedded database is closed meanwhile (one process at a time) and `database` reopened after.
   */
  whileClosed<T>(fn: () => Promise<T>): Promise<T>;
  /** Close and remove the database (a PGlite folder, or a PostgreSQL database). */
  dispose(): Promise<void>;
};

export const usePostgres = process.env.TEST_DATABASE === "postgres";

/** The PostgreSQL admin URL for the PostgreSQL leg; missing is a failure, never a skip. */
export function postgresAdminUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error(
      "TEST_DATABASE=postgres needs TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:54329/postgres)",
    );
  return url;
}

export function makeTempDir(prefix = "ic-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A fresh, migrated, empty database for one test file: PGlite in a temp folder by default, or a
 * new database on the PostgreSQL server when TEST_DATABASE=postgres (or `postgres: true`). Each is a
 * copy of the run's migrated template (database-templates.ts).
 */
export async function createTestDatabase({
  postgres = usePostgres,
}: { postgres?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = makeTempDir();
  if (!postgres) {
    // The PGlite leg: PGlite, named (the app's default for a new DATA_DIR is the embedded PostgreSQL,
    // and a server started on a PGlite DATA_DIR without EMBEDDED_DB=pglite would convert it).
    await copyEmbeddedTemplate("pglite", dataDir);
    let database = await openDatabase({ dataDir, embedded: "pglite" });
    return {
      get database() {
        return database;
      },
      env: { DATA_DIR: dataDir, EMBEDDED_DB: "pglite" },
      whileClosed: async (fn) => {
        await database.close();
        try {
          return await fn();
        } finally {
          database = await openDatabase({ dataDir, embedded: "pglite" });
        }
      },
      dispose: async () => {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = postgresAdminUrl();
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const template = await postgresTemplate(admin);
  // strategy file_copy: the template's files copied as files, not read block by block through the
  // buffer cache and written to the WAL (PostgreSQL 15's default): 0.16 s of CPU a database against
  // 0.30 on the 2-core machine, five each, alternated twice (docs/development.md, "Thirteenth pass").
  await withAdmin(admin, (c) => c.query(`create database ${name} template ${template} strategy file_copy`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ dataDir, databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    whileClosed: (fn) => fn(),
    dispose: async () => {
      await database.close();
      await withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of the calling test file's own (createTestDatabase), made before its first test and
 * disposed after its last: `const db = databaseOfThisFile();`, then `db()` in the tests.
 */
export function databaseOfThisFile(): () => Db {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.dispose();
  });
  return () => {
    if (!t) throw new Error("The file's test database is made in beforeAll: use db() inside a test.");
    return t.database.db;
  };
}

/** An empty place to restore into: a DATA_DIR that does not exist yet, or a new PostgreSQL database with no schema. */
export type TestTarget = {
  env: { DATA_DIR: string; DATABASE_URL?: string; EMBEDDED_DB?: "pglite" };
  /** The same place for the app's own functions (openDatabase, restoreBackup). */
  location: DatabaseLocation;
  /** Opens it (applying migrations, as a server start does); closed by dispose(). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
};

export async function createEmptyTarget({ postgres = usePostgres }: { postgres?: boolean } = {}): Promise<TestTarget> {
  const parent = makeTempDir();
  const dataDir = path.join(parent, "data");
  const opened: Database[] = [];
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (postgres) {
    const admin = postgresAdminUrl();
    const name = `test_${crypto.randomBytes(6).toString("hex")}`;
    await withAdmin(admin, (c) => c.query(`create database ${name} strategy file_copy`));
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
  }
  return {
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { EMBEDDED_DB: "pglite" as const }) },
    location: { dataDir, databaseUrl, embedded: "pglite" },
    open: async () => {
      const database = await openDatabase({ dataDir, databaseUrl, poolSize: 2, embedded: "pglite" });
      opened.push(database);
      return database;
    },
    dispose: async () => {
      for (const database of opened) await database.close();
      await drop();
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
