import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyBackupFile } from "~/features/backup/restore.server";
import { copyEmbeddedTemplate } from "../tests/support/database-templates";
import {
  runServerCommand,
  spawnServer,
  stopServer,
  waitUntilHealthy,
  type ServerProcess,
} from "../tests/support/server-process";
import { makeTempDir } from "../tests/support/test-database";

// What `npm run backup` and `npm run restore` do on the embedded database alone: the running server
// holds the DATA_DIR lock, so the backup command asks it over its control socket, and a restore into
// that DATA_DIR is refused. The rest of the commands (restores, refusals, scheduled backups) is the
// same on either engine and runs on the PostgreSQL legs (backup-commands.integration.test.ts).
const SLOW = 300_000;
let server: ServerProcess;
let dataDir: string;
let backupDir: string;

beforeAll(async () => {
  dataDir = makeTempDir();
  backupDir = makeTempDir("ic-backups-");
  // A copy of a migrated DATA_DIR: the control socket is what this file tests, not a new database.
  await copyEmbeddedTemplate("pglite", dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, EMBEDDED_DB: "pglite", DATABASE_URL: undefined });
  await waitUntilHealthy(server, 240_000);
}, SLOW);
afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe("npm run backup / npm run restore on PGlite", { timeout: SLOW }, () => {
  it("backs up through the running server's control socket; a restore into its DATA_DIR is refused", async () => {
    const env = { DATA_DIR: dataDir, EMBEDDED_DB: "pglite" };
    const backup = await runServerCommand(["backup"], { ...env, BACKUP_DIR: backupDir });
    expect(backup.stderr).toMatch(/^Backed up \d+ rows in \d+ tables/);
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim();
    expect(path.dirname(file)).toBe(backupDir);
    // A whole backup of the server's PGlite database, every table's checksum right.
    expect((await verifyBackupFile(file)).source).toBe("pglite");
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    const onRunning = await runServerCommand(["restore", file], env);
    expect(onRunning.code).toBe(1);
    expect(onRunning.stderr).toMatch(/in use by another server/);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });
});
