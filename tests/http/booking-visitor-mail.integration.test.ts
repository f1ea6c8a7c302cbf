import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { bookingChanges, bookings, contactSubmissions, emailOutbox, staffAvailability, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { createMailTransport } from "~/features/mail/mailer.server";
import { queueCoalesced } from "~/features/mail/outbox.server";
import { addDays, dublinDay } from "~/features/time/dublin-time";
import { serveBuiltApp, signIn } from "../support/built-app";
import { deliverUntil, mimeParts, startSmtpServer, type ReceivedMail } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 34, item 4: a booking's manage link must not be a way to send e-mail at will, nor to put an
// attacker's words in front of the address they typed. Limits at their defaults (3 changes an
// hour, 10 a day, one visitor invitation per booking per 10 minutes); the contact limit is raised
// so making the bookings themselves is not what this file tests.

const PASSWORD = "Grid-Ceiling-Survey-42";
const VICTIM = "victim@byrne-pharmacy.ie";
const TOO_MANY = /changed several times in a short while.*cannot be changed again for \d+ minute\(s\).*call us on/;

let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: Awaited<ReturnType<typeof serveBuiltApp>>;
let other: Awaited<ReturnType<typeof serveBuiltApp>>;
let aoife: number;

const allWeek = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["08:00", "18:00"]]]),
);

beforeAll(async () => {
  t = await createTestDatabase();
  const [a] = await t.database.db
    .insert(users)
    .values({ username: "aoife", password: await hashPassword(PASSWORD), email: "aoife@icinteriors.ie" })
    .returning();
  aoife = a!.id;
  smtp = await startSmtpServer();
  const env = {
    CONTACT_RATE_LIMIT_POINTS: "1000",
    NOTIFY_EMAIL: "office@icinteriors.ie",
    SITE_URL: "https://www.icinteriors.ie",
  };
  app = await serveBuiltApp(t.database, {
    transport: createMailTransport(smtp.url, "IC Interiors <info@icinteriors.ie>"),
    env,
  });
  // A second server on the same database: the limits are the database's, not one process's.
  other = await serveBuiltApp(t.database, { env });
});

afterAll(async () => {
  await other?.close();
  await app?.close();
  await smtp?.close();
  await t?.dispose();
});

beforeEach(async () => {
  const db = t.database.db;
  // Whatever the last test left sending finishes first; what waits for its interval is dropped.
  await app.services.outbox.processDue();
  await db.delete(bookings);
  await db.delete(contactSubmissions);
  await db.delete(emailOutbox);
  await db.delete(staffAvailability);
  smtp.received.length = 0;
  const cookie = await signIn(app.origin, "aoife", PASSWORD);
  const res = await fetch(`${app.origin}/api/admin/availability`, {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({
      surveyMinutes: 60,
      bufferMinutes: 0,
      noticeHours: 24,
      horizonDays: 28,
      staff: [{ userId: aoife, surveys: true, hours: allWeek, daysOff: [] }],
    }),
  });
  expect(res.status).toBe(200);
});

async function post(origin: string, path: string, body: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function freeTimes(): Promise<string[]> {
  const res = await fetch(`${app.origin}/api/booking/slots?from=${addDays(dublinDay(new Date()), 3)}&days=2`);
  const body = (await res.json()) as { slots: Array<{ start: string }> };
  return body.slots.map((s) => s.start);
}

const booking = (start: string, extra: Record<string, unknown> = {}) => ({
  start,
  name: "Niamh Byrne",
  email: VICTIM,
  phone: "087 555 0142",
  eircode: "D02 X285",
  service: "Suspended Ceilings",
  message: "Sagging tiles over the dispensary.",
  ...extra,
});

function ics(mail: ReceivedMail) {
  const part = mimeParts(mail.raw).find((p) => /^text\/calendar/i.test(p.headers["content-type"] ?? ""));
  expect(part, `no invitation in "${mail.headers.subject}"`).toBeDefined();
  const text = part!.body.replace(/\r?\n[ \t]/g, "");
  const get = (name: string) => new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m").exec(text)?.[1];
  return { text, get };
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

const toVictim = () => smtp.received.filter((m) => m.to.includes(VICTIM));

/** The visitor's invitation waiting for its interval, as if the interval had passed. */
async function letIntervalPass() {
  await t.database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.dedupeKey)));
}

