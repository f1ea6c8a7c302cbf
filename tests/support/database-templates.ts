import { execFileSync } from "node:child_process";
import { inject } from "vitest";
import { makeEmbedded, makePostgres, postgresTemplateName, template } from "./database-templates-make";

// A new database costs far more than a copy of one. A new PGlite folder runs initdb in WebAssembly and
// every migration: 8–11 s of CPU (over a minute on a 2-core machine shared by several test runs),
// against under 2 s to copy a migrated folder and open it. A new PostgreSQL database runs every
// migration: 4.7–5.7 s against 1.3 s when it is made from a migrated template. A copy is what a new
// database is once migrated (made by the app's own openDatabase, from this checkout's migrations), so
// each test still gets a database of its own; openDatabase still runs the migrator on it. Tests of a
// first start, a conversion or a restore into an empty place do not use these.
//
// Each template is made once per run, in the run's folder: by the integration project's global
// set-up for the leg's own engine (database-templates-setup.ts, before any test and its timeout),
// else by the first test file that asks (the others wait for it, in whichever process or leg). The
// set-up removes them after the run; the embedded ones, under `npm test`, after its last leg.

/**
 * Fills the empty folder `dataDir` with a migrated, empty embedded database of `engine`: what a
 * server's DATA_DIR holds after a first start, before its seeds. `cp -a`: as root, the embedded
 * PostgreSQL runs as another user, who must still own its cluster.
 */
export async function copyEmbeddedTemplate(engine: "postgres" | "pglite", dataDir: string): Promise<void> {
  const source = await template(inject("databaseTemplates").embeddedDir, `embedded-${engine}`, makeEmbedded(engine));
  execFileSync("cp", ["-a", `${source}/.`, dataDir]);
}

/** A migrated, empty database on the PostgreSQL server at `admin`, to copy with `create database … template`. */
export async function postgresTemplate(admin: string): Promise<string> {
  const { dir, id } = inject("databaseTemplates");
  const name = postgresTemplateName(id);
  await template(dir, "postgres", makePostgres(admin, name));
  return name;
}
