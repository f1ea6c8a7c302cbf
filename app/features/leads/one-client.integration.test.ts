import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, contactSubmissions, emailOutbox, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { attachLeadToClient } from "~/features/clients/client-for-lead.server";
import { issueFormToken } from "./form-token.server";
import { callApi, serveBuiltApp, signIn } from "../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";

// Issue 35 item 6: one person, one story. Leads sharing an e-mail address (any case) or a phone
// number (its digits) show each other, counted by source, in the inbox and on the lead's page; and
// the auto-reply to a chat or a contact form does not offer a survey to someone with one booked.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const password = "One-Client-Story-2026";
  await t.database.db
    .insert(users)
    .values({ username: "aisling", password: await hashPassword(password), role: "office" });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "aisling", password);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const db = () => t.database.db;
const admin = (path: string) =>
  callApi(site.origin, "GET", path, undefined, { cookie, "sec-fetch-site": "same-origin" });

/** A survey booked by a visitor: its lead (source "booking", joined to its client) and the booking. */
async function bookedSurvey(email: string, phone: string, startAt: Date, status: "booked" | "cancelled" = "booked") {
  const lead = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ source: "booking", name: "Gráinne Nolan", email, phone, message: "Survey for the salon ceiling." })
      .returning();
    await attachLeadToClient(tx, row!);
    return row!;
  });
  await db()
    .insert(bookings)
    .values({
      submissionId: lead.id,
      startAt,
      endAt: new Date(startAt.getTime() + 3_600_000),
      blockedUntil: new Date(startAt.getTime() + 5_400_000),
      status,
      token: crypto.randomBytes(16).toString("base64url"),
      uid: `${crypto.randomUUID()}@test`,
      location: "D06 F2X4",
    });
  return lead.id;
}

async function chatLead(email: string, phone: string) {
  const answer = await callApi(site.origin, "POST", "/api/chat-leads", {
    idempotencyKey: crypto.randomUUID(),
    name: "Gráinne Nolan",
    email,
    phone,
    projectType: "Salon ceiling",
    details: "New ceiling with downlights in our Rathmines salon.",
    timestamp: new Date().toISOString(),
    website: "",
  });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

async function contactForm(email: string, phone: string) {
  const answer = await callApi(site.origin, "POST", "/api/contact", {
    name: "Gráinne Nolan",
    email,
    phone,
    service: "Suspended Ceilings",
    message: "A new ceiling for the salon, about 60 m2, before Christmas if possible.",
    formToken: issueFormToken(site.services.appSecret, Date.now() - 8_000),
  });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

async function autoReplyOf(leadId: number) {
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.submissionId, leadId), eq(emailOutbox.kind, "auto-reply")));
  expect(mail, `lead ${leadId} has an auto-reply`).toBeDefined();
  return mail!;
}

describe("a visitor with a survey booked", () => {
  // 10:30 on Dublin's clocks (summer time), years ahead so it is always upcoming.
  const survey = new Date("2030-06-04T09:30:00Z");
  const saysBooked = "Your site survey is booked for Tuesday 4 June 2030, 10:30.";

  it("gets an auto-reply naming the booked time, not a booking offer, by e-mail in any case or phone digits", async () => {
    const booking = await bookedSurvey("grainne@nolan-salon.ie", "(01) 429 6020", survey);
    const second = await bookedSurvey("GRAINNE@nolan-salon.ie", "01 429 6020", new Date("2030-07-01T09:00:00Z"));

    const chat = await chatLead("Grainne@Nolan-Salon.ie", "");
    const chatReply = await autoReplyOf(chat);
    expect(chatReply.bodyText).toContain(saysBooked);
    expect(chatReply.bodyText).not.toContain("/book");
    expect(chatReply.bodyHtml).toContain(saysBooked);
    expect(chatReply.bodyHtml).not.toContain("/book");

    // Another address, the same phone number written differently: the same person.
    const form = await contactForm("bookings@nolan-salon.ie", "014296020");
    expect((await autoReplyOf(form)).bodyText).toContain(saysBooked);

    // The lead's page counts the client's other leads by source and lists each one.
    const detail = await admin(`/api/admin/contacts/${chat}`);
    expect(detail.status).toBe(200);
    expect(detail.body.client.otherCounts).toEqual(
      expect.arrayContaining([
        { source: "booking", count: 2 },
        { source: "contact-form", count: 1 },
      ]),
    );
    expect(detail.body.client.otherCounts).toHaveLength(2);
    expect(new Set(detail.body.client.otherLeads.map((l: { id: number }) => l.id))).toEqual(
      new Set([booking, second, form]),
    );

    // The inbox marks each of her rows with how many others her client has.
    const inbox = await admin("/api/admin/contacts?q=nolan-salon");
    expect(inbox.status).toBe(200);
    const marks = Object.fromEntries(inbox.body.map((r: { id: number; otherLeads: number }) => [r.id, r.otherLeads]));
    expect(marks).toEqual({ [booking]: 3, [second]: 3, [chat]: 3, [form]: 3 });
  });

  it("is offered a booking again when her survey was cancelled or is past, and others always are", async () => {
    await bookedSurvey("declan@ward-optics.ie", "087 765 4321", new Date("2030-06-05T09:00:00Z"), "cancelled");
    await bookedSurvey("declan@ward-optics.ie", "087 765 4321", new Date(Date.now() - 86_400_000));
    const chat = await chatLead("declan@ward-optics.ie", "087 765 4321");
    const reply = await autoReplyOf(chat);
    expect(reply.bodyText).toContain(`Book a free site survey at a time that suits you: ${site.services.siteUrl}/book`);
    expect(reply.bodyText).not.toContain("is booked for");

    const stranger = await contactForm("siobhan@kelly-dental.ie", "086 111 2233");
    expect((await autoReplyOf(stranger)).bodyText).toContain("/book");
    const detail = await admin(`/api/admin/contacts/${stranger}`);
    expect(detail.body.client.otherCounts).toEqual([]);
    const inbox = await admin("/api/admin/contacts?q=kelly-dental");
    expect(inbox.body.map((r: { otherLeads: number }) => r.otherLeads)).toEqual([0]);
  });
});
