import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, emailOutbox, users } from "~/db/schema";
import { runDigest } from "~/features/admin/leads/digest.server";
import { issueFormToken } from "~/features/leads/form-token.server";
import { capQuarantine, purgeQuarantine } from "~/features/leads/quarantine.server";
import { serveBuiltApp } from "../support/built-app";
import { deliverUntil } from "../support/smtp";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

// Quarantine, never discard: what a spam check flags is stored, answered like a real enquiry, kept
// out of everything staff count and read until released, and released exactly once.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;

useMailingSite(
  {
    staff: { username: "aine", password: "Spam-Reviewer-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", NOTIFY_EMAIL: "office@example.ie", CONTACT_MIN_FILL_MS: "3000" },
    from: "Website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const enquiry = (n: string) => ({
  name: `Caoimhe Walsh ${n}`,
  email: `caoimhe.${n}@walsh-dental.ie`,
  service: "Partitions",
  message: `Two glazed partitions for our surgery in Naas (${n}).`,
});
const post = (path: string, body: unknown, origin = site.origin) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${site.origin}${path}`, {
    method,
    headers: { cookie, "sec-fetch-site": "same-origin", ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const human = () => issueFormToken(site.services.appSecret, Date.now() - 8_000);

/** One real lead and one quarantined submission for each spam reason; returns their ids. */
async function arrive() {
  const ids: Record<string, number> = {};
  const send = async (key: string, body: object) => {
    const res = await post("/api/contact", body);
    expect(res.status).toBe(201);
    const json = (await res.json()) as { id: number; message: string };
    expect(json.message).toBe("Thank you for your message. We will get back to you shortly!");
    ids[key] = json.id;
  };
  await send("real", { ...enquiry("real"), formToken: human() });
  await send("honeypot", { ...enquiry("honeypot"), website: "http://cheap-pills.example", formToken: human() });
  await send("too-fast", { ...enquiry("fast"), formToken: issueFormToken(site.services.appSecret) });
  await send("bad-token", { ...enquiry("forged"), formToken: `${Date.now() - 9_000}.forged` });
  return ids;
}

describe("quarantine", () => {
  it("stores every flagged submission with its reason, e-mails nobody, and lists them only under ?spam=1", async () => {
    const ids = await arrive();
    const stored = await t.database.db
      .select({ id: contactSubmissions.id, spam: contactSubmissions.spam, spamReason: contactSubmissions.spamReason })
      .from(contactSubmissions)
      .orderBy(contactSubmissions.id);
    expect(stored).toEqual([
      { id: ids.real, spam: false, spamReason: null },
      { id: ids.honeypot, spam: true, spamReason: "honeypot" },
      { id: ids["too-fast"], spam: true, spamReason: "too-fast" },
      { id: ids["bad-token"], spam: true, spamReason: "bad-token" },
    ]);
    // Only the real lead's notification and auto-reply were queued.
    const mail = await t.database.db.select({ submissionId: emailOutbox.submissionId }).from(emailOutbox);
    expect(mail.map((m) => m.submissionId)).toEqual([ids.real, ids.real]);

    const inbox = (await (await admin("GET", "/api/admin/contacts")).json()) as Array<{ id: number }>;
    expect(inbox.map((r) => r.id)).toEqual([ids.real]);
    const spam = await admin("GET", "/api/admin/contacts?spam=1");
    expect(spam.headers.get("x-total-count")).toBe("3");
    expect(((await spam.json()) as Array<{ id: number; spamReason: string }>).map((r) => [r.id, r.spamReason])).toEqual(
      [
        [ids["bad-token"], "bad-token"],
        [ids["too-fast"], "too-fast"],
        [ids.honeypot, "honeypot"],
      ],
    );
  });

  it("leaves spam out of the counts, the unread badge, the digest, the analytics and the CSV", async () => {
    const ids = await arrive();
    expect(await (await admin("GET", "/api/admin/contacts/count")).json()).toBe(1);
    const page = await (await admin("GET", "/admin/contacts")).text();
    expect(page).toContain("Spam (3)");
    expect(page).not.toContain("Caoimhe Walsh honeypot");
    const stats = (await (await admin("GET", "/api/admin/stats/leads")).json()) as {
      funnel?: { total?: number };
      weeks: Array<{ total: number }>;
    };
    expect(stats.weeks.reduce((n, w) => n + w.total, 0)).toBe(1);
    const csv = await (await admin("GET", "/api/admin/contacts/export.csv?spam=1")).text();
    expect(csv).toContain("Caoimhe Walsh real");
    expect(csv).not.toContain("honeypot");
    expect(csv).not.toContain("Caoimhe Walsh fast");

    await t.database.db.update(users).set({ email: "aine@example.ie" });
    try {
      const digest = await runDigest(site.services, new Date(Date.now() + 1_000));
      expect(digest.status).toBe("queued");
      const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "digest"));
      expect(mail!.bodyText).toContain(`#${ids.real} Caoimhe Walsh real`);
      expect(mail!.bodyText).not.toContain("Caoimhe Walsh fast");
      expect(mail!.subject).toMatch(/1 new enquiry,/);
    } finally {
      await t.database.db.update(users).set({ email: null });
      // Sent now, so no later test's SMTP server sees it arrive.
      await deliverUntil(site.services.outbox, smtp, 3);
    }
  });

  it('releases one with {"spam": false}: exactly one notification and one auto-reply, once', async () => {
    const ids = await arrive();
    const released = await admin("PATCH", `/api/admin/contacts/${ids["too-fast"]}`, { spam: false });
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ id: ids["too-fast"], spam: false });
    // A double click, or a colleague at the same time: nothing more is queued.
    const again = await Promise.all([
      admin("PATCH", `/api/admin/contacts/${ids["too-fast"]}`, { spam: false }),
      admin("PATCH", `/api/admin/contacts/${ids["too-fast"]}`, { spam: false }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);

    // Everything queued goes out: the real lead's two e-mails and the released one's two.
    await deliverUntil(site.services.outbox, smtp, 4);
    const staff = smtp.received.filter((m) => m.to[0] === "office@example.ie" && m.headers.subject!.includes("fast"));
    const visitor = smtp.received.filter((m) => m.to[0] === "caoimhe.fast@walsh-dental.ie");
    expect(staff.map((m) => m.headers.subject)).toEqual(["New enquiry from Caoimhe Walsh fast – Partitions"]);
    expect(visitor).toHaveLength(1);
    expect(smtp.received.some((m) => /honeypot|forged/.test(m.raw))).toBe(false);
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.submissionId, ids["too-fast"]!))).toBe(2);

    const inbox = (await (await admin("GET", "/api/admin/contacts")).json()) as Array<{ id: number }>;
    expect(inbox.map((r) => r.id).sort()).toEqual([ids.real, ids["too-fast"]].sort());
    const detail = (await (await admin("GET", `/api/admin/contacts/${ids["too-fast"]}`)).json()) as {
      timeline: Array<{ type: string; changes?: object }>;
    };
    expect(detail.timeline.some((e) => e.type === "change" && "spam" in (e.changes ?? {}))).toBe(true);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, "contact.release"))).toBe(1);
  });

  it("refuses anything but false, and answers 404 for no such enquiry", async () => {
    const ids = await arrive();
    const bad = await admin("PATCH", `/api/admin/contacts/${ids.honeypot}`, { spam: true });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty("spam");
    expect((await admin("PATCH", "/api/admin/contacts/999999", { spam: false })).status).toBe(404);
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.spam, true))).toBe(3);
  });

  it("a chat bot that fills the honeypot is quarantined too", async () => {
    const res = await post("/api/chat-leads", {
      idempotencyKey: crypto.randomUUID(),
      name: "Bot",
      email: "bot@example.ie",
      projectType: "Partitions",
      details: "Buy cheap pills now",
      website: "http://cheap-pills.example",
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({ spam: true, spamReason: "honeypot", source: "chat" });
    expect(await t.database.db.$count(emailOutbox)).toBe(0);
  });
});

