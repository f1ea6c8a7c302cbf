// A fresh database on a PostgreSQL server for a benchmark's --postgres mode, dropped afterwards.
import crypto from "node:crypto";

/**
 * Creates `<prefix>_<random>` on the server TEST_POSTGRES_URL (or DATABASE_URL) names, as its
 * admin user. Answers its URL and a function that drops it (connections closed by force).
 */
export async function createScratchDatabase(prefix) {
  const pg = (await import("pg")).default;
  const admin = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (!admin)
    throw new Error("--postgres needs TEST_POSTGRES_URL or DATABASE_URL (e.g. from scripts/pg-throwaway.sh start)");
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
