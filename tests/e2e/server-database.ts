import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../app/db/schema";
import type { Db } from "../../app/db/client.server";

/**
 * The database of an isolated server (isolated-server.ts), for rows no screen creates yet (a
 * finished job, its photos): its embedded PostgreSQL listens on a socket in the data folder.
 * One connection; `end()` it in afterAll.
 */
export function serverDatabase(server: { dataDir: string }): { pool: pg.Pool; db: Db } {
  const socketDir = path.join(server.dataDir, "postgres");
  const pool = new pg.Pool({
    connectionString: `postgres://postgres@${encodeURIComponent(socketDir)}:5432/postgres`,
    max: 1,
  });
  return { pool, db: drizzle(pool, { schema }) };
}
