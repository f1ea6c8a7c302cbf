import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "~/db/client.server";

// How the run's database templates are made (database-templates.ts), without Vitest's test API, so
// the integration project's global set-up can make them too (database-templates-setup.ts).

export type TemplateName = "embedded-pglite" | "embedded-postgres" | "postgres";

/** The file that records the run's PostgreSQL template database, for the run's teardown to drop it. */
export const POSTGRES_TEMPLATE_FILE = "postgres-template.json";

/** The run's PostgreSQL template database. */
export const postgresTemplateName = (runId: string) => `test_template_${runId}`;

/**
 * The run's template `name` in `root`, made by `make` if no test file has made it yet: the first to
 * ask makes it, the others wait for it (they run in other processes).
 */
export async function template(root: string, name: TemplateName, make: (dir: string) => Promise<void>) {
  const dir = path.join(root, name);
  // Written once the template is complete: empty, or why it could not be made.
  const outcome = path.join(root, `${name}.outcome`);
  let maker = true;
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    maker = false;
  }
  if (maker) {
    let problem = "";
    try {
      await make(dir);
    } catch (error) {
      problem = error instanceof Error ? (error.stack ?? error.message) : String(error);
      throw error;
    } finally {
      fs.writeFileSync(`${outcome}.tmp`, problem);
      fs.renameSync(`${outcome}.tmp`, outcome);
    }
    return dir;
  }
  // Another test file is making it (bounded by the test's or the hook's timeout).
  while (!fs.existsSync(outcome)) await new Promise((resolve) => setTimeout(resolve, 100));
  const problem = fs.readFileSync(outcome, "utf8");
  if (problem) throw new Error(`The ${name} template could not be made (in another test file):\n${problem}`);
  return dir;
}

/** A migrated, empty embedded database of `engine` in `dir`, made by the app's own openDatabase. */
export function makeEmbedded(engine: "postgres" | "pglite") {
  return async (dir: string) => {
    const database = await openDatabase({ dataDir: dir, embedded: engine, log: () => {} });
    await database.close();
  };
}

/** A migrated, empty database `name` on the PostgreSQL server at `admin`. */
export function makePostgres(admin: string, name: string) {
  return async (dir: string) => {
    // Recorded first: the run's teardown drops it, even if it was made only in part.
    fs.writeFileSync(path.join(path.dirname(dir), POSTGRES_TEMPLATE_FILE), JSON.stringify({ admin, name }));
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    const url = new URL(admin);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ dataDir: dir, databaseUrl: url.toString(), poolSize: 1 });
    await database.close();
  };
}
