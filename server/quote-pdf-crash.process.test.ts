import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { contactSubmissions, emailOutbox, quoteAcceptances, quotes } from "~/db/schema";
import { killTree } from "../tests/support/kill-tree";
import { poisonedSignature } from "../tests/support/poisoned-png";
import { useServerProcesses, waitUntilHealthy, type ServerProcess } from "../tests/support/server-process";
import { startSmtpServer } from "../tests/support/smtp";

// Issue 34, item 1, on the real server process: a signature whose PNG pdfkit's decoder throws on
// (inside zlib's callback, where no try reaches) once ended the process, and the outbox's retry of
// the accepted e-mail, which builds that PDF, ended it again after every restart. Now the
// signature is refused, and a stored one fails only its PDF (in a worker thread): the server keeps
// answering, and keeps answering after a restart with that e-mail still queued.
//
// On the default embedded database (PostgreSQL) only. What this file checks does not differ by
// engine: the signature check, the PDF's worker thread and the outbox's retry and give-up are the
// same code on both, and the outbox's SQL runs on PGlite in the PGlite leg's mail tests
// (mail-settings, lead-quarantine); a PGlite server's restart after kill -9 is
// server.pglite.test.ts's. The second engine doubled the file's time (31–44 s more per CI run on a
// loaded 2-core machine) for nothing this file could catch.

const servers = useServerProcesses();
const ENGINE = "postgres";
const START_TIMEOUT_MS = 45_000;

const LINE = {
  id: "a",
  description: "Suspended ceiling",
  quantity: 10,
  unit: "m²" as const,
  unitPriceCents: 4_500,
  vatRate: 13.5 as const,
  optional: false,
  selected: true,
  goods: false,
};
const TOTALS = {
  netCents: 45_000,
  vat: [{ rate: 13.5 as const, netCents: 45_000, vatCents: 6_075 }],
  vatCents: 6_075,
  grossCents: 51_075,
  depositCents: 0,
};

/** Two quotes on one lead: one sent and open; one accepted before signatures were decoded, its confirmation being sent. */
async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir, embedded: ENGINE });
  try {
    const db = database.db;
    const [lead] = await db
      .insert(contactSubmissions)
      .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A new shop ceiling please." })
      .returning();
    const quote = (n: number, status: "sent" | "accepted") => ({
      submissionId: lead!.id,
      number: `Q-2026-000${n}`,
      token: crypto.randomBytes(24).toString("base64url"),
      status,
      client: { name: "Aoife Byrne", company: "", email: "aoife@byrne-retail.ie", address: "" },
      lines: [LINE],
      validUntil: "2099-12-31",
      totals: TOTALS,
      netCents: TOTALS.netCents,
      grossCents: TOTALS.grossCents,
      sentAt: new Date(),
      acceptedAt: status === "accepted" ? new Date() : null,
    });
    const [open, accepted] = await db
      .insert(quotes)
      .values([quote(1, "sent"), quote(2, "accepted")])
      .returning();
    await db.insert(quoteAcceptances).values({
      quoteId: accepted!.id,
      name: "Aoife Byrne",
      selected: [],
      totals: TOTALS,
      signature: poisonedSignature(),
    });
    // A server was sending it when it died: claimed, its lease run out.
    const [mail] = await db
      .insert(emailOutbox)
      .values({
        submissionId: lead!.id,
        kind: "quote-accepted",
        toAddress: "aoife@byrne-retail.ie",
        subject: "Quote Q-2026-0002 accepted: thank you",
        bodyText: "The accepted quote is attached.",
        attachment: { type: "quote-pdf", quoteId: accepted!.id },
        status: "sending",
        leaseUntil: new Date(Date.now() - 60_000),
      })
      .returning();
    return { open: open!, accepted: accepted!, mailId: mail!.id };
  } finally {
    await database.close();
  }
}

/** Reads (and may change) the data while no server runs. */
async function withDatabase<T>(
  dataDir: string,
  use: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
) {
  const database = await openDatabase({ dataDir, embedded: ENGINE });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

async function waitForLog(server: ServerProcess, text: string, timeoutMs = 30_000) {
  await expect.poll(() => server.output(), { timeout: timeoutMs, interval: 100 }).toContain(text);
}

const crash = async (server: ServerProcess) => {
  killTree(server.proc.pid!);
  await server.exited;
};

describe(`a poisoned signature (embedded ${ENGINE})`, () => {
  it(
    "is refused, its stored PDF fails alone, and the server survives that e-mail before and after a restart",
    { timeout: 4 * START_TIMEOUT_MS },
    async () => {
      const smtp = await startSmtpServer();
      servers.afterTest(() => smtp.close());
      const dataDir = await servers.migratedDataDir(ENGINE);
      const { open, accepted, mailId } = await seed(dataDir);
      const env = {
        DATA_DIR: dataDir,
        EMBEDDED_DB: ENGINE,
        SEED_DEMO_CONTENT: "false",
        SMTP_URL: smtp.url,
        OUTBOX_POLL_MS: "200",
        OUTBOX_MAX_ATTEMPTS: "2",
      };

      // First run: the retry after a failure is far off, so the e-mail waits for the restart.
      const first = await servers.startHealthy({ ...env, OUTBOX_RETRY_BASE_MS: "600000" }, START_TIMEOUT_MS);
      const refused = await fetch(`${first.origin}/q/${open.token}/accept`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Aoife Byrne", agree: true, revision: 1, signature: poisonedSignature() }),
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).fieldErrors).toEqual({ signature: "The signature image could not be read" });
      expect((await fetch(`${first.origin}/q/${accepted.token}/pdf`)).status).toBe(500);
      await waitForLog(first, "notification e-mail failed; will retry");
      await waitUntilHealthy(first);
      expect((await fetch(`${first.origin}/q/${open.token}`)).status).toBe(200);
      expect(first.proc.exitCode).toBeNull();
      await crash(first);

      const between = await withDatabase(dataDir, async (db) => {
        const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, mailId));
        // Time passes: the retry is due.
        await db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, mailId));
        const acceptances = await db.$count(quoteAcceptances, eq(quoteAcceptances.quoteId, open.id));
        return { mail: mail!, acceptances };
      });
      expect(between.mail).toMatchObject({ status: "pending", attempts: 1 });
      expect(between.mail.lastError).toMatch(/^The attachment could not be made: The PDF could not be made/);
      expect(between.acceptances).toBe(0);

      // The restart: the same e-mail is tried again, fails again, and is given up; the server stays up.
      const second = await servers.startHealthy({ ...env, OUTBOX_RETRY_BASE_MS: "10" }, START_TIMEOUT_MS);
      await waitForLog(second, "notification e-mail failed for good");
      await waitUntilHealthy(second);
      expect((await fetch(`${second.origin}/q/${accepted.token}/pdf`)).status).toBe(500);
      expect((await fetch(`${second.origin}/q/${open.token}`)).status).toBe(200);
      second.proc.kill("SIGTERM");
      expect(await second.exited, second.output()).toBe(0);

      const [mail] = await withDatabase(dataDir, (db) =>
        db.select().from(emailOutbox).where(eq(emailOutbox.id, mailId)),
      );
      expect(mail).toMatchObject({ status: "failed", attempts: 2, failedAt: expect.any(Date) });
      expect(smtp.received).toEqual([]);
    },
  );
});
