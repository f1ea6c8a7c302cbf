import fs from "node:fs";
import { afterAll, describe, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { expectSameData, fillDatabase } from "../../../tests/support/backup-data";
import {
  createEmptyTarget,
  createTestDatabase,
  makeTempDir,
  type TestDatabase,
  type TestTarget,
} from "../../../tests/support/test-database";
import { createBackupFile } from "./backup.server";
import { restoreBackup } from "./restore.server";

// One format for both databases: a backup of the embedded database restores into PostgreSQL (the
// documented way to move up to a PostgreSQL server) and a PostgreSQL backup into an embedded one.
// Runs in the PostgreSQL leg, where both are available. Each side opens an embedded database
// (seconds each, much longer on a machine shared by several test runs): a longer timeout here.
const SLOW = 300_000;
const cleanup: Array<TestDatabase | TestTarget> = [];
const backupDir = makeTempDir("ic-backups-");
afterAll(async () => {
  for (const c of cleanup) await c.dispose();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

async function roundTrip(from: { postgres: boolean }, to: { postgres: boolean }) {
  const source = await createTestDatabase(from);
  cleanup.push(source);
  const { uploadId } = await fillDatabase(source.database);
  const { file } = await createBackupFile(source.database, backupDir, { trigger: "manual" });
  const target = await createEmptyTarget(to);
  cleanup.push(target);
  await restoreBackup(file, target.location);
  const restored = await openDatabase({ ...target.location, poolSize: 2 });
  try {
    await expectSameData(source.database.db, restored.db, uploadId);
  } finally {
    await restored.close();
  }
}

describe("backups across databases", { timeout: SLOW }, () => {
  it("an embedded (PGlite) backup restores into PostgreSQL with every row and image", () =>
    roundTrip({ postgres: false }, { postgres: true }));
  it("a PostgreSQL backup restores into an embedded database with every row and image", () =>
    roundTrip({ postgres: true }, { postgres: false }));
});