describe("e-mail a visitor's input triggers", () => {
  it("never repeats a link-like name or address to the address typed; staff still see them", async () => {
    const [start] = await freeTimes();
    const made = await post(
      app.origin,
      "/api/bookings",
      booking(start!, {
        name: "Your account is locked, visit http://evil.example/login",
        eircode: "",
        address: "Verify at www.evil.example now",
      }),
    );
    expect(made.status).toBe(201);
    await deliverUntil(app.services.outbox, smtp, 3);
    const [invite] = toVictim();
    expect(invite!.body).toContain("Hello there,");
    expect(invite!.body).toContain("Where: the address you gave us");
    for (const text of [invite!.headers.subject, invite!.body, ics(invite!).text]) {
      expect(text).not.toMatch(/evil|locked/i);
    }
    // The surveyor's copy (a staff address) keeps what the visitor typed, to ring them about it.
    const surveyor = smtp.received.find((m) => m.to.includes("aoife@icinteriors.ie"))!;
    expect(surveyor.body).toContain("Your account is locked");

    // So does the cancellation.
    smtp.received.length = 0;
    await post(app.origin, `${made.body.manageUrl}/cancel`, {});
    await letIntervalPass();
    await deliverUntil(app.services.outbox, smtp, 2);
    expect(toVictim()[0]!.body).not.toMatch(/evil|locked/i);
  });

  it("keeps a plain name and address as typed", async () => {
    const [start] = await freeTimes();
    expect((await post(app.origin, "/api/bookings", booking(start!))).status).toBe(201);
    await deliverUntil(app.services.outbox, smtp, 3);
    const [invite] = toVictim();
    expect(invite!.body).toContain("Hello Niamh Byrne,");
    expect(invite!.body).toContain("Where: D02 X285");
    expect(ics(invite!).get("LOCATION")).toBe("D02 X285");
  });
});

describe("the booking confirmation's date and time (issue 35 item 8)", () => {
  it('reads like "Tuesday 1 December 2026, 8:00–9:00": no leading zero on the hour, an en dash, Dublin time', async () => {
    const times = await freeTimes();
    // A morning time, so a leading zero on the hour ("08:00") would show.
    const start = times.find((t) => Number(t.slice(11, 13)) < 10) ?? times[0]!;
    expect((await post(app.origin, "/api/bookings", booking(start))).status).toBe(201);
    await deliverUntil(app.services.outbox, smtp, 3);
    const [invite] = toVictim();
    // The slot's own ISO text carries Dublin's wall clock: "2026-12-01T08:00:00+00:00".
    const [day, clock] = [start.slice(0, 10), start.slice(11, 16)];
    const noon = new Date(`${day}T12:00:00Z`);
    const date = `${WEEKDAY_NAMES[noon.getUTCDay()]} ${noon.getUTCDate()} ${MONTH_NAMES[noon.getUTCMonth()]} ${noon.getUTCFullYear()}`;
    const from = `${Number(clock.slice(0, 2))}:${clock.slice(3)}`;
    const when = new RegExp(`${date}, ${from}–(1?\\d|2[0-3]):[0-5]\\d`);
    expect(invite!.headers.subject).toMatch(new RegExp(`^Your free site survey: ${when.source}$`));
    expect(invite!.body).toMatch(new RegExp(`Your free site survey is booked for ${when.source} \\(Irish time\\)\\.`));
    const surveyor = smtp.received.find((m) => m.to.includes("aoife@icinteriors.ie"))!;
    expect(surveyor.headers.subject).toMatch(new RegExp(`^Site survey booked: Niamh Byrne, ${when.source}$`));
  });
});