describe("quarantine cannot fill the disk", () => {
  it(`deletes quarantined rows older than the retention, and never a lead`, async () => {
    await t.database.db.insert(contactSubmissions).values([
      { ...enquiry("old-spam"), spam: true, spamReason: "too-fast", createdAt: sql`now() - interval '31 days'` },
      { ...enquiry("new-spam"), spam: true, spamReason: "too-fast", createdAt: sql`now() - interval '29 days'` },
      { ...enquiry("old-lead"), createdAt: sql`now() - interval '400 days'` },
    ]);
    expect(await purgeQuarantine(t.database.db, 30)).toBe(1);
    const names = await t.database.db.select({ name: contactSubmissions.name }).from(contactSubmissions);
    expect(names.map((n) => n.name).sort()).toEqual(["Caoimhe Walsh new-spam", "Caoimhe Walsh old-lead"]);
  });

  it("keeps at most the cap, the oldest going first, leads untouched", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      ...enquiry(`spam-${i}`),
      spam: true,
      spamReason: "honeypot" as const,
      createdAt: new Date(Date.now() - (12 - i) * 60_000),
    }));
    await t.database.db.insert(contactSubmissions).values([...rows, enquiry("lead")]);
    expect(await capQuarantine(t.database.db, 10)).toBe(2);
    const left = await t.database.db
      .select({ name: contactSubmissions.name })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.spam, true));
    expect(left).toHaveLength(10);
    expect(left.map((r) => r.name)).not.toContain("Caoimhe Walsh spam-0");
    expect(left.map((r) => r.name)).not.toContain("Caoimhe Walsh spam-1");
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.spam, false))).toBe(1);
  });

  it("the cap holds as spam arrives through the API (SPAM_MAX_ROWS)", async () => {
    const capped = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000", SPAM_MAX_ROWS: "100" } });
    try {
      for (let i = 0; i < 103; i++)
        expect((await post("/api/contact", { ...enquiry(`bot${i}`), website: "x" }, capped.origin)).status).toBe(201);
      expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.spam, true))).toBe(100);
    } finally {
      await capped.close();
    }
  });
});

describe("the visitor auto-reply", () => {
  it("goes to one address at most once a day however many enquiries it sends", async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await post("/api/contact", { ...enquiry("same"), message: `Enquiry number ${i} about partitions.` })).status,
      ).toBe(201);
    const replies = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "auto-reply"));
    expect(replies).toHaveLength(1);
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.kind, "notification"))).toBe(3);
  });
});
