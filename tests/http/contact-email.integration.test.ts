import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, emailOutbox, siteSettings } from "~/db/schema";
import { createMailTransport } from "~/features/mail/mailer.server";
import { createOutbox } from "~/features/mail/outbox.server";
import { serveBuiltApp } from "../support/built-app";
import { deliverUntil, startSmtpServer } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  // This file is about the staff notification: the visitor's auto-reply (on by default) has its
  // own tests in lead-pipeline.integration.test.ts and would double every count here.
  await t.database.db.insert(siteSettings).values({ id: 1, autoReplyEnabled: false });
});
afterAll(async () => {
  await t?.dispose();
});
afterEach(async () => {
  await t.database.db.delete(contactSubmissions);
  await t.database.db.delete(emailOutbox);
});

const enquiry = (n: number) => ({
  name: `Ciarán Walsh ${n}`,
  email: `ciaran${n}@walsh-retail.ie`,
  phone: "01 555 0100",
  service: "Ceiling Repairs",
  message: `Water came through two ceiling tiles above the till area (#${n}). Can someone look this week?`,
  landingPage: "/ceiling-repair?utm_source=google",
  referrer: "https://www.google.ie/",
  utm: { utm_source: "google", utm_campaign: "repairs" },
});

async function submit(origin: string, body: unknown) {
  const res = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Every outbox row, once `count` of them are marked sent: the SMTP server has a message before the
 * outbox hears its 250 and marks the row.
 */
async function outboxOnceSent(count: number) {
  const rows = () => t.database.db.select().from(emailOutbox);
  await expect
    .poll(async () => (await rows()).filter((r) => r.status === "sent").length, { timeout: 5_000, interval: 20 })
    .toBe(count);
  return rows();
}

describe("notification e-mails through a real SMTP server", () => {
  it("sends staff every field, with Reply-To set to the visitor", async () => {
    const smtp = await startSmtpServer();
    const site = await serveBuiltApp(t.database, {
      env: { RATE_LIMIT_FACTOR: "1000", NOTIFY_EMAIL: "office@icinteriors.ie", SITE_URL: "https://www.icinteriors.ie" },
      transport: createMailTransport(smtp.url, "IC Interiors website <no-reply@icinteriors.ie>"),
    });
    try {
      const id = await submit(site.origin, enquiry(1));
      await deliverUntil(site.services.outbox, smtp, 1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(["office@icinteriors.ie"]);
      expect(mail.from).toBe("no-reply@icinteriors.ie");
      expect(mail.headers["reply-to"]).toBe("ciaran1@walsh-retail.ie");
      expect(mail.headers.subject).toBe("New enquiry from Ciarán Walsh 1 – Ceiling Repairs");
      for (const text of [
        "Name:     Ciarán Walsh 1",
        "E-mail:   ciaran1@walsh-retail.ie",
        "Phone:    01 555 0100",
        "Service:  Ceiling Repairs",
        "Water came through two ceiling tiles above the till area (#1).",
        "Landing page: /ceiling-repair?utm_source=google",
        "Referrer:     https://www.google.ie/",
        "Campaign:     utm_source=google, utm_campaign=repairs",
        "https://www.icinteriors.ie/admin/contacts",
      ]) {
        expect(mail.body).toContain(text);
      }
      const [row] = await outboxOnceSent(1);
      expect(row).toMatchObject({ submissionId: id, status: "sent", attempts: 1, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await site.close();
      await smtp.close();
    }
  });

  it("loses nothing while SMTP is down, and delivers everything once it is back", async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close(); // the mail server is down
    const site = await serveBuiltApp(t.database, {
      env: { RATE_LIMIT_FACTOR: "1000", OUTBOX_RETRY_BASE_MS: "20" },
      transport: createMailTransport(`smtp://127.0.0.1:${port}`, "IC Interiors website <no-reply@icinteriors.ie>"),
    });
    let back: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      const ids = [];
      for (let n = 1; n <= 5; n++) ids.push(await submit(site.origin, enquiry(n)));
      // Each submission kicks the outbox; wait until every e-mail has had a failed attempt.
      await expect
        .poll(
          async () => {
            await site.services.outbox.processDue();
            const rows = await t.database.db.select().from(emailOutbox);
            return rows.filter((r) => r.status === "pending" && r.attempts >= 1).length;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(5);
      // Every enquiry is stored and every e-mail is waiting, with the failure recorded.
      expect(await t.database.db.$count(contactSubmissions)).toBe(5);
      const waiting = await t.database.db.select().from(emailOutbox);
      expect(waiting).toHaveLength(5);
      for (const row of waiting) {
        expect(row.status).toBe("pending");
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      }

      back = await startSmtpServer(port);
      await deliverUntil(site.services.outbox, back, 5);
      const subjects = back.received.map((m) => m.headers.subject).sort();
      expect(subjects).toEqual([1, 2, 3, 4, 5].map((n) => `New enquiry from Ciarán Walsh ${n} – Ceiling Repairs`));
      const rows = await outboxOnceSent(5);
      expect(rows.every((r) => r.status === "sent" && r.attempts >= 2 && r.sentAt)).toBe(true);
    } finally {
      await site.close();
      await back?.close();
    }
  });

  it("without SMTP_URL keeps each e-mail in the outbox, unsent", async () => {
    const site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" }, transport: null });
    try {
      const id = await submit(site.origin, enquiry(9));
      expect(await site.services.outbox.processDue()).toBe(0);
      const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, id));
      expect(row).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      await site.close();
    }
  });

  it("two servers draining one outbox send each e-mail exactly once", async () => {
    const smtp = await startSmtpServer();
    const site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" }, transport: null });
    try {
      for (let n = 1; n <= 30; n++) await submit(site.origin, enquiry(n));
      const workers = [1, 2].map(() =>
        createOutbox({
          db: t.database.db,
          transport: createMailTransport(smtp.url, "IC Interiors website <no-reply@icinteriors.ie>"),
          logger: pino({ level: "silent" }),
          pollMs: 1000,
          retryBaseMs: 1000,
          maxAttempts: 3,
        }),
      );
      await Promise.all(workers.map((w) => w.processDue()));
      await Promise.all(workers.map((w) => w.processDue()));
      expect(smtp.received).toHaveLength(30);
      expect(new Set(smtp.received.map((m) => m.headers.subject)).size).toBe(30);
      await Promise.all(workers.map((w) => w.stop()));
    } finally {
      await site.close();
      await smtp.close();
    }
  });
});
