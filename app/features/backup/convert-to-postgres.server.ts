import fs from "node:fs";
import path from "node:path";
import { embeddedDatabasesIn, openDatabase } from "~/db/client.server";
import { acquireDirLock } from "~/db/dir-lock.server";
import { embeddedPostgresUnavailable, letPostgresEnter, stopOrphan } from "~/db/embedded-postgres.server";
import { createBackupFile } from "./backup.server";
import { restoreBackup } from "./restore.server";

export type Conversion = {
  /** The backup taken of the PGlite database before anything changed (kept in BACKUP_DIR). */
  backupFile: string;
  rows: number;
  /** Where the PGlite files now are (kept, not deleted). */
  pgliteKeptAt: string;
  ms: number;
};

/**
 * Whether DATA_DIR is due to be converted at start: the embedded database is wanted as PostgreSQL
 * (EMBEDDED_DB unset or postgres, no DATABASE_URL) and DATA_DIR holds a PGlite database and no
 * PostgreSQL one. null when it is not; else `cannot` says why PostgreSQL cannot run here (the
 * PGlite database is then kept as it is), or is null.
 */
export async function conversionDue(env: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  EMBEDDED_DB?: "pglite" | "postgres";
}): Promise<{ cannot: string | null } | null> {
  if (env.DATABASE_URL || env.EMBEDDED_DB === "pglite") return null;
  const holds = embeddedDatabasesIn(env.DATA_DIR);
  if (!holds.pglite || holds.postgres) return null;
  return { cannot: await embeddedPostgresUnavailable(env.DATA_DIR) };
}

/**
 * Converts a PGlite DATA_DIR to the embedded PostgreSQL, with the app's own backup and restore
 * (the same path as `npm run backup` + `npm run restore`, tested both ways):
 *
 * 1. A backup of the PGlite database into `backupDir` (a normal, manual backup: never pruned).
 * 2. Restored into a new cluster in DATA_DIR/converting/data, then the finished cluster is moved to
 *    DATA_DIR/postgres in one rename: until then DATA_DIR is still a PGlite DATA_DIR, so a failure
 *    or a crash at any step leaves the PGlite database as it was (the next start tries again).
 * 3. DATA_DIR/pglite is renamed DATA_DIR/pglite-before-postgres (kept; delete it when satisfied).
 *
 * DATA_DIR/converting holds its own lock for the whole conversion, and DATA_DIR's lock is held
 * while PGlite is open, so a second server starting meanwhile is refused.
 */
export async function convertPgliteToPostgres({
  dataDir,
  backupDir,
}: {
  dataDir: string;
  backupDir: string;
}): Promise<Conversion> {
  const started = performance.now();
  const dir = path.resolve(dataDir);
  const workDir = path.join(dir, "converting");
  const staging = path.join(workDir, "data");
  const release = await acquireDirLock(workDir);
  try {
    // What a crashed conversion left: its half-restored cluster, and the PostgreSQL serving it if
    // that was killed with the conversion (stopped first, not left running on deleted files).
    await stopOrphan(path.join(staging, "postgres"), (m) => process.stderr.write(`${m}\n`));
    fs.rmSync(staging, { recursive: true, force: true });
    const pglite = await openDatabase({ dataDir: dir, embedded: "pglite" });
    let backup;
    try {
      backup = await createBackupFile(pglite, backupDir, { trigger: "manual" });
    } finally {
      await pglite.close();
    }
    letPostgresEnter(dir); // the new cluster is built inside DATA_DIR/converting
    const restored = await restoreBackup(backup.file, { dataDir: staging, embedded: "postgres" });
    fs.renameSync(path.join(staging, "postgres"), path.join(dir, "postgres"));
    let keptAt = path.join(dir, "pglite-before-postgres");
    if (fs.existsSync(keptAt)) keptAt = `${keptAt}-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(path.join(dir, "pglite"), keptAt);
    return {
      backupFile: backup.file,
      rows: restored.rows,
      pgliteKeptAt: keptAt,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    release();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
