import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { expect } from "vitest";
import sharp from "sharp";
import { queryRows, type Database, type Db } from "~/db/client.server";
import { uploadVariants, users } from "~/db/schema";
import { seedDemoContent } from "~/features/demo/seed.server";
import { getEnv } from "~/env.server";
import { readBackupLines } from "~/features/backup/backup-format.server";
import { backupTables, createBackupFile } from "~/features/backup/backup.server";
import { hashPassword } from "~/features/auth/password.server";
import { submitChatLead } from "~/features/chat/leads.server";
import { submitContact } from "~/features/contact/contact.server";
import { storeUpload } from "~/features/uploads/uploads.server";
import { createServices } from "~/services.server";
import { insertBillingClient, insertCreditNote, insertInvoice, line } from "./billing-documents";

/** Services around a test database (no mail transport, generous rate limits). */
export function servicesFor(database: Database) {
  const env = getEnv({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_FACTOR: "1000000" });
  return createServices({ env, database, logger: pino({ level: "silent" }), transport: null });
}

/** A small photo: colour gradients, different in every corner. */
export async function testPhoto(width = 320, height = 200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = (x * y) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function addContact(services: Awaited<ReturnType<typeof servicesFor>>, n: number) {
  const result = await submitContact(
    {
      name: `Aoife Byrne ${n}`,
      email: `aoife${n}@example.ie`,
      phone: "087 555 0101",
      message: `Suspended ceiling for our office, enquiry ${n}. Ceád míle fáilte — “quotes” & <tags>.`,
      utm: { utm_source: "newsletter" },
    },
    { services, formToken: "optional", ip: `203.0.113.${n % 250}` },
  );
  if (result.status !== "stored") throw new Error(`contact not stored: ${result.status}`);
  return result.id;
}

/**
 * Fills a database with everything the app stores: demo content, a user with two-factor data,
 * a session, contact enquiries with their e-mails, a chat lead with its transcript, an uploaded
 * image (small, so it has one width in three formats) used by a project, an audit row and an
 * issued invoice.
 * Answers the upload's id.
 */
export async function fillDatabase(database: Database): Promise<{ uploadId: string }> {
  const { db } = database;
  await seedDemoContent(db);
  const services = await servicesFor(database);
  const [user] = await db
    .insert(users)
    .values({
      username: "siobhan",
      password: await hashPassword("Suspended-Grid-42"),
      totpSecret: "encrypted-secret",
      totpLastStep: 59_000_123,
    })
    .returning();
  await db.execute(
    sql`insert into sessions (id_hash, user_id, expires_at) values (${crypto.randomBytes(32).toString("hex")}, ${user!.id}, now() + interval '1 hour')`,
  );
  await db.execute(
    sql`insert into audit_log (user_id, username, action, summary, details) values (${user!.id}, 'siobhan', 'faq.update', 'Updated FAQ "Price?"', ${JSON.stringify({ before: { n: 1 }, after: [1, "two"] })}::jsonb)`,
  );
  for (let n = 1; n <= 3; n++) await addContact(services, n);
  const lead = await submitChatLead(
    {
      idempotencyKey: crypto.randomUUID(),
      name: "Niamh Doyle",
      email: "niamh@doyle-opticians.ie",
      phone: "086 555 0142",
      projectType: "Shop ceiling",
      details: "New ceiling with LED panels.",
      leadQuality: "hot",
      timestamp: "2026-03-02T10:15:00.000Z",
      transcript: [
        { sender: "bot", text: "Hi!", timestamp: "2026-03-02T10:15:00.000Z" },
        { sender: "user", text: "Shop ceiling please", timestamp: "2026-03-02T10:15:01.000Z" },
      ],
      website: "",
    },
    { services, ip: "198.51.100.7" },
  );
  if (lead.status !== "stored") throw new Error(`chat lead not stored: ${lead.status}`);
  const upload = await storeUpload(db, await testPhoto(), "office ceiling.jpg");
  if (upload.status !== "ok") throw new Error(`upload not stored: ${upload.status}`);
  await db.execute(sql`update projects set image_src = ${upload.src} where id = (select min(id) from projects)`);
  // An issued invoice: its VAT columns per rate are generated, so a restore must let PostgreSQL
  // make them again rather than insert them.
  const client = await insertBillingClient(db, { name: "Backup Client" });
  await insertInvoice(db, [line("Ceiling", 100_000, 13.5), line("Lights", 20_000, 23)], {
    client,
    issuedOn: "2026-03-02",
  });
  // Retention: 50.00 held on a stage invoice, 25.00 of it released, and the release credited back.
  // The database keeps the total held (invoice_retention_held, 50.00 here) with triggers, so a
  // restore rebuilds it as it inserts these, the credit note after the invoice it credits.
  await insertInvoice(db, [line("Stage 1", 95_000, 13.5)], {
    client,
    issuedOn: "2026-03-09",
    kind: "stage",
    retentionCents: 5_000,
  });
  const release = await insertInvoice(db, [line("Retention released", 2_500, 13.5)], {
    client,
    issuedOn: "2026-03-16",
    kind: "retention",
  });
  await insertCreditNote(db, release, { client, issuedOn: "2026-03-17" });
  return { uploadId: upload.id };
}

/** The retention held as the database keeps it (the dashboard's figure), in cents. */
export async function retentionHeldCents(db: Db): Promise<number> {
  const [row] = await queryRows<{ cents: string }>(db, sql`select cents::text as cents from invoice_retention_held`);
  return Number(row?.cents);
}

/** Every table's rows as PostgreSQL's JSON for them, in primary-key order (UTC timestamps). */
export async function dumpTables(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const dump: Record<string, string[]> = {};
    for (const table of await backupTables(tx)) {
      const order = sql.join(
        table.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
        sql`, `,
      );
      const rows = await queryRows<{ row: string }>(
        tx,
        sql`select row_to_json(t)::text as row from ${sql.identifier(table.name)} as t order by ${order}`,
      );
      dump[table.name] = rows.map((r) => r.row);
    }
    return dump;
  });
}

