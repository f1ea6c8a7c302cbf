import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, contactSubmissions, staffAvailability, surveySettings, users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { addDays, dublinDay } from "~/features/time/dublin-time";
import { irishHolidaysBetween } from "~/features/time/irish-holidays";
import { serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 35 items 3-5 on the built server: /book pages through the owner's whole horizon and
// answers a day past it with 400 and words; public holidays are closed unless opened; a day change
// without JavaScript keeps what was typed and stores nothing; a booking from an estimate carries
// it onto its lead with its attribution, as source "booking", status "new", surveyor assigned; and
// the dashboard does not count it as contacted.

const PASSWORD = "Season-Ahead-Survey-35";
let t: TestDatabase;
let app: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
let aoife: number;
const today = dublinDay(new Date());

const allWeek = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["09:00", "17:00"]]]),
);

beforeAll(async () => {
  t = await createTestDatabase();
  const [a] = await t.database.db
    .insert(users)
    .values({ username: "aoife", password: await hashPassword(PASSWORD), email: "aoife@icinteriors.ie" })
    .returning();
  aoife = a!.id;
  app = await serveBuiltApp(t.database, {
    env: { RATE_LIMIT_FACTOR: "100", CONTACT_MIN_FILL_MS: "0", SITE_URL: "https://www.icinteriors.ie" },
  });
  cookie = await signIn(app.origin, "aoife", PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const hours = (openHolidays?: string[]) =>
  admin("PUT", "/api/admin/availability", {
    surveyMinutes: 60,
    bufferMinutes: 30,
    noticeHours: 24,
    horizonDays: 180,
    ...(openHolidays ? { openHolidays } : {}),
    staff: [{ userId: aoife, surveys: true, hours: allWeek, daysOff: [] }],
  });

beforeEach(async () => {
  const db = t.database.db;
  await db.delete(bookings);
  await db.delete(contactSubmissions);
  await db.delete(staffAvailability);
  await db.delete(surveySettings);
  expect((await hours([])).status).toBe(200);
});

async function freeTimes(day: string): Promise<string[]> {
  const res = await fetch(`${app.origin}/api/booking/slots?from=${day}&days=1`);
  return ((await res.json()) as { slots: Array<{ start: string }> }).slots.map((s) => s.start);
}

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

/** A weekday about `n` days ahead that is not a public holiday. */
function ordinaryDay(n: number): string {
  let day = addDays(today, n);
  while (irishHolidaysBetween(day, day).length) day = addDays(day, 1);
  return day;
}

describe("/book through the horizon", () => {
  it("shows a day five months ahead, and answers a day past the horizon with 400 and words", async () => {
    const far = ordinaryDay(150);
    const res = await fetch(`${app.origin}/book?date=${far}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const [first] = await freeTimes(far);
    expect(first).toBeDefined();
    expect(html).toContain(`value="${first}"`);
    expect(html).toContain("Previous week");

    const past = await fetch(`${app.origin}/book?date=${addDays(today, 182)}`);
    expect(past.status).toBe(400);
    expect(decode(await past.text())).toMatch(/Surveys can be booked up to 180 days ahead, until \w+ \d+ \w+ \d{4}/);
    expect((await fetch(`${app.origin}/book?date=2026-02-30`)).status).toBe(400);
  });

  it("offers no time on a public holiday until the owner opens that date", async () => {
    const holiday = irishHolidaysBetween(addDays(today, 3), addDays(today, 170))[0]!;
    expect(await freeTimes(holiday.date)).toEqual([]);
    const page = decode(await (await fetch(`${app.origin}/book?date=${holiday.date}`)).text());
    expect(page).toContain(holiday.name);
    expect(page).toContain("No survey times are free on");

    expect((await hours([holiday.date])).status).toBe(200);
    expect((await freeTimes(holiday.date)).length).toBeGreaterThan(0);
    // Only a public holiday can be opened.
    const bad = await hours([ordinaryDay(20)]);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({ "openHolidays.0": expect.stringContaining("public holiday") });
  });
});

describe("booking from an estimate, without JavaScript", () => {
  it("keeps what was typed when the day changes, then books it as a new lead with the estimate and attribution", async () => {
    const made = await fetch(`${app.origin}/api/estimate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ item: "basic-suspended-ceiling", quantity: 120, location: "W91 X2F3" }),
    });
    const estimate = (await made.json()) as { id: string; lowEur: number; highEur: number };
    const opened = await fetch(`${app.origin}/book?estimate=${encodeURIComponent(estimate.id)}`, {
      headers: { referer: "https://www.google.ie/" },
    });
    const page = decode(await opened.text());
    expect(page).toContain("Your estimate, sent with this booking");
    expect(page).toContain('value="W91 X2F3"');
    expect(page).toMatch(/<option value="Suspended Ceilings" selected="">/);
    const formToken = /name="formToken" value="([^"]+)"/.exec(page)![1]!;

    const typed = {
      name: "Síle Byrne",
      email: "sile@byrne-pharmacy.ie",
      phone: "045 123 4567",
      eircode: "W91 X2F3",
      address: "",
      service: "Suspended Ceilings",
      message: "Back office and shop floor.",
      formToken,
      estimateId: estimate.id,
      website: "",
      landingPage: "/estimate?utm_source=google&utm_campaign=spring-shops",
      referrer: "https://www.google.ie/",
      utm_source: "google",
      utm_campaign: "spring-shops",
    };
    // Two months ahead: the day change posts the form back; nothing is stored, nothing goes in the address.
    const day = ordinaryDay(60);
    const changed = await fetch(`${app.origin}/book`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.origin },
      body: new URLSearchParams({ ...typed, day }),
      redirect: "manual",
    });
    expect(changed.status).toBe(200);
    const again = decode(await changed.text());
    expect(again).toContain('value="Síle Byrne"');
    expect(again).toContain('value="sile@byrne-pharmacy.ie"');
    expect(again).toContain('value="045 123 4567"');
    expect(again).toMatch(/<option value="Suspended Ceilings" selected="">/);
    expect(again).toContain(`action="/book?date=${day}#when-heading"`);
    expect(again).not.toContain("sile%40byrne");
    expect(await t.database.db.$count(contactSubmissions)).toBe(0);
    const start = /name="start" value="([^"]+)"/.exec(again)![1]!;
    expect(start.slice(0, 10)).toBe(day);

    // A day past the horizon posted the same way: 400 with words, the typed values kept.
    const tooFar = await fetch(`${app.origin}/book`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.origin },
      body: new URLSearchParams({ ...typed, intent: "show", goto: addDays(today, 200) }),
    });
    expect(tooFar.status).toBe(400);
    const refused = decode(await tooFar.text());
    expect(refused).toContain("Surveys can be booked up to 180 days ahead");
    expect(refused).toContain('value="sile@byrne-pharmacy.ie"');

    const booked = await fetch(`${app.origin}/book?date=${day}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.origin },
      body: new URLSearchParams({ ...typed, start }),
      redirect: "manual",
    });
    expect(booked.status).toBe(303);
    const [lead] = await t.database.db.select().from(contactSubmissions);
    expect(lead).toMatchObject({
      source: "booking",
      status: "new",
      assigneeId: aoife,
      contactedAt: null,
      spam: false,
      landingPage: "/estimate?utm_source=google&utm_campaign=spring-shops",
      referrer: "https://www.google.ie/",
      utm: { utm_source: "google", utm_campaign: "spring-shops" },
      estimate: { item: "basic-suspended-ceiling", quantity: 120, location: "W91 X2F3", lowEur: 3600, highEur: 7200 },
    });
    expect(lead!.message).toContain("Estimate: 120 m² of basic suspended ceiling");
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.submissionId, lead!.id));
    expect(booking).toMatchObject({ status: "booked", staffId: aoife, eircode: "W91 X2F3" });

    // The dashboard's figures: a lead from a booking, nobody contacted yet.
    const stats = await admin("GET", "/api/admin/stats/leads");
    expect(stats.body).toMatchObject({
      reached: { total: 1, contacted: 0 },
      funnel: { new: 1, contacted: 0 },
      medianFirstContactHours: null,
    });
    const weeks = stats.body.weeks as Array<{ bySource: Record<string, number> }>;
    expect(weeks.reduce((n, w) => n + w.bySource.booking!, 0)).toBe(1);
    expect(weeks.reduce((n, w) => n + w.bySource.form!, 0)).toBe(0);
  });
});
