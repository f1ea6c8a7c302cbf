import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import {
  makeEmbedded,
  makePostgres,
  POSTGRES_TEMPLATE_FILE,
  postgresTemplateName,
  template,
} from "./database-templates-make";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Vitest's
  export interface ProvidedContext {
    /**
     * Where this run's database templates are made (database-templates.ts), and the run's id. The
     * embedded ones go to `embeddedDir`: `dir`, or TEST_TEMPLATES_DIR when `npm test` shares them
     * between its legs.
     */
    databaseTemplates: { dir: string; embeddedDir: string; id: string };
  }
}

/**
 * The integration project's global set-up: a folder for this run's database templates, with the
 * template of the leg's own engine made at once (before any test, so its time counts against no
 * test's timeout); the others are made on first use (database-templates.ts). After the run, the
 * folder and the template database, if one was made, are removed.
 *
 * With TEST_TEMPLATES_DIR (scripts/test.sh sets it, and removes it after the last leg), the embedded
 * databases' templates are made there, once for all the legs of `npm test`: a migrated PGlite folder
 * costs 10–20 s of CPU to make, and three legs used one each. The PostgreSQL template stays the leg's
 * own (each leg has its own server).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ic-test-templates-"));
  // Run as root, the embedded PostgreSQL runs as another user, who must be able to enter it.
  fs.chmodSync(dir, 0o755);
  const embeddedDir = process.env.TEST_TEMPLATES_DIR || dir;
  // A TEST_TEMPLATES_DIR named by hand may not exist yet. (Missing, the error that followed reached
  // the console only as Vite's "code.charCodeAt is not a function" and "No test files found".)
  fs.mkdirSync(embeddedDir, { recursive: true });
  const id = crypto.randomBytes(6).toString("hex");
  project.provide("databaseTemplates", { dir, embeddedDir, id });
  const teardown = async () => {
    const made = path.join(dir, POSTGRES_TEMPLATE_FILE);
    if (fs.existsSync(made)) {
      const { admin, name } = JSON.parse(fs.readFileSync(made, "utf8")) as { admin: string; name: string };
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const admin = process.env.TEST_POSTGRES_URL;
    if (process.env.TEST_DATABASE !== "postgres")
      await template(embeddedDir, "embedded-pglite", makeEmbedded("pglite"));
    // Without TEST_POSTGRES_URL, the first test database says what is missing (test-database.ts).
    else if (admin) await template(dir, "postgres", makePostgres(admin, postgresTemplateName(id)));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
