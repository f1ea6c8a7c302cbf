import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, emailOutbox, rateLimits, siteSettings } from "~/db/schema";
import { createMailTransport } from "~/features/mail/mailer.server";
import { serveBuiltApp } from "../support/built-app";
import { deliverUntil, startSmtpServer } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  // This file is about the staff notification: the visitor's auto-reply (on by default) has its
  // own tests in lead-pipeline.integration.test.ts and would double every count here.
  await t.database.db.insert(siteSettings).values({ id: 1, autoReplyEnabled: false });
  // Rate limits are exercised in their own describe block with their own servers.
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "100000" } });
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});
beforeEach(async () => {
  await t.database.db.delete(contactSubmissions); // the outbox rows go with them (on delete cascade)
});

const at = "2026-03-02T10:15:00.000Z";
const transcript = [
  { sender: "bot", text: "Hi! I'm the IC Interiors assistant.", timestamp: at },
  { sender: "user", text: "I need a quote for my shop", timestamp: at },
  { sender: "bot", text: "Would you like our shop-fit team to contact you?", timestamp: at },
  { sender: "user", text: "Yes, contact me", timestamp: at },
];
const hotLead = () => ({
  idempotencyKey: crypto.randomUUID(),
  name: "Niamh Doyle",
  email: "niamh@doyle-opticians.ie",
  phone: "086 555 0142",
  projectType: "Shop ceiling",
  details: "New ceiling with LED panels in our Swords opticians.",
  leadQuality: "hot",
  timestamp: at,
  transcript,
  website: "",
  landingPage: "/shop-ceiling",
});
const warmLead = () => ({
  ...hotLead(),
  name: "Conor Walsh",
  email: "conor@walsh-accountants.ie",
  projectType: "Office partitions",
  details: "Two glass meeting rooms in Sandyford, next spring.",
  leadQuality: "warm",
});

