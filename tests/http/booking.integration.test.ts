import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookingClaims,
  bookings,
  calendarFeeds,
  contactEvents,
  contactSubmissions,
  emailOutbox,
  staffAvailability,
  surveySettings,
  users,
} from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { addDays, dublinDay } from "~/features/time/dublin-time";
import { runReminders } from "~/features/booking/reminders.server";
import { createMailTransport } from "~/features/mail/mailer.server";
import { serveBuiltApp, signIn } from "../support/built-app";
import { deliverUntil, mimeParts, startSmtpServer, type ReceivedMail } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const PASSWORD = "Grid-Ceiling-Survey-42";
const TAKEN = "That time has just been taken — please pick another.";

let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
let aoife: number;
let brian: number;

const allWeek = {
  mon: [["09:00", "17:00"]],
  tue: [["09:00", "17:00"]],
  wed: [["09:00", "17:00"]],
  thu: [["09:00", "17:00"]],
  fri: [["09:00", "17:00"]],
  sat: [["09:00", "17:00"]],
  sun: [["09:00", "17:00"]],
};

beforeAll(async () => {
  t = await createTestDatabase();
  const db = t.database.db;
  const [a] = await db
    .insert(users)
    .values({
      username: "aoife",
      fullName: "Aoife Brennan",
      password: await hashPassword(PASSWORD),
      email: "aoife@icinteriors.ie",
    })
    .returning();
  const [b] = await db
    .insert(users)
    .values({ username: "brian", password: await hashPassword(PASSWORD), email: "brian@icinteriors.ie" })
    .returning();
  aoife = a!.id;
  brian = b!.id;
  smtp = await startSmtpServer();
  app = await serveBuiltApp(t.database, {
    transport: createMailTransport(smtp.url, "IC Interiors <info@icinteriors.ie>"),
    // Each change's invitation is checked as it goes; the interval between a visitor's invitations
    // has its own tests (booking-visitor-mail.integration.test.ts).
    env: {
      RATE_LIMIT_FACTOR: "100",
      NOTIFY_EMAIL: "office@icinteriors.ie",
      SITE_URL: "https://www.icinteriors.ie",
      BOOKING_INVITE_INTERVAL_S: "0",
    },
  });
  cookie = await signIn(app.origin, "aoife", PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await t?.dispose();
});

beforeEach(async () => {
  const db = t.database.db;
  // The last test's e-mails finish sending first, so they are not counted in this one.
  await expect
    .poll(
      async () => {
        await app.services.outbox.processDue();
        return db.$count(emailOutbox, inArray(emailOutbox.status, ["pending", "sending"]));
      },
      { timeout: 10_000 },
    )
    .toBe(0);
  await db.delete(bookings);
  await db.delete(contactSubmissions);
  await db.delete(emailOutbox);
  await db.delete(staffAvailability);
  await db.delete(surveySettings);
  smtp.received.length = 0;
  // Aoife surveys every day 09:00–17:00; Brian does not do surveys.
  const res = await admin("PUT", "/api/admin/availability", {
    surveyMinutes: 60,
    bufferMinutes: 30,
    noticeHours: 24,
    horizonDays: 28,
    staff: [
      { userId: aoife, surveys: true, hours: allWeek, daysOff: [] },
      { userId: brian, surveys: false, hours: allWeek, daysOff: [] },
    ],
  });
  expect(res.status).toBe(200);
});

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function leadIdOf(bookingId: number) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!.submissionId;
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${app.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function slots(
  from = addDays(dublinDay(new Date()), 3),
  days = 3,
): Promise<Array<{ start: string; end: string }>> {
  const res = await fetch(`${app.origin}/api/booking/slots?from=${from}&days=${days}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { timeZone: string; slots: Array<{ start: string; end: string }> };
  expect(body.timeZone).toBe("Europe/Dublin");
  return body.slots;
}

const visitor = (start: string, n = 1, extra: Record<string, unknown> = {}) => ({
  start,
  name: `Niamh Byrne ${n}`,
  email: `niamh${n}@byrne-pharmacy.ie`,
  phone: "087 555 0142",
  eircode: "D02 X285",
  service: "Suspended Ceilings",
  message: "The ceiling over the dispensary has sagging tiles; we'd like a quote to replace the grid.",
  ...extra,
});

/** Unfolded iCalendar lines of the invitation in an e-mail: name → values. */
function invitation(mail: ReceivedMail) {
  const part = mimeParts(mail.raw).find((p) => /^text\/calendar/i.test(p.headers["content-type"] ?? ""));
  expect(part, `no text/calendar part in "${mail.headers.subject}"`).toBeDefined();
  const lines = part!.body.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const props = new Map<string, string[]>();
  for (const line of lines) {
    const m = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    if (m) props.set(m[1]!, [...(props.get(m[1]!) ?? []), m[3]!]);
  }
  return {
    contentType: part!.headers["content-type"]!,
    get: (name: string) => props.get(name) ?? [],
    lines,
    text: part!.body,
  };
}

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

describe("survey availability (admin)", () => {
  it("answers 400 naming the field, and saves valid settings", async () => {
    const bad = await admin("PUT", "/api/admin/availability", {
      surveyMinutes: 60,
      bufferMinutes: 30,
      noticeHours: 24,
      horizonDays: 181,
      staff: [{ userId: aoife, surveys: true, hours: { ...allWeek, mon: [["17:00", "09:00"]] }, daysOff: [] }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(expect.arrayContaining(["horizonDays", "staff.0.hours.mon.0"]));
    const read = await admin("GET", "/api/admin/availability");
    expect(read.body).toMatchObject({ surveyMinutes: 60, bufferMinutes: 30, noticeHours: 24, horizonDays: 28 });
    expect(read.body.staff.find((s: { userId: number }) => s.userId === aoife)).toMatchObject({
      surveys: true,
      hours: allWeek,
      daysOff: [],
    });
    const signedOut = await fetch(`${app.origin}/api/admin/availability`);
    expect(signedOut.status).toBe(401);
  });

  it("shows the office each staff member by name and whether they have an e-mail address, never the address", async () => {
    const [office] = await t.database.db
      .insert(users)
      .values({ username: "orla-office", role: "office", password: await hashPassword(PASSWORD) })
      .returning();
    const res = await fetch(`${app.origin}/api/admin/availability`, {
      headers: { cookie: await signIn(app.origin, "orla-office", PASSWORD) },
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    const staff = (JSON.parse(text) as { staff: Array<Record<string, unknown>> }).staff;
    expect(staff.map((s) => [s.username, s.hasEmail, "email" in s])).toEqual([
      ["aoife", true, false],
      ["brian", true, false],
      ["orla-office", false, false],
    ]);
    expect(text).not.toContain("@icinteriors.ie");
    await t.database.db.delete(users).where(eq(users.id, office!.id));
  });
});

describe("free slots", () => {
  it("lists times in Irish time with their offset, and refuses more than 31 days", async () => {
    const list = await slots();
    expect(list.length).toBe(3 * 5);
    for (const s of list) expect(s.start).toMatch(/^\d{4}-\d{2}-\d{2}T(09:00|10:30|12:00|13:30|15:00):00\+0[01]:00$/);
    const tooMany = await fetch(`${app.origin}/api/booking/slots?from=${dublinDay(new Date())}&days=32`);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).fieldErrors.days).toBeTruthy();
  });

  it("skips a day off", async () => {
    const day = addDays(dublinDay(new Date()), 4);
    await t.database.db
      .update(staffAvailability)
      .set({ daysOff: [day] })
      .where(eq(staffAvailability.userId, aoife));
    expect((await slots(day, 1)).length).toBe(0);
  });
});

describe("booking a survey", () => {
  it("gives one of ten simultaneous requests for a time the slot; nine hear 409 and nothing of theirs is stored", async () => {
    const [slot] = await slots();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post("/api/bookings", visitor(slot!.start, i))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(TAKEN);
    const won = answers.find((a) => a.status === 201)!.body;
    expect(won).toMatchObject({ start: slot!.start, end: slot!.end });
    expect(won.manageUrl).toMatch(/^\/booking\/[A-Za-z0-9_-]{22,}$/);
    const db = t.database.db;
    expect(await db.$count(bookings)).toBe(1);
    expect(await db.$count(contactSubmissions)).toBe(1);
    // The time is gone from the list.
    expect((await slots()).map((s) => s.start)).not.toContain(slot!.start);
    // The lead: source Booking, still new (nobody has contacted them), with Aoife, and the booking on its timeline.
    const [lead] = await db.select().from(contactSubmissions);
    expect(lead).toMatchObject({ source: "booking", status: "new", contactedAt: null, assigneeId: aoife, spam: false });
    const events = await db.select().from(contactEvents).where(eq(contactEvents.submissionId, lead!.id));
    expect(JSON.stringify(events[0]!.changes)).toContain("Site survey booked for");
  });

  it("e-mails the visitor and the surveyor a calendar invitation (REQUEST), and staff the notification", async () => {
    const [slot] = await slots();
    const made = await post("/api/bookings", visitor(slot!.start));
    expect(made.status).toBe(201);
    await deliverUntil(app.services.outbox, smtp, 3);
    const to = (address: string) => smtp.received.find((m) => m.to.includes(address))!;
    const notification = to("office@icinteriors.ie");
    expect(notification.body).toContain("Site survey:");
    // No auto-reply: the invitation is the visitor's answer.
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      "aoife@icinteriors.ie",
      "niamh1@byrne-pharmacy.ie",
      "office@icinteriors.ie",
    ]);
    const uids = new Set<string>();
    for (const address of ["niamh1@byrne-pharmacy.ie", "aoife@icinteriors.ie"]) {
      const mail = to(address);
      const ics = invitation(mail);
      expect(ics.contentType).toMatch(/method=REQUEST/i);
      expect(ics.get("METHOD")).toEqual(["REQUEST"]);
      expect(ics.get("SEQUENCE")).toEqual(["0"]);
      expect(ics.get("DTSTART")[0]).toBe(utcStamp(slot!.start));
      expect(ics.get("DTEND")[0]).toBe(utcStamp(slot!.end));
      expect(ics.get("LOCATION")[0]).toBe("D02 X285");
      expect(ics.get("ORGANIZER")[0]!.toLowerCase()).toBe("mailto:info@icinteriors.ie");
      expect(ics.get("ATTENDEE").join(" ").toLowerCase()).toContain("mailto:niamh1@byrne-pharmacy.ie");
      expect(ics.get("ATTENDEE").join(" ").toLowerCase()).toContain("mailto:aoife@icinteriors.ie");
      // The surveyor by their full name, never their username, in the invitation and its description.
      const surveyor = ics.lines.find((l) => l.startsWith("ATTENDEE") && /mailto:aoife@/i.test(l));
      expect(surveyor).toMatch(/;CN="?Aoife Brennan"?[;:]/);
      expect(ics.get("DESCRIPTION")[0]).toContain("Surveyor: Aoife Brennan");
      uids.add(ics.get("UID")[0]!);
    }
    expect(uids.size).toBe(1);
    // The visitor's e-mail has the manage link; the surveyor's, the lead.
    expect(to("niamh1@byrne-pharmacy.ie").body).toContain(`https://www.icinteriors.ie${made.body.manageUrl}`);
    // The booking confirmation names who is coming.
    expect(to("niamh1@byrne-pharmacy.ie").body).toContain("Surveyor: Aoife Brennan");
    expect(to("aoife@icinteriors.ie").body).toContain("https://www.icinteriors.ie/admin/contacts?lead=");
  });

  it("moves a booking to another free time from the manage link: same UID, SEQUENCE 1, the old time free again", async () => {
    const [first, second] = await slots();
    const made = await post("/api/bookings", visitor(first!.start));
    await deliverUntil(app.services.outbox, smtp, 3);
    const uid = invitation(smtp.received.find((m) => m.to.includes("aoife@icinteriors.ie"))!).get("UID")[0];
    smtp.received.length = 0;

    const moved = await post(`${made.body.manageUrl}/reschedule`, { start: second!.start });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: second!.start, end: second!.end });
    await deliverUntil(app.services.outbox, smtp, 2);
    for (const mail of smtp.received) {
      const ics = invitation(mail);
      expect(ics.get("METHOD")).toEqual(["REQUEST"]);
      expect(ics.get("UID")).toEqual([uid]);
      expect(ics.get("SEQUENCE")).toEqual(["1"]);
      expect(ics.get("DTSTART")[0]).toBe(utcStamp(second!.start));
    }
    const free = (await slots()).map((s) => s.start);
    expect(free).toContain(first!.start);
    expect(free).not.toContain(second!.start);
    // Moving onto a time that is taken: 409.
    const other = await post("/api/bookings", visitor(first!.start, 2));
    expect(other.status).toBe(201);
    expect((await post(`${made.body.manageUrl}/reschedule`, { start: first!.start })).status).toBe(409);
  });

  it("takes the manage page's own forms without JavaScript: a refusal is the page with its reason, a change goes back to it", async () => {
    const [first, second, third] = await slots();
    const made = await post("/api/bookings", visitor(first!.start, 4));
    expect(made.status).toBe(201);
    const form = (fields: Record<string, string>) =>
      fetch(`${app.origin}${made.body.manageUrl}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
    const NOT_OFFERED = "2020-01-06T10:00:00+00:00";

    const invalid = await form({ intent: "reschedule", start: NOT_OFFERED });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("cache-control")).toBe("no-store");
    expect(invalid.headers.get("x-robots-tag")).toMatch(/noindex/);
    const invalidPage = await text(invalid);
    expect(invalidPage).toContain("Please correct the highlighted fields.");
    expect(invalidPage).toMatch(/id="start-error"[^>]*>Please choose one of the survey times offered</);

    expect((await post("/api/bookings", visitor(second!.start, 5))).status).toBe(201);
    const taken = await form({ intent: "reschedule", start: second!.start });
    expect(taken.status).toBe(409);
    expect(await text(taken)).toContain(TAKEN);
    // Nothing moved.
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, made.body.id));
    expect(row!.startAt.toISOString()).toBe(new Date(first!.start).toISOString());

    // The JSON API, for scripts, answers in the same words.
    expect(await post(`${made.body.manageUrl}/reschedule`, { start: second!.start })).toEqual({
      status: 409,
      body: { message: TAKEN },
    });
    expect(await post(`${made.body.manageUrl}/reschedule`, { start: NOT_OFFERED })).toEqual({
      status: 400,
      body: {
        message: "Please correct the highlighted fields.",
        fieldErrors: { start: "Please choose one of the survey times offered" },
      },
    });

    const moved = await form({ intent: "reschedule", start: third!.start });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${made.body.manageUrl}?done=moved`);
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, made.body.id));
    expect(after!.startAt.toISOString()).toBe(new Date(third!.start).toISOString());
    const cancelled = await form({ intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`${made.body.manageUrl}?done=cancelled`);
    const page = await text(await fetch(`${app.origin}${cancelled.headers.get("location")}`));
    expect(page).toContain("Your site survey is cancelled. A confirmation is on its way to your e-mail.");
  });

  it("cancels from the manage link (METHOD:CANCEL to both) and frees the slot; an unknown token is 404", async () => {
    const [slot] = await slots();
    const made = await post("/api/bookings", visitor(slot!.start));
    await deliverUntil(app.services.outbox, smtp, 3);
    smtp.received.length = 0;
    const cancelled = await post(`${made.body.manageUrl}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    await deliverUntil(app.services.outbox, smtp, 2);
    for (const mail of smtp.received) {
      const ics = invitation(mail);
      expect(ics.contentType).toMatch(/method=CANCEL/i);
      expect(ics.get("METHOD")).toEqual(["CANCEL"]);
      expect(ics.get("STATUS")).toEqual(["CANCELLED"]);
      expect(ics.get("SEQUENCE")).toEqual(["1"]);
    }
    expect(await t.database.db.$count(bookingClaims)).toBe(0);
    expect((await slots()).map((s) => s.start)).toContain(slot!.start);
    const again = await post("/api/bookings", visitor(slot!.start, 3));
    expect(again.status).toBe(201);

    // The manage page: private, never cached, never indexed.
    const page = await fetch(`${app.origin}${made.body.manageUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(await page.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect((await post("/booking/AAAAAAAAAAAAAAAAAAAAAAAA/cancel", {})).status).toBe(404);
    expect((await fetch(`${app.origin}/booking/AAAAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await fetch(`${app.origin}/booking/${made.body.id}`)).status).toBe(404);
  });

  it("lets staff cancel from the admin", async () => {
    const [slot] = await slots();
    const made = await post("/api/bookings", visitor(slot!.start));
    const res = await admin("POST", `/api/admin/bookings/${made.body.id}/cancel`);
    expect(res.status).toBe(200);
    expect((await slots()).map((s) => s.start)).toContain(slot!.start);
    const list = await admin("GET", `/api/admin/bookings?from=${dublinDay(new Date())}&days=14`);
    expect(list.body.bookings[0]).toMatchObject({ id: made.body.id, status: "cancelled" });
  });

  it("takes an Eircode outside the service area, noting it for staff and telling the visitor the team will confirm", async () => {
    const [slot] = await slots();
    const made = await post("/api/bookings", visitor(slot!.start, 1, { eircode: "H91 E2K3" }));
    expect(made.status).toBe(201);
    expect(made.body.message).toMatch(/confirm/);
    const [lead] = await t.database.db.select().from(contactSubmissions);
    expect(lead!.message).toMatch(/Outside the service area/);
    const [booking] = await t.database.db.select().from(bookings);
    expect(booking!.outOfArea).toBe(true);
  });

  it("answers 400 naming the field and stores nothing", async () => {
    const [slot] = await slots();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ phone: "" }, "phone"],
      [{ eircode: "", address: "" }, "eircode"],
      [{ eircode: "D02 XX" }, "eircode"],
      [{ email: "not-an-address" }, "email"],
      [{ name: "N" }, "name"],
      [{ start: "tomorrow morning" }, "start"],
      [{ start: "2020-01-06T09:00:00+00:00" }, "start"],
    ];
    for (const [change, field] of cases) {
      const res = await post("/api/bookings", visitor(slot!.start, 1, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
    }
    expect(await t.database.db.$count(contactSubmissions)).toBe(0);
  });

  it("answers a submission that trips the spam checks like a booking, but holds no time and e-mails nobody", async () => {
    const [slot] = await slots();
    const real = await post("/api/bookings", visitor(slot!.start, 1));
    const [other] = (await slots()).filter((s) => s.start !== slot!.start);
    const res = await post("/api/bookings", visitor(other!.start, 2, { website: "http://spam.example" }));
    // The same status and shape as a real booking, so the checks cannot be probed...
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(real.body).sort());
    expect(res.body).toMatchObject({ start: other!.start, end: other!.end });
    // ...but its words promise only what is true.
    expect(res.body.message).toMatch(/we have your request .* One of the team will confirm it/);
    const db = t.database.db;
    const [lead] = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "niamh2@byrne-pharmacy.ie"));
    expect(lead).toMatchObject({ spam: true, spamReason: "honeypot", source: "booking", status: "new" });
    const [request] = await db.select().from(bookings).where(eq(bookings.submissionId, lead!.id));
    expect(request).toMatchObject({ status: "requested", staffId: null, remindAt: null });
    expect(await db.$count(bookingClaims, eq(bookingClaims.bookingId, request!.id))).toBe(0);
    expect(await db.$count(emailOutbox, eq(emailOutbox.submissionId, lead!.id))).toBe(0);
    expect((await slots()).map((s) => s.start)).toContain(other!.start);
    // Not on the staff calendar; its manage page says the team will confirm, and it cannot be moved online.
    const week = await admin("GET", `/api/admin/bookings?from=${other!.start.slice(0, 10)}&days=7`);
    expect(week.body.bookings.map((b: { id: number }) => b.id)).not.toContain(request!.id);
    const page = await (await fetch(`${app.origin}${res.body.manageUrl}`)).text();
    expect(page).toContain("Requested — the team will confirm it with you");
    const move = await post(`${res.body.manageUrl}/reschedule`, { start: slot!.start });
    expect(move.status).toBe(409);
    expect(move.body.message).toMatch(/has not confirmed this survey request yet/);
    const withdraw = await post(`${res.body.manageUrl}/cancel`, {});
    expect(withdraw.status).toBe(200);
    expect(withdraw.body.message).toBe("Your survey request is withdrawn. Book again whenever it suits.");
    expect(await db.$count(emailOutbox, eq(emailOutbox.submissionId, lead!.id))).toBe(0);
  });

  it("books a released request's time with a free surveyor and sends the invitations, not an auto-reply", async () => {
    const [slot] = await slots();
    const res = await post("/api/bookings", visitor(slot!.start, 3, { website: "http://spam.example" }));
    expect(res.status).toBe(201);
    const released = await admin("PATCH", `/api/admin/contacts/${await leadIdOf(res.body.id)}`, {
      spam: false,
    });
    expect(released.status).toBe(200);
    const db = t.database.db;
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, res.body.id));
    expect(booking).toMatchObject({ status: "booked", staffId: aoife });
    expect(booking!.remindAt).not.toBeNull();
    expect(await db.$count(bookingClaims, eq(bookingClaims.bookingId, booking!.id))).toBeGreaterThan(0);
    expect((await slots()).map((s) => s.start)).not.toContain(slot!.start);
    const [lead] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, booking!.submissionId));
    expect(lead).toMatchObject({ spam: false, status: "new", assigneeId: aoife });
    await deliverUntil(app.services.outbox, smtp, 3);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      "aoife@icinteriors.ie",
      "niamh3@byrne-pharmacy.ie",
      "office@icinteriors.ie",
    ]);
    expect(invitation(smtp.received.find((m) => m.to.includes("niamh3@byrne-pharmacy.ie"))!).get("METHOD")).toEqual([
      "REQUEST",
    ]);
  });

  it("keeps a released request whose time has gone, tells staff on the timeline, and sends the auto-reply", async () => {
    const [slot] = await slots();
    const res = await post("/api/bookings", visitor(slot!.start, 4, { website: "http://spam.example" }));
    expect((await post("/api/bookings", visitor(slot!.start, 5))).status).toBe(201);
    const leadId = await leadIdOf(res.body.id);
    expect((await admin("PATCH", `/api/admin/contacts/${leadId}`, { spam: false })).status).toBe(200);
    const db = t.database.db;
    const [request] = await db.select().from(bookings).where(eq(bookings.id, res.body.id));
    expect(request!.status).toBe("requested");
    const events = await db.select().from(contactEvents).where(eq(contactEvents.submissionId, leadId));
    expect(JSON.stringify(events.map((e) => e.changes))).toContain(
      "is no longer free: arrange another time with the visitor",
    );
    const kinds = await db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.submissionId, leadId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(["auto-reply", "notification"]);
  });

  it("reminds the visitor once, 24 hours before", async () => {
    const [slot] = await slots();
    await post("/api/bookings", visitor(slot!.start));
    const db = t.database.db;
    await db.delete(emailOutbox);
    const start = new Date(slot!.start);
    expect(await runReminders(app.services, new Date(start.getTime() - 25 * 3_600_000))).toBe(0);
    const due = new Date(start.getTime() - 24 * 3_600_000 + 60_000);
    const [first, second] = await Promise.all([runReminders(app.services, due), runReminders(app.services, due)]);
    expect(first + second).toBe(1);
    expect(await runReminders(app.services, due)).toBe(0);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking-reminder"));
    expect(mail!.toAddress).toBe("niamh1@byrne-pharmacy.ie");
    expect(mail!.subject).toMatch(/^Reminder: your site survey is tomorrow/);
  });
});

describe("/book", () => {
  it("is server-rendered with the free times of a chosen day, and never cached", async () => {
    const [slot] = await slots();
    const res = await fetch(`${app.origin}/book?date=${slot!.start.slice(0, 10)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain(`value="${slot!.start}"`);
    expect(html).toContain('name="formToken"');
  });

  it("sends a posted form the spam checks hold to its request page, which promises only a call to confirm", async () => {
    const [slot] = await slots();
    const { eircode, ...fields } = visitor(slot!.start, 6);
    const res = await fetch(`${app.origin}/book`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.origin },
      body: new URLSearchParams({ ...fields, eircode, formToken: "forged" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/booking\/[A-Za-z0-9_-]{20,}\?done=booked$/);
    const page = await (await fetch(`${app.origin}${res.headers.get("location")}`)).text();
    expect(page).toContain("we have your request. One of the team will confirm the time");
    expect(page).not.toContain("calendar invitation");
    const [lead] = await t.database.db.select().from(contactSubmissions);
    expect(lead).toMatchObject({ spam: true, spamReason: "bad-token" });
  });
});

describe("staff calendar feed", () => {
  it("serves the user's bookings at a private address; rotating makes the old one 404", async () => {
    const [slot] = await slots();
    const made = await post("/api/bookings", visitor(slot!.start));
    expect(made.status).toBe(201);
    const { body } = await admin("GET", "/api/admin/account/calendar");
    const path = new URL(body.url as string).pathname;
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{22,}\.ics$/);
    const feed = await fetch(`${app.origin}${path}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain(`DTSTART:${utcStamp(slot!.start)}`);
    expect(text).toContain("Niamh Byrne 1");

    const rotated = await admin("POST", "/api/admin/account/calendar/rotate");
    const newPath = new URL(rotated.body.url as string).pathname;
    expect(newPath).not.toBe(path);
    expect((await fetch(`${app.origin}${path}`)).status).toBe(404);
    expect((await fetch(`${app.origin}${newPath}`)).status).toBe(200);
    expect((await fetch(`${app.origin}/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAA.ics`)).status).toBe(404);
    expect(await t.database.db.$count(calendarFeeds)).toBe(1);
  });
});
