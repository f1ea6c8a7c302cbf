import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Vitest's
  export interface ProvidedContext {
    /** Where this run's database templates are made (database-templates.ts), and the run's id. */
    databaseTemplates: { dir: string; id: string };
  }
}

/** The file database-templates.ts writes when it has made the run's PostgreSQL template database. */
export const POSTGRES_TEMPLATE_FILE = "postgres-template.json";

/**
 * The integration project's global set-up: a folder for this run's database templates (made on
 * first use by database-templates.ts), removed with the template database, if one was made, after
 * the run.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ic-test-templates-"));
  // Run as root, the embedded PostgreSQL runs as another user, who must be able to enter it.
  fs.chmodSync(dir, 0o755);
  project.provide("databaseTemplates", { dir, id: crypto.randomBytes(6).toString("hex") });
  return async () => {
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
}
