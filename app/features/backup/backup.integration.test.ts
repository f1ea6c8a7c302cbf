import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, openDatabase, queryRows, type Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { contactSubmissions, emailOutbox, faqs, users } from "~/db/schema";
import {
  addContact,
  backUpWhileWriting,
  expectSameData,
  fillDatabase,
  retentionHeldCents,
  servicesFor,
} from "../../../tests/support/backup-data";
import {
  createEmptyTarget,
  createTestDatabase,
  makeTempDir,
  type TestDatabase,
  type TestTarget,
} from "../../../tests/support/test-database";
import { BackupFileError, readBackupLines, type BackupHeader } from "./backup-format.server";
import { createBackupFile } from "./backup.server";
import { RestoreRefusedError, restoreBackup } from "./restore.server";

// Backups of the test database (PGlite, or PostgreSQL with TEST_DATABASE=postgres) restored into
// a new database of the same kind; the cross-engine round trips are in backup-cross.postgres.test.ts.
// Each restore opens an embedded database (seconds each on PGlite, much longer on a machine shared
// by several test runs), hence the longer timeout for these tests alone.
const SLOW = 300_000;

let source: TestDatabase;
let uploadId: string;
let backupDir: string;
let file: string;
const targets: TestTarget[] = [];

async function emptyTarget() {
  const target = await createEmptyTarget();
  targets.push(target);
  return target;
}

const restoreInto = (target: TestTarget, backup: string, options?: { force?: boolean }) =>
  restoreBackup(backup, target.location, options);

