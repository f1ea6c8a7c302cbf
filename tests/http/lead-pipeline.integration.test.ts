import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, digestRuns, emailOutbox, siteSettings, users } from "~/db/schema";
import { runDigest } from "~/features/admin/leads/digest.server";
import { hashPassword } from "~/features/auth/password.server";
import { formatDateTime } from "~/features/time/irish-format";
import { createMailTransport } from "~/features/mail/mailer.server";
import { confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { deliverUntil, startSmtpServer } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
let staffId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const [staff] = await t.database.db
    .insert(users)
    .values({ username: "orla", password: await hashPassword("Pipeline-Reader-77") })
    .returning();
  const [other] = await t.database.db
    .insert(users)
    .values({ username: "donal", password: await hashPassword("Pipeline-Reader-78") })
    .returning();
  staffId = staff!.id;
  otherId = other!.id;
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000", SITE_URL: "https://www.example.ie" } });
  cookie = await signIn(site.origin, "orla", "Pipeline-Reader-77");
  await confirmSession(site.origin, cookie, "Pipeline-Reader-77"); // exports and mail settings ask first
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${site.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function addLead(values: Partial<typeof contactSubmissions.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email: "aoife@byrne-retail.ie", message: "A new shop ceiling please.", ...values })
    .returning();
  return row!;
}

type Detail = {
  status: string;
  valueEur: number | null;
  lostReason: string | null;
  assigneeId: number | null;
  assignee: { id: number; username: string } | null;
  followUpAt: string | null;
  notes: Array<{ body: string; authorName: string; createdAt: string }>;
  timeline: Array<{ type: string; by?: string; changes?: Record<string, [unknown, unknown]>; body?: string }>;
};

beforeEach(async () => {
  await t.database.db.delete(contactSubmissions);
  await t.database.db.delete(digestRuns);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(siteSettings);
});