describe("changes from a booking's manage link", () => {
  it("sends the visitor one invitation with the latest time for a burst of moves, and refuses a fourth change within the hour with 429", async () => {
    const times = await freeTimes();
    const made = await post(app.origin, "/api/bookings", booking(times[0]!));
    await deliverUntil(app.services.outbox, smtp, 3);
    expect(toVictim()).toHaveLength(1);
    smtp.received.length = 0;

    // Three moves, on two servers sharing the database: each answered, the surveyor told of each.
    for (const [i, origin] of [app.origin, other.origin, app.origin].entries()) {
      const moved = await post(origin, `${made.body.manageUrl}/reschedule`, { start: times[i + 1] });
      expect(moved.status).toBe(200);
    }
    await deliverUntil(app.services.outbox, smtp, 3);
    expect(smtp.received.every((m) => m.to.includes("aoife@icinteriors.ie"))).toBe(true);

    // The visitor's invitation waits out the 10 minutes since the last one: one row, the latest time.
    const waiting = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, VICTIM), eq(emailOutbox.status, "pending")));
    expect(waiting).toHaveLength(1);
    const [sent] = await t.database.db
      .select({ sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, VICTIM), eq(emailOutbox.status, "sent")));
    expect(waiting[0]!.nextAttemptAt.getTime() - sent!.sentAt!.getTime()).toBeGreaterThanOrEqual(600_000 - 1000);

    // A fourth change within the hour, from either server, moving or cancelling: 429 in words.
    for (const [origin, action, body] of [
      [other.origin, "reschedule", { start: times[4] }],
      [app.origin, "cancel", {}],
    ] as const) {
      const refused = await post(origin, `${made.body.manageUrl}/${action}`, body);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(TOO_MANY);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, made.body.id));
    expect(row!.status).toBe("booked");
    expect(row!.startAt.toISOString()).toBe(new Date(times[3]!).toISOString());

    // Without JavaScript, the page's own form: the page, which says the same.
    const form = await fetch(`${app.origin}${made.body.manageUrl}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=cancel",
      redirect: "manual",
    });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect((await form.text()).replace(/<!-- -->/g, "")).toMatch(TOO_MANY);

    // Ten minutes on: one e-mail, the latest state.
    await letIntervalPass();
    await deliverUntil(app.services.outbox, smtp, 4);
    const [latest] = toVictim();
    expect(latest!.headers.subject).toMatch(/^Your site survey has moved to /);
    expect(ics(latest!).get("DTSTART")).toBe(utcStamp(times[3]!));
    expect(ics(latest!).get("SEQUENCE")).toBe("3");
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.toAddress, VICTIM))).toBe(2);
  });

  it("allows 10 changes a day: the next is refused until the oldest is a day old", async () => {
    const times = await freeTimes();
    const made = await post(app.origin, "/api/bookings", booking(times[0]!));
    const now = Date.now();
    // Nine changes earlier today, none in the last hour.
    await t.database.db
      .insert(bookingChanges)
      .values(
        Array.from({ length: 9 }, (_, i) => ({ bookingId: made.body.id, at: new Date(now - (2 + i) * 3_600_000) })),
      );
    expect((await post(app.origin, `${made.body.manageUrl}/reschedule`, { start: times[1] })).status).toBe(200);
    const refused = await post(other.origin, `${made.body.manageUrl}/reschedule`, { start: times[2] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    // The oldest of the ten (10 hours ago) leaves the day in about 14 hours.
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(13 * 3600);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(14 * 3600);
  });

  it("rewrites a waiting invitation instead of adding one, and holds the next for the interval after one was sent", async () => {
    const first = await post(app.origin, "/api/bookings", booking((await freeTimes())[0]!));
    // The rows below are due at once: the server's outbox must not claim them while they are read.
    await app.services.outbox.stop();
    onTestFinished(() => app.services.outbox.start());
    const [bookingRow] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.body.id));
    const db = t.database.db;
    const key = `test-coalesce:${bookingRow!.id}`;
    const mail = (subject: string, delivered: boolean) => ({
      submissionId: bookingRow!.submissionId,
      kind: "booking" as const,
      toAddress: "coalesce@byrne-pharmacy.ie",
      subject: `${subject} (${delivered ? "after one went" : "first"})`,
      bodyText: subject,
    });
    const queue = (subject: string) =>
      db.transaction((tx) => queueCoalesced(tx, key, 600_000, ({ delivered }) => mail(subject, delivered)));
    const rows = () => db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key)).orderBy(emailOutbox.id);

    await queue("booked at 10:00");
    await queue("moved to 11:00");
    expect((await rows()).map((r) => [r.subject, r.status])).toEqual([["moved to 11:00 (first)", "pending"]]);

    const sentAt = new Date();
    await db.update(emailOutbox).set({ status: "sent", sentAt }).where(eq(emailOutbox.dedupeKey, key));
    await queue("moved to 12:00");
    await queue("moved to 13:00");
    const after = await rows();
    expect(after.map((r) => [r.subject, r.status])).toEqual([
      ["moved to 11:00 (first)", "sent"],
      ["moved to 13:00 (after one went)", "pending"],
    ]);
    expect(after[1]!.nextAttemptAt.getTime()).toBe(sentAt.getTime() + 600_000);
    await db.delete(emailOutbox).where(inArray(emailOutbox.dedupeKey, [key]));
  });
});