/** The bytes of every variant of an upload, keyed by width and format. */
export async function uploadBytes(db: Db, uploadId: string): Promise<Map<string, Buffer>> {
  const rows = await db.select().from(uploadVariants).where(eq(uploadVariants.uploadId, uploadId));
  return new Map(rows.map((r) => [`${r.width}.${r.format}`, r.bytes]));
}

/**
 * Asserts a restored database holds exactly the source's rows in every table and the same image
 * bytes. The content version (a page-cache counter) is the one difference: moved past the source's.
 */
export async function expectSameData(source: Db, restored: Db, uploadId: string) {
  const { content_version: sourceVersion, ...before } = await dumpTables(source);
  const { content_version: restoredVersion, ...after } = await dumpTables(restored);
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  const version = (rows: string[] | undefined) => (JSON.parse(rows![0]!) as { version: number }).version;
  expect(version(restoredVersion)).toBeGreaterThan(version(sourceVersion));
  const images = await uploadBytes(restored, uploadId);
  const original = await uploadBytes(source, uploadId);
  expect(original.size).toBeGreaterThanOrEqual(3);
  expect(images.size).toBe(original.size);
  for (const [key, bytes] of original) expect(images.get(key), key).toEqual(bytes);
  return before;
}

/**
 * Takes two backups while four writers add enquiries, and checks that each holds whole enquiries:
 * every enquiry in it with its e-mails, none without. Each writer adds a fixed number (so nothing
 * outlives the call) and waits for the event loop between enquiries, as requests arriving over the
 * network do: PGlite answers in-process, so back-to-back writes would otherwise never let timers or
 * file I/O run. Answers the last backup and how many enquiries it holds.
 */
export async function backUpWhileWriting(
  database: Database,
  dir: string,
): Promise<{ file: string; enquiries: number }> {
  const services = await servicesFor(database);
  let written = 0;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; i < 100; i++) {
      await addContact(services, 1000 + w * 1000 + i);
      written++;
      await new Promise((r) => setImmediate(r));
    }
  });
  const during: string[] = [];
  while (written < 5) await new Promise((r) => setTimeout(r, 10));
  for (let i = 0; i < 2; i++) during.push((await createBackupFile(database, dir, { trigger: "manual" })).file);
  const writtenDuring = written;
  await Promise.all(writers);
  expect(writtenDuring).toBeLessThan(400);
  let submissions = new Set<unknown>();
  for (const backup of during) {
    const rows: Record<string, Array<Record<string, unknown>>> = {};
    let table = "";
    let header = true;
    for await (const line of readBackupLines(backup)) {
      const value = JSON.parse(line) as Record<string, unknown>;
      if (header) header = false;
      else if ("end" in value && "sha256" in value) break;
      else if (Object.keys(value).length === 1 && typeof value.table === "string") table = value.table;
      else (rows[table] ??= []).push(value);
    }
    submissions = new Set(rows.contact_submissions!.map((r) => r.id));
    expect(new Set(rows.email_outbox!.map((r) => r.submission_id))).toEqual(submissions);
  }
  return { file: during.at(-1)!, enquiries: submissions.size };
}