describe("the lead pipeline API", () => {
  it("moves a lead through the pipeline, records each change on its timeline and in the audit log", async () => {
    const lead = await addLead();
    const fresh = (await (await call("GET", `/api/admin/contacts/${lead.id}`)).json()) as Detail;
    expect(fresh).toMatchObject({ status: "new", valueEur: null, assigneeId: null, followUpAt: null, notes: [] });

    const followUpAt = "2026-12-01T10:00:00.000Z";
    const res = await call("PATCH", `/api/admin/contacts/${lead.id}`, {
      status: "contacted",
      assigneeId: otherId,
      followUpAt,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "contacted", assigneeId: otherId, followUpAt });
    expect((await call("PATCH", `/api/admin/contacts/${lead.id}`, { status: "quoted", valueEur: 12500 })).status).toBe(
      200,
    );
    expect(
      (
        await call("PATCH", `/api/admin/contacts/${lead.id}`, {
          status: "lost",
          lostReason: "Went with a cheaper quote",
        })
      ).status,
    ).toBe(200);

    const detail = (await (await call("GET", `/api/admin/contacts/${lead.id}`)).json()) as Detail;
    expect(detail).toMatchObject({
      status: "lost",
      valueEur: 12500,
      lostReason: "Went with a cheaper quote",
      assignee: { id: otherId, username: "donal" },
      followUpAt,
    });
    const changes = detail.timeline.filter((i) => i.type === "change");
    expect(detail.timeline[0]!.type).toBe("submitted");
    expect(changes.map((c) => c.changes!.status)).toEqual([
      ["new", "contacted"],
      ["contacted", "quoted"],
      ["quoted", "lost"],
    ]);
    expect(changes.every((c) => c.by === "orla")).toBe(true);

    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead.id));
    expect(row!.contactedAt).toBeInstanceOf(Date);
    expect(row!.quotedAt).toBeInstanceOf(Date);
    expect(row!.wonAt).toBeNull();

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "contact.pipeline"));
    expect(audit.map((a) => a.summary)).toContain(
      `Updated enquiry #${lead.id}: status (Quoted → Lost)`.replace("status (", "status, lost reason ("),
    );
    // By number and field names only: the reason itself stays off the audit log.
    expect(JSON.stringify(audit)).not.toContain("cheaper");
  });

  it("refuses bad input with 400 naming the field, and changes nothing", async () => {
    const lead = await addLead({ status: "quoted", valueEur: 900 });
    const cases: Array<[unknown, string]> = [
      [{ status: "maybe" }, "status"],
      [{ valueEur: -1 }, "valueEur"],
      [{ valueEur: 10.5 }, "valueEur"],
      [{ status: "lost" }, "lostReason"],
      [{ status: "lost", lostReason: "   " }, "lostReason"],
      [{ assigneeId: 999_999 }, "assigneeId"],
      [{ followUpAt: "next Tuesday" }, "followUpAt"],
      // One bad field spoils the whole change.
      [{ status: "won", valueEur: -5 }, "valueEur"],
    ];
    for (const [body, field] of cases) {
      const res = await call("PATCH", `/api/admin/contacts/${lead.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { message: string; fieldErrors: Record<string, string> };
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
    }
    expect((await call("PATCH", `/api/admin/contacts/${lead.id}`, {})).status).toBe(400);
    const [row] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, lead.id));
    expect(row).toMatchObject({
      status: "quoted",
      valueEur: 900,
      lostReason: null,
      assigneeId: null,
      followUpAt: null,
    });
    expect((await call("PATCH", "/api/admin/contacts/999999", { status: "won" })).status).toBe(404);
  });

  it("adds notes (1–5,000 characters) and returns them newest first with author and time", async () => {
    const lead = await addLead();
    expect((await call("POST", `/api/admin/contacts/${lead.id}/notes`, { body: "" })).status).toBe(400);
    expect((await call("POST", `/api/admin/contacts/${lead.id}/notes`, { body: "x".repeat(5001) })).status).toBe(400);
    expect((await call("POST", `/api/admin/contacts/${lead.id}/notes`, {})).status).toBe(400);
    expect((await call("POST", "/api/admin/contacts/999999/notes", { body: "Hello" })).status).toBe(404);
    const first = await call("POST", `/api/admin/contacts/${lead.id}/notes`, { body: "Rang her, site visit Tuesday" });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ body: "Rang her, site visit Tuesday", authorName: "orla" });
    expect((await call("POST", `/api/admin/contacts/${lead.id}/notes`, { body: "x".repeat(5000) })).status).toBe(201);
    const detail = (await (await call("GET", `/api/admin/contacts/${lead.id}`)).json()) as Detail;
    expect(detail.notes.map((n) => n.body.length)).toEqual([5000, 28]);
    expect(detail.notes[0]).toMatchObject({ authorName: "orla", createdAt: expect.any(String) });
    expect(detail.timeline.filter((i) => i.type === "note")).toHaveLength(2);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, "contact.note"))).toBe(2);
  });

  it("filters the list by pipeline status, assignee and follow-up due", async () => {
    const past = new Date(Date.now() - 3_600_000);
    const future = new Date(Date.now() + 86_400_000);
    const a = await addLead({ name: "Due", status: "contacted", followUpAt: past, assigneeId: staffId });
    await addLead({ name: "Later", status: "quoted", followUpAt: future, assigneeId: otherId });
    await addLead({ name: "Closed", status: "won", followUpAt: past, valueEur: 5000 });
    await addLead({ name: "Fresh" });
    const names = async (q: string) =>
      ((await (await call("GET", `/api/admin/contacts${q}`)).json()) as Array<{ name: string }>).map((r) => r.name);
    expect(await names("?followUp=due")).toEqual(["Due"]);
    expect(await names("?status=won")).toEqual(["Closed"]);
    expect(await names("?pipeline=quoted")).toEqual(["Later"]);
    expect(await names(`?assignee=${staffId}`)).toEqual(["Due"]);
    expect(await names("?assignee=none")).toEqual(["Fresh", "Closed"]);
    expect(await names("?pipeline=new&status=unread")).toEqual(["Fresh"]);
    const listed = (await (await call("GET", "/api/admin/contacts?followUp=due")).json()) as Array<{ id: number }>;
    expect(listed[0]).toMatchObject({ id: a.id, status: "contacted", assigneeId: staffId });
  });

  it("exports pipeline status, value, assignee, follow-up date and the notes' text", async () => {
    const lead = await addLead({ status: "won", valueEur: 4200, assigneeId: staffId });
    await call("POST", `/api/admin/contacts/${lead.id}/notes`, { body: "Signed" });
    await call("POST", `/api/admin/contacts/${lead.id}/notes`, { body: "Deposit paid" });
    const csv = await (await call("GET", "/api/admin/contacts/export.csv")).text();
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const cols = header!.split(",");
    expect(cols.slice(-5)).toEqual(["pipeline status", "value_eur", "assignee", "follow_up_at", "notes"]);
    const row = rows.join("\r\n");
    expect(row).toMatch(
      /,Won,4200,orla,,"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0[01]:00\] \w+: Signed\n\[[^\]]+\] \w+: Deposit paid"/,
    );
  });

  it("answers lead analytics: weeks, funnel, won value and median time to first contact", async () => {
    const now = Date.now();
    await addLead({ createdAt: new Date(now - 3 * 3_600_000), source: "chat", service: "Partitions" });
    await addLead({
      createdAt: new Date(now - 10 * 3_600_000),
      status: "won",
      valueEur: 8000,
      contactedAt: new Date(now - 8 * 3_600_000),
      quotedAt: new Date(now - 7 * 3_600_000),
      wonAt: new Date(now - 3_600_000),
      referrer: "https://www.google.ie/search?q=ceilings",
      utm: { utm_campaign: "spring" },
    });
    await addLead({
      createdAt: new Date(now - 20 * 3_600_000),
      status: "contacted",
      contactedAt: new Date(now - 16 * 3_600_000),
    });
    await addLead({ createdAt: new Date(now - 200 * 86_400_000), status: "won", valueEur: 99 }); // outside the weeks
    const res = await call("GET", "/api/admin/stats/leads");
    expect(res.status).toBe(200);
    const stats = (await res.json()) as {
      weeks: Array<{
        weekStart: string;
        total: number;
        bySource: { form: number; chat: number; booking: number };
        byService: Record<string, number>;
      }>;
      funnel: Record<string, number>;
      wonValueEur: number;
      medianFirstContactHours: number;
      topReferrers: Array<{ referrer: string; leads: number }>;
      topCampaigns: Array<{ campaign: string; leads: number }>;
    };
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks.every((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.weekStart))).toBe(true);
    expect(new Date(`${stats.weeks[0]!.weekStart}T12:00:00Z`).getUTCDay()).toBe(1); // Mondays
    const counted = stats.weeks.reduce((n, w) => n + w.total, 0);
    expect(counted).toBe(3);
    const chat = stats.weeks.reduce((n, w) => n + w.bySource.chat, 0);
    expect(chat).toBe(1);
    expect(stats.weeks.reduce((n, w) => n + (w.byService.Partitions ?? 0), 0)).toBe(1);
    expect(stats.funnel).toEqual({ new: 1, contacted: 1, quoted: 0, won: 1, lost: 0 });
    expect(stats.wonValueEur).toBe(8000);
    expect(stats.medianFirstContactHours).toBe(3); // 2 h and 4 h
    expect(stats.topReferrers).toEqual([{ referrer: "google.ie", leads: 1 }]);
    expect(stats.topCampaigns).toEqual([{ campaign: "spring", leads: 1 }]);

    // The figures follow the pipeline at once: a lead marked won, and a new lead, show on the next call.
    const fresh = stats.funnel;
    const [pending] = await t.database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.status, "contacted"));
    expect((await call("PATCH", `/api/admin/contacts/${pending!.id}`, { status: "won", valueEur: 1200 })).status).toBe(
      200,
    );
    const afterWin = (await (await call("GET", "/api/admin/stats/leads")).json()) as typeof stats;
    expect(afterWin.funnel).toEqual({ ...fresh, contacted: 0, won: 2 });
    expect(afterWin.wonValueEur).toBe(9200);
    await addLead({ createdAt: new Date(), source: "chat" });
    const afterLead = (await (await call("GET", "/api/admin/stats/leads")).json()) as typeof stats;
    expect(afterLead.weeks.reduce((n, w) => n + w.total, 0)).toBe(4);
    // …and an erased lead (neither the newest lead nor one with a timeline event) leaves them on the next call.
    const [partitions] = await t.database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.service, "Partitions"));
    expect((await call("DELETE", `/api/admin/contacts/${partitions!.id}`)).status).toBe(204);
    const afterDelete = (await (await call("GET", "/api/admin/stats/leads")).json()) as typeof stats;
    expect(afterDelete.weeks.reduce((n, w) => n + w.total, 0)).toBe(3);
    expect(afterDelete.funnel).toEqual({ ...afterLead.funnel, new: afterLead.funnel.new! - 1 });
  });

  it("is for signed-in staff only", async () => {
    expect((await fetch(`${site.origin}/api/admin/stats/leads`)).status).toBe(401);
  });
});

describe("the visitor auto-reply", () => {
  const enquiry = {
    name: "Seán Kavanagh",
    email: "sean@kavanagh-salon.ie",
    service: "Shop Ceiling Installation",
    message: "We need a new ceiling in the salon before March.",
  };
  const post = (body: unknown) =>
    fetch(`${site.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("is queued with the enquiry, once, from the settings, and not when turned off", async () => {
    const res = await post(enquiry);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, id));
    const reply = mails.find((m) => m.kind === "auto-reply")!;
    expect(mails.map((m) => m.kind).sort()).toEqual(["auto-reply", "notification"]);
    expect(reply).toMatchObject({
      toAddress: "sean@kavanagh-salon.ie",
      subject: "Thanks for your enquiry",
    });
    expect(reply.bodyText).toContain("Thank you for getting in touch about Shop Ceiling Installation.");
    expect(reply.bodyHtml).toContain("<p>Hi Seán Kavanagh,</p>");

    // Staff change the wording and the placeholders follow; then turn it off.
    const saved = await call("PUT", "/api/admin/settings/auto-reply", {
      autoReplyEnabled: true,
      autoReplySubject: "Got it, {name}",
      autoReplyBody: "About {service}: <b>we will ring you</b>.",
    });
    expect(saved.status).toBe(200);
    // Another address: one address gets at most one auto-reply a day.
    const second = (await (
      await post({ ...enquiry, email: "bookings@kavanagh-salon.ie", service: undefined })
    ).json()) as {
      id: number;
    };
    const [changed] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.submissionId, second.id))
      .then((rows) => rows.filter((m) => m.kind === "auto-reply"));
    // The visitor's name never reaches the subject (anyone can type anything there).
    expect(changed!.subject).toBe("Got it");
    expect(changed!.bodyText).toContain("About your project: <b>we will ring you</b>.");
    expect(changed!.bodyHtml).toContain("About your project: &lt;b&gt;we will ring you&lt;/b&gt;.");

    expect(
      (
        await call("PUT", "/api/admin/settings/auto-reply", {
          autoReplyEnabled: false,
          autoReplySubject: "",
          autoReplyBody: "x",
        })
      ).status,
    ).toBe(400);
    await call("PUT", "/api/admin/settings/auto-reply", {
      autoReplyEnabled: false,
      autoReplySubject: "Got it, {name}",
      autoReplyBody: "Thanks",
    });
    const third = (await (await post(enquiry)).json()) as { id: number };
    const kinds = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, third.id))).map(
      (m) => m.kind,
    );
    expect(kinds).toEqual(["notification"]);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, "settings.auto-reply"))).toBe(2);
  });

  it("is sent for chat leads too, and a retried chat lead is not acknowledged twice", async () => {
    const lead = {
      name: "Niamh Doyle",
      email: "niamh@doyle.ie",
      phone: "087 000 1111",
      projectType: "Office partitions",
      details: "Two meeting rooms",
      idempotencyKey: "b3f6c1d2-1111-4a4a-9c9c-123456789abc",
    };
    const send = () =>
      fetch(`${site.origin}/api/chat-leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(lead),
      });
    const first = await send();
    expect(first.status).toBe(201);
    await send();
    const replies = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "auto-reply"));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ toAddress: "niamh@doyle.ie", subject: "Thanks for your enquiry" });
  });
});

describe("the daily digest", () => {
  it("is queued once per Irish day for each staff member with an address, even when two servers race", async () => {
    // Colleagues are named by their full names (the digest's greeting and whose a follow-up is).
    await t.database.db
      .update(users)
      .set({ email: "orla@example.ie", fullName: "Orla Kinsella" })
      .where(eq(users.id, staffId));
    await t.database.db.update(users).set({ fullName: "Dónal Walsh" }).where(eq(users.id, otherId));
    await addLead({
      name: "Measure up",
      createdAt: new Date(Date.now() - 120_000),
      status: "contacted",
      followUpAt: new Date(Date.now() - 86_400_000),
      assigneeId: otherId,
    });
    await addLead({ name: "Overnight", createdAt: new Date(Date.now() - 3_600_000) });
    await addLead({
      name: "Call back",
      // A minute ago: a row stamped by the database's clock in the same millisecond as the digest's
      // "now" (which has only millisecond precision) falls to the next day's digest, not this one.
      createdAt: new Date(Date.now() - 60_000),
      status: "contacted",
      followUpAt: new Date(Date.now() - 86_400_000),
      assigneeId: staffId,
    });
    const services = site.services;
    try {
      const [a, b] = await Promise.all([runDigest(services), runDigest(services)]);
      expect([a.status, b.status].sort()).toEqual(["already-sent", "queued"]);
      expect((await runDigest(services)).status).toBe("already-sent");
      const digests = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "digest"));
      expect(digests).toHaveLength(1);
      expect(digests[0]!.toAddress).toBe("orla@example.ie");
      expect(digests[0]!.subject).toMatch(/daily digest: 3 new enquiries, 2 follow-ups due$/);
      expect(digests[0]!.bodyText).toContain("Good morning Orla Kinsella,");
      expect(digests[0]!.bodyText).toMatch(/Call back \(Contacted\), overdue since .*, yours$/m);
      expect(digests[0]!.bodyText).toMatch(/Measure up \(Contacted\), overdue since .*, with Dónal Walsh$/m);
      expect(digests[0]!.bodyText).toContain("https://www.example.ie/admin/contacts?followUp=due");
    } finally {
      await t.database.db.update(users).set({ email: null, fullName: "" });
    }
  });
});

describe("the digest's window", () => {
  it("starts where the previous digest ended, so a late run leaves no enquiry between two digests", async () => {
    await t.database.db.update(users).set({ email: "orla@example.ie" }).where(eq(users.id, staffId));
    try {
      const services = site.services;
      // Yesterday's digest ran at `first`; today's runs 5 s later in the day (a late timer).
      const today = new Date();
      const first = new Date(today.getTime() - 86_400_000 - 5_000);
      expect((await runDigest(services, first)).status).toBe("nothing-to-send");
      // An enquiry 2 s after yesterday's run: outside "the last 24 hours" of today's run.
      await addLead({ name: "Just after", createdAt: new Date(first.getTime() + 2_000) });
      await addLead({ name: "Already listed", createdAt: new Date(first.getTime() - 60_000) });
      expect((await runDigest(services, today)).status).toBe("queued");
      const [digest] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "digest"));
      expect(digest!.subject).toMatch(/daily digest: 1 new enquiry, 0 follow-ups due$/);
      expect(digest!.bodyText).toContain("Just after");
      expect(digest!.bodyText).not.toContain("Already listed");
      // Irish formats (issue 35 item 8): "28 November 2026, 12:47", Dublin's clocks.
      const irishMoment = String.raw`\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}, (1?\d|2[0-3]):[0-5]\d`;
      expect(digest!.bodyText).toMatch(new RegExp(String.raw`New enquiries since the last digest \(${irishMoment}\)`));
      expect(digest!.bodyText).toContain(`New enquiries since the last digest (${formatDateTime(first)})`);
      expect(digest!.bodyText).toMatch(new RegExp(String.raw`Just after, ${irishMoment}$`, "m"));
    } finally {
      await t.database.db.update(users).set({ email: null });
    }
  });
});

describe("the auto-reply and the digest through a real SMTP server", () => {
  it("delivers the visitor's acknowledgement as text and HTML, and the staff digest", async () => {
    const smtp = await startSmtpServer();
    const mailing = await serveBuiltApp(t.database, {
      env: { RATE_LIMIT_FACTOR: "1000", NOTIFY_EMAIL: "office@example.ie", SITE_URL: "https://www.example.ie" },
      transport: createMailTransport(smtp.url, "Website <no-reply@example.ie>"),
    });
    try {
      const res = await fetch(`${mailing.origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Róisín Nolan",
          email: "roisin@nolan-cafe.ie",
          service: "Ceiling Repairs",
          message: "Two tiles fell in the café kitchen last night.",
        }),
      });
      expect(res.status).toBe(201);
      await deliverUntil(mailing.services.outbox, smtp, 2);
      const reply = smtp.received.find((m) => m.to[0] === "roisin@nolan-cafe.ie")!;
      expect(reply.headers.subject).toBe("Thanks for your enquiry");
      expect(reply.body).toContain("Hi Róisín Nolan,");
      expect(reply.body).toContain("about Ceiling Repairs");
      const business = mailing.services.business;
      for (const fact of [business.phone, business.email, business.openingHours.label])
        expect(reply.body).toContain(fact);
      expect(reply.html).toContain("<p>Hi Róisín Nolan,</p>");
      expect(reply.html).toContain(`href="mailto:${business.email}"`);
      expect(smtp.received.filter((m) => m.to[0] === "office@example.ie")).toHaveLength(1);

      // The digest, for the one person with an address.
      await t.database.db.update(users).set({ email: "donal@example.ie" }).where(eq(users.id, otherId));
      expect((await runDigest(mailing.services)).status).toBe("queued");
      await deliverUntil(mailing.services.outbox, smtp, 3);
      const digest = smtp.received.find((m) => m.to[0] === "donal@example.ie")!;
      expect(digest.headers.subject).toMatch(/daily digest: 1 new enquiry, 0 follow-ups due$/);
      expect(digest.body).toContain("Good morning donal,");
      expect(digest.body).toContain("Róisín Nolan – Ceiling Repairs");
      expect(smtp.received).toHaveLength(3); // nothing sent twice
    } finally {
      await t.database.db.update(users).set({ email: null });
      await mailing.close();
      await smtp.close();
    }
  });
});