function post(
  body: unknown,
  init: { contentType?: string; raw?: string; headers?: Record<string, string>; origin?: string } = {},
) {
  return fetch(`${init.origin ?? site.origin}/api/chat-leads`, {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/json", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}
const rowCount = () => t.database.db.$count(contactSubmissions);
const outboxCount = () => t.database.db.$count(emailOutbox);
const rowById = async (id: number) =>
  (await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0]!;
const mailFor = async (id: number) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, id));

describe("POST /api/chat-leads", () => {
  it("stores a hot lead as a chat enquiry with its quality, transcript and key, and queues the staff e-mail", async () => {
    const lead = hotLead();
    const res = await post(lead);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; message: string };
    expect(body.message).toBe("Thank you! Our team will get back to you shortly.");
    expect(await rowById(body.id)).toMatchObject({
      name: "Niamh Doyle",
      email: "niamh@doyle-opticians.ie",
      phone: "086 555 0142",
      // The nearest of the five services, for the charts; the visitor's own words lead the message.
      service: "Shop Ceiling Installation",
      message: "Project: Shop ceiling\nNew ceiling with LED panels in our Swords opticians.",
      source: "chat",
      leadQuality: "hot",
      transcript,
      idempotencyKey: lead.idempotencyKey,
      landingPage: "/shop-ceiling",
      readAt: null,
    });
    const mails = await mailFor(body.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      status: "pending",
      toAddress: "info@icinteriors.ie",
      replyTo: "niamh@doyle-opticians.ie",
    });
    expect(mails[0]!.subject).toBe("[HOT lead] New enquiry from Niamh Doyle – Shop Ceiling Installation");
    for (const line of [
      "Lead:     hot",
      "Form:         Chat",
      "Chat conversation:",
      "Visitor: I need a quote for my shop",
      "Assistant: Would you like our shop-fit team to contact you?",
    ]) {
      expect(mails[0]!.bodyText).toContain(line);
    }
  });

  it("stores a warm lead without the HOT subject", async () => {
    const res = await post(warmLead());
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await rowById(id)).toMatchObject({ source: "chat", leadQuality: "warm", service: "Partitions" });
    expect((await mailFor(id))[0]!.subject).toBe("New enquiry from Conor Walsh – Partitions");
  });

  it("recomputes the lead quality instead of trusting the browser", async () => {
    const claimedHot = await post({ ...warmLead(), leadQuality: "hot" });
    expect((await rowById(((await claimedHot.json()) as { id: number }).id)).leadQuality).toBe("warm");
    const claimedWarm = await post({ ...warmLead(), projectType: "Ceiling repair", leadQuality: "warm" });
    expect((await rowById(((await claimedWarm.json()) as { id: number }).id)).leadQuality).toBe("hot");
  });

  it("stores a lead without a phone, with the project type in front of short details", async () => {
    const res = await post({ ...warmLead(), phone: "", details: "asap", transcript: undefined });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await rowById(id)).toMatchObject({
      email: "conor@walsh-accountants.ie",
      phone: null,
      // Short details get the project type in front, so the message reads on its own.
      message: "Project: Office partitions\nasap",
      leadQuality: "hot",
      transcript: null,
    });
    const [mail] = await mailFor(id);
    expect(mail!.replyTo).toBe("conor@walsh-accountants.ie");
    expect(mail!.bodyText).not.toContain("Chat conversation:");
  });

  it("is idempotent: a repeat with the same key answers 200 with the same id and stores nothing new", async () => {
    const lead = hotLead();
    const first = await post(lead);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    const again = await post({ ...lead, name: "Changed Name" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id, message: "Thank you! Our team will get back to you shortly." });
    expect(await rowCount()).toBe(1);
    expect(await outboxCount()).toBe(1);
    expect((await rowById(id)).name).toBe("Niamh Doyle");
  });

  it("stores one row when the same lead arrives several times at once (the unique constraint decides)", async () => {
    const lead = hotLead();
    const responses = await Promise.all(Array.from({ length: 8 }, () => post(lead)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { id: number }).id)));
    expect(ids.size).toBe(1);
    expect(await rowCount()).toBe(1);
    expect(await outboxCount()).toBe(1);
  });

  const bad: Array<[string, () => Promise<Response>, number, RegExp | Record<string, string>]> = [
    [
      "an empty object",
      () => post({}),
      400,
      {
        idempotencyKey: "Must be a UUID",
        name: "Required",
        email: "Required",
        projectType: "Required",
        details: "Required",
      },
    ],
    ["a blank name", () => post({ ...hotLead(), name: "   " }), 400, { name: "Required" }],
    ["a one-letter name", () => post({ ...hotLead(), name: "A" }), 400, { name: "Name must be at least 2 characters" }],
    // The answers a visitor once gave one question late: staff could reach nobody.
    [
      "an e-mail that is not an address and a phone without digits",
      () => post({ ...hotLead(), email: "Siobhan Murphy", phone: "siobhan@" }),
      400,
      { email: "Please enter a valid email address", phone: "Please enter a phone number with at least 7 digits" },
    ],
    // Refused at the door (issue 26): the database cannot store a NUL.
    ["a name of NUL bytes", () => post({ ...hotLead(), name: "\u0000\u0000" }), 400, /cannot be stored/],
    [
      "no idempotency key",
      () => post({ ...hotLead(), idempotencyKey: undefined }),
      400,
      { idempotencyKey: "Must be a UUID" },
    ],
    [
      "a key that is not a UUID",
      () => post({ ...hotLead(), idempotencyKey: "1234" }),
      400,
      { idempotencyKey: "Must be a UUID" },
    ],
    [
      "wrong types",
      () => post({ ...hotLead(), name: 12, email: true, details: ["a"] }),
      400,
      { name: "Required", email: "Required", details: "Required" },
    ],
    [
      "over-long details",
      () => post({ ...hotLead(), details: "x".repeat(5001) }),
      400,
      { details: "Must be at most 5,000 characters" },
    ],
    [
      "a body over 64 KB",
      () => post({ ...hotLead(), transcript: [{ sender: "user", text: "x".repeat(70_000), timestamp: at }] }),
      413,
      /too large/,
    ],
    ["invalid JSON", () => post(null, { raw: '{"name": "Niamh", ' }), 400, /not valid JSON/],
    ["a JSON array", () => post([hotLead()]), 400, /JSON object/],
    [
      "a form-encoded body",
      () => post(null, { contentType: "application/x-www-form-urlencoded", raw: "name=Niamh" }),
      415,
      /application\/json/,
    ],
    [
      "text/plain",
      () => post(null, { contentType: "text/plain", raw: JSON.stringify(hotLead()) }),
      415,
      /application\/json/,
    ],
  ];
  for (const [what, send, status, expected] of bad) {
    it(`refuses ${what} with ${status} and stores nothing`, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      const body = (await res.json()) as { message: string; fieldErrors?: Record<string, string> };
      if (expected instanceof RegExp) expect(body.message).toMatch(expected);
      else expect(body.fieldErrors).toEqual(expected);
      expect(await rowCount()).toBe(0);
      expect(await outboxCount()).toBe(0);
    });
  }

  it("refuses other methods with 405", async () => {
    const res = await fetch(`${site.origin}/api/chat-leads`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("refuses a cross-site submission", async () => {
    const res = await post(hotLead(), { headers: { origin: "https://spam.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await rowCount()).toBe(0);
  });

  it("answers a filled honeypot like a success and keeps it in quarantine, e-mailing nobody", async () => {
    const res = await post({ ...hotLead(), website: "http://cheap-pills.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      message: "Thank you! Our team will get back to you shortly.",
    });
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.spam, true))).toBe(1);
    expect(await rowCount()).toBe(1);
    expect(await outboxCount()).toBe(0);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once an IP has used its allowance; retries of stored leads still get their id", async () => {
    // On PostgreSQL the counters are shared through this table: earlier tests' requests count too.
    await t.database.db.delete(rateLimits);
    const limited = await serveBuiltApp(t.database, {
      env: { CHAT_RATE_LIMIT_POINTS: "2", CHAT_RATE_LIMIT_WINDOW_S: "600", RATE_LIMIT_FACTOR: "1" },
    });
    try {
      const send = (body: unknown, headers: Record<string, string> = {}) =>
        post(body, { origin: limited.origin, headers });
      const stored = hotLead();
      expect((await send(stored)).status).toBe(201);
      expect((await send(warmLead())).status).toBe(201);
      const refused = await send(warmLead());
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /Too many messages .* call us on 01 555 0192/,
      );
      expect((await send(warmLead(), { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
      // The browser's retry of a lead the server already has is answered, not limited.
      expect((await send(stored)).status).toBe(200);
      expect(await rowCount()).toBe(2);
      // The contact form has its own allowance.
      const contact = await fetch(`${limited.origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Niamh Doyle",
          email: "niamh@doyle-opticians.ie",
          message: "A separate enquiry through the form.",
        }),
      });
      expect(contact.status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("multiplies the chat limit by RATE_LIMIT_FACTOR", async () => {
    const raised = await serveBuiltApp(t.database, { env: { CHAT_RATE_LIMIT_POINTS: "2", RATE_LIMIT_FACTOR: "3" } });
    try {
      expect(raised.services.limits.chat.points).toBe(6);
    } finally {
      await raised.close();
    }
  });
});

describe("the staff e-mail", () => {
  it("goes out through SMTP marked as a hot lead, with the conversation", async () => {
    const smtp = await startSmtpServer();
    const mailing = await serveBuiltApp(t.database, {
      env: { RATE_LIMIT_FACTOR: "1000" },
      transport: createMailTransport(smtp.url, "IC Interiors website <no-reply@icinteriors.ie>"),
    });
    // Who gets new-lead e-mails is a business setting (NOTIFY_EMAIL only seeds the first start).
    await mailing.services.settings.saveBusiness({ notifyEmails: ["office@icinteriors.ie"] });
    try {
      const res = await post(hotLead(), { origin: mailing.origin });
      expect(res.status).toBe(201);
      await deliverUntil(mailing.services.outbox, smtp, 1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(["office@icinteriors.ie"]);
      expect(mail.headers["reply-to"]).toBe("niamh@doyle-opticians.ie");
      expect(mail.headers.subject).toBe("[HOT lead] New enquiry from Niamh Doyle – Shop Ceiling Installation");
      expect(mail.body).toContain("Visitor: Yes, contact me");
    } finally {
      await mailing.services.settings.saveBusiness({ notifyEmails: ["info@icinteriors.ie"] });
      await mailing.close();
      await smtp.close();
    }
  });
});
