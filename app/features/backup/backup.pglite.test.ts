import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { backUpWhileWriting } from "../../../tests/support/backup-data";
import { createEmptyTarget, createTestDatabase, makeTempDir } from "../../../tests/support/test-database";
import { restoreBackup } from "./restore.server";

// What a backup does on PGlite alone: its REPEATABLE READ transaction holds PGlite's one connection,
// so the enquiries written meanwhile queue behind it. The rest of backing up and restoring is the same
// SQL on either engine and runs on the PostgreSQL legs (backup.integration.test.ts; PGlite backups
// and PGlite targets in backup-cross.postgres.test.ts). An embedded restore takes seconds, more on a
// busy machine: a longer timeout.
const SLOW = 300_000;
const backupDir = makeTempDir("ic-backups-");
const cleanup: Array<{ dispose(): Promise<void> }> = [];
afterAll(async () => {
  for (const c of cleanup) await c.dispose();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe("backups on PGlite", { timeout: SLOW }, () => {
  it("a backup taken while enquiries are being written holds whole enquiries and restores", async () => {
    const source = await createTestDatabase({ postgres: false });
    cleanup.push(source);
    const { file, enquiries } = await backUpWhileWriting(source.database, backupDir);
    // Its foreign keys hold: it restores, with a notification and an auto-reply per enquiry.
    const target = await createEmptyTarget({ postgres: false });
    cleanup.push(target);
    await restoreBackup(file, target.location);
    const restored = await openDatabase({ ...target.location, poolSize: 2 });
    try {
      const [mail] = await restored.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
      expect(mail!.n).toBe(enquiries * 2);
    } finally {
      await restored.close();
    }
  });
});