/** Opens a target briefly (an embedded database may only be open in one place at a time). */
async function withOpen<T>(target: TestTarget, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ ...target.location, poolSize: 2 });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  source = await createTestDatabase();
  ({ uploadId } = await fillDatabase(source.database));
  backupDir = makeTempDir("ic-backups-");
  ({ file } = await createBackupFile(source.database, backupDir, { trigger: "manual" }));
}, SLOW);
afterAll(async () => {
  for (const t of targets) await t.dispose();
  await source?.dispose();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe("backup and restore", { timeout: SLOW }, () => {
  it("covers every table of the app's schema, parents first, and only the owner may read the file", async () => {
    const schemaTables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table).name)
      .filter((name) => !schema.DERIVED_TABLES.includes(name))
      .sort();
    const lines = readBackupLines(file);
    const header = JSON.parse((await lines.next()).value as string) as BackupHeader;
    await lines.return(undefined);
    expect(header.tables.map((t) => t.name).sort()).toEqual(schemaTables);
    const order = header.tables.map((t) => t.name);
    expect(order.indexOf("uploads")).toBeLessThan(order.indexOf("upload_variants"));
    expect(order.indexOf("contact_submissions")).toBeLessThan(order.indexOf("email_outbox"));
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("sessions"));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(path.basename(file)).toMatch(/^backup-\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z-manual\.ndjson\.gz$/);
  });

  it("restores into an empty database every row of every table and the image bytes; new ids continue after", async () => {
    const target = await emptyTarget();
    const summary = await restoreInto(target, file);
    await withOpen(target, async (restored) => {
      const before = await expectSameData(source.database.db, restored.db, uploadId);
      expect(before.upload_variants).toHaveLength(3);
      expect(before.contact_submissions).toHaveLength(4);
      // Each enquiry queues the staff notification and the visitor's auto-reply.
      expect(before.email_outbox).toHaveLength(8);
      expect(summary.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 1));
      // Left out of the backup, the retention held is rebuilt by the triggers as the rows go in.
      expect(await retentionHeldCents(source.database.db)).toBe(5_000);
      expect(await retentionHeldCents(restored.db)).toBe(5_000);
      // Sequences were moved past the restored ids.
      const newId = await addContact(await servicesFor(restored), 99);
      const [max] = await source.database.db
        .select({ id: sql<number>`max(${contactSubmissions.id})` })
        .from(contactSubmissions);
      expect(newId).toBe(Number(max!.id) + 1);
      const [faq] = await restored.db.insert(faqs).values({ question: "New?", answer: "Yes." }).returning();
      expect(faq!.id).toBeGreaterThan(Math.max(...before.faqs!.map((r) => (JSON.parse(r) as { id: number }).id)));
      await restored.db.execute(sql`insert into audit_log (action, summary) values ('faq.create', 'after restore')`);
    });
  });

  it("leaves a target untouched: a truncated or corrupted file is rejected, data refused without --force", async () => {
    const target = await emptyTarget();
    await withOpen(target, (db) => db.db.insert(users).values({ username: "keep-me", password: "x" }));
    const bytes = fs.readFileSync(file);
    const text = zlib.gunzipSync(bytes).toString("utf8");
    const lines = text.split("\n");
    const variantLine = lines.findIndex((l) => l.startsWith('{"upload_id"'));
    const bad: Record<string, [Buffer, RegExp]> = {
      truncated: [bytes.subarray(0, Math.floor(bytes.length * 0.6)), /truncated/],
      "corrupted byte": [
        Buffer.from(bytes.map((b, i) => (i === Math.floor(bytes.length / 2) ? b ^ 0xff : b))),
        /corrupt|truncated|damaged|checksum/,
      ],
      "cut after a complete row": [zlib.gzipSync(lines.slice(0, variantLine + 1).join("\n") + "\n"), /truncated/],
      "edited row": [
        zlib.gzipSync(text.replace("Aoife Byrne 2", "Aoife Byrne X")),
        /contact_submissions do not match their checksum/,
      ],
      "row removed": [
        zlib.gzipSync(lines.filter((_, i) => i !== variantLine).join("\n")),
        /not a row of table upload_variants|should start table/,
      ],
      "not gzip": [Buffer.from(text), /not gzip-compressed/],
      empty: [Buffer.alloc(0), /truncated/],
    };
    for (const [name, [content, expected]] of Object.entries(bad)) {
      const badFile = path.join(backupDir, `bad-${name.replace(/ /g, "-")}.ndjson.gz`);
      fs.writeFileSync(badFile, content);
      const error = await restoreInto(target, badFile, { force: true }).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(BackupFileError);
      expect((error as Error).message, name).toMatch(expected);
      expect((error as Error).message, name).toMatch(/Nothing was changed\.$/);
    }
    // A good file, but the target has data: refused without --force.
    const refused = await restoreInto(target, file).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestoreRefusedError);
    expect((refused as Error).message).toMatch(/not empty \(rows in users\).*--force/);
    await withOpen(target, async (db) => {
      expect((await db.db.select().from(users)).map((u) => u.username)).toEqual(["keep-me"]);
      expect(await db.db.select().from(contactSubmissions)).toEqual([]);
    });
    // An empty target stays empty: a bad file does not even create a database (the file is read
    // before the target is opened, whatever the engine: an embedded DATA_DIR is checked on every leg).
    const truncated = path.join(backupDir, "bad-truncated.ndjson.gz");
    await expect(restoreInto(await emptyTarget(), truncated)).rejects.toThrow(/truncated/);
    const embedded = await createEmptyTarget({ postgres: false });
    targets.push(embedded);
    await expect(restoreInto(embedded, truncated)).rejects.toThrow(/truncated/);
    expect(fs.existsSync(embedded.env.DATA_DIR)).toBe(false);
    // --force replaces everything with the backup.
    await restoreInto(target, file, { force: true });
    await withOpen(target, (restored) => expectSameData(source.database.db, restored.db, uploadId));
  });

  it("a backup taken while enquiries are being written holds whole enquiries: each with its e-mail", async () => {
    // On PostgreSQL the writers run on other connections of the pool; backup.pglite.test.ts holds
    // the same on PGlite's one connection.
    const { file: last, enquiries } = await backUpWhileWriting(source.database, backupDir);
    // The last one restores (its foreign keys hold) with every enquiry and e-mail.
    const target = await emptyTarget();
    await restoreInto(target, last);
    await withOpen(target, async (db) => {
      const [mail] = await db.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
      // A notification and an auto-reply per enquiry.
      expect(mail!.n).toBe(enquiries * 2);
    });
  });

  it("restores a backup made at an older migration, then applies the newer migrations", async () => {
    const migrations = listMigrations();
    const older = migrations.at(-2)!;
    let oldFile: string;
    // The older database on the test's own engine: on PostgreSQL its migrations take a fraction of the
    // CPU they take on PGlite (this test ran on both PostgreSQL legs with a PGlite source).
    const oldTarget = await emptyTarget();
    const old = await openDatabase({ ...oldTarget.location, poolSize: 2, migrate: false });
    try {
      await old.migrate({ through: older.when });
      await old.db.execute(sql`insert into faqs (question, answer) values ('From an older version?', 'Yes.')`);
      ({ file: oldFile } = await createBackupFile(old, backupDir, { trigger: "manual" }));
    } finally {
      await old.close();
    }
    const target = await emptyTarget();
    const summary = await restoreInto(target, oldFile);
    expect(summary).toMatchObject({ migration: older.tag, migrationsApplied: 1 });
    await withOpen(target, async (db) => {
      const [applied] = await queryRows<{ n: string }>(
        db.db,
        sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
      );
      expect(Number(applied!.n)).toBe(migrations.length);
      expect((await db.db.select().from(faqs)).map((f) => f.question)).toEqual(["From an older version?"]);
    });
    // A target already at a newer migration than the backup's is refused, even with --force.
    await expect(restoreInto(target, oldFile, { force: true })).rejects.toThrow(/newer than the backup's/);
  });
});
