import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "~/db/client.server";
import { POSTGRES_TEMPLATE_FILE } from "./database-templates-setup";

// A new database costs far more than a copy of one. A new PGlite folder runs initdb in WebAssembly and
// every migration: 8–11 s of CPU (over a minute on a 2-core machine shared by several test runs),
// against under 2 s to copy a migrated folder and open it. A new PostgreSQL database runs every
// migration: 4.7–5.7 s against 1.3 s when it is made from a migrated template. A copy is what a new
// database is once migrated (made by the app's own openDatabase, from this checkout's migrations), so
// each test still gets a database of its own; openDatabase still runs the migrator on it. Tests of a
// first start, a conversion or a restore into an empty place do not use these.
//
// A template is made once per run, by the first test file that asks (the others wait for it), in
// the run's folder from database-templates-setup.ts, which removes it after the run.

/** The run's template `name`, made by `make` in its folder if no test file has made it yet. */
async function template(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const root = inject("databaseTemplates").dir;
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
  // Another test file is making it (bounded by the hook's timeout).
  while (!fs.existsSync(outcome)) await new Promise((resolve) => setTimeout(resolve, 100));
  const problem = fs.readFileSync(outcome, "utf8");
  if (problem) throw new Error(`The ${name} template could not be made (in another test file):\n${problem}`);
  return dir;
}

/**
 * Fills the empty folder `dataDir` with a migrated, empty embedded database of `engine`: what a
 * server's DATA_DIR holds after a first start, before its seeds. `cp -a`: as root, the embedded
 * PostgreSQL runs as another user, who must still own its cluster.
 */
export async function copyEmbeddedTemplate(engine: "postgres" | "pglite", dataDir: string): Promise<void> {
  const source = await template(`embedded-${engine}`, async (dir) => {
    const database = await openDatabase({ dataDir: dir, embedded: engine, log: () => {} });
    await database.close();
  });
  execFileSync("cp", ["-a", `${source}/.`, dataDir]);
}

/** A migrated, empty database on the PostgreSQL server at `admin`, to copy with `create database … template`. */
export async function postgresTemplate(admin: string): Promise<string> {
  const name = `test_template_${inject("databaseTemplates").id}`;
  await template("postgres", async (dir) => {
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
  });
  return name;
}
