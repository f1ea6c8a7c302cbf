import { and, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bookings,
  clients,
  contactSubmissions,
  emailOutbox,
  jobChecklistItems,
  jobs,
  staffAvailability,
  users,
} from "~/db/schema";
import { feedToken } from "~/features/booking/calendar-feed.server";
import { CHECKLIST_TEMPLATES } from "~/features/jobs/job-checklists";
import { addDays, dublinDay, dublinInstant, dublinIso } from "~/features/time/dublin-time";
import { attachmentsOf } from "../support/mail-attachments";
import { deliverUntil } from "../support/smtp";
import { useMailingSite, type MailingSite } from "../support/mailing-site";

// Jobs over HTTP on the built app (issue 37 items 2 and 3): a quote accepted on /q/<token> makes
// a job; the API's shapes and refusals; the programme's days and clashes; a job day blocks survey
// slots and shows in the staff calendar feed; the programme e-mailed with an invitation.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;
let mary: number;
let sean: number;

const SITE_URL = "https://www.example.ie";
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin", year: "numeric" }).format(new Date());

useMailingSite(
  {
    staff: { username: "niamh", password: "Job-Scheduler-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL, NOTIFY_EMAIL: "office@example.ie" },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${site.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
};

const LINES = [
  {
    description: "Suspended ceiling, grid and mineral tiles",
    quantity: 120,
    unit: "m²",
    unitPriceCents: 4_500,
    vatRate: 13.5,
  },
  { description: "LED panels supplied", quantity: 12, unit: "each", unitPriceCents: 8_500, vatRate: 23, goods: true },
  {
    description: "Out-of-hours working",
    quantity: 1,
    unit: "item",
    unitPriceCents: 60_000,
    vatRate: 13.5,
    optional: true,
    selected: false,
  },
  {
    description: "Acoustic tiles upgrade",
    quantity: 1,
    unit: "item",
    unitPriceCents: 90_000,
    vatRate: 13.5,
    optional: true,
    selected: true,
  },
];

/** A lead with a sent quote; answers its token and the ids of the optional lines. */
async function sentQuote(email = "aoife@byrne-retail.ie") {
  const [lead] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email, message: "A new shop ceiling please.", service: "Suspended Ceilings" })
    .returning();
  const created = await call("POST", `/api/admin/contacts/${lead!.id}/quotes`, {
    lines: LINES,
    client: {
      name: "Aoife Byrne",
      company: "Byrne Retail",
      email,
      address: "Unit 4, Naas Road Business Park\nDublin 12 D12 X285",
    },
  });
  expect(created.status).toBe(201);
  const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  const [outOfHours, acoustic] = (sent.body.lines as Array<{ id: string; optional: boolean }>).filter(
    (l) => l.optional,
  );
  return {
    lead: lead!,
    quote: sent.body,
    token: (sent.body.url as string).split("/q/")[1]!,
    outOfHours: outOfHours!.id,
    acoustic: acoustic!.id,
  };
}

const accept = (token: string, selected: string[]) =>
  call("POST", `/q/${token}/accept`, { name: "Aoife Byrne", agree: true, selected, revision: 1 }, { cookie: "" });

/** An Irish wall-clock time N days from today, as the API takes it. */
const irish = (daysAhead: number, hhmm: string) =>
  dublinIso(
    dublinInstant(addDays(dublinDay(new Date()), daysAhead), Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))),
  );

beforeAll(async () => {
  const db = t.database.db;
  expect((await call("PUT", "/api/admin/settings/business", { vatNumber: "IE 6388047V" })).status).toBe(200);
  const [m] = await db.insert(users).values({ username: "mary", password: "x", role: "office" }).returning();
  const [s] = await db.insert(users).values({ username: "sean.kelly", password: "x", role: "office" }).returning();
  mary = m!.id;
  sean = s!.id;
});

describe("a quote accepted online makes a job", () => {
  it("numbers five jobs accepted at once J-<year>-0001…0005, one per quote", async () => {
    const quotes = [];
    for (let i = 0; i < 5; i++) quotes.push(await sentQuote(`client${i}@example.ie`));
    const answers = await Promise.all(quotes.map((q) => accept(q.token, [])));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db.select({ number: jobs.number, quoteId: jobs.quoteId }).from(jobs);
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `J-${year}-000${n}`));
    expect(new Set(rows.map((r) => r.quoteId)).size).toBe(5);
    // Accepting again makes no second job.
    expect((await accept(quotes[0]!.token, [])).status).toBe(409);
    expect(await t.database.db.$count(jobs)).toBe(5);
  });

  it("keeps the client, the site, the lines and options as accepted and the accepted net value", async () => {
    const q = await sentQuote();
    expect((await accept(q.token, [q.outOfHours])).status).toBe(200);
    const list = await call("GET", `/api/admin/jobs?status=to-schedule&q=${q.quote.number}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const id = list.body.items[0].id as number;
    const job = await call("GET", `/api/admin/jobs/${id}`);
    expect(job.status).toBe(200);
    expect(Object.keys(job.body).sort()).toEqual(
      [
        "id",
        "number",
        "status",
        "clientId",
        "leadId",
        "quoteId",
        "site",
        "lines",
        "valueCents",
        "days",
        "checklist",
        "photos",
        "snags",
        "documents",
        "signOff",
        "clientLink",
      ].sort(),
    );
    const [lead] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, q.lead.id));
    expect(job.body).toMatchObject({
      number: `J-${year}-0006`,
      status: "to-schedule",
      clientId: lead!.clientId,
      leadId: q.lead.id,
      quoteId: q.quote.id,
      site: { address: ["Unit 4", "Naas Road Business Park", "Dublin 12"], eircode: "D12 X285" },
      // 120 × €45 + 12 × €85 + the out-of-hours option ticked (€600); the acoustic upgrade unticked.
      valueCents: 540_000 + 102_000 + 60_000,
      days: [],
      photos: [],
      snags: [],
      documents: [],
      signOff: null,
    });
    expect(lead!.status).toBe("won");
    expect(job.body.lines.map((l: { description: string }) => l.description)).toEqual([
      "Suspended ceiling, grid and mineral tiles",
      "LED panels supplied",
      "Out-of-hours working",
    ]);
    expect(job.body.clientLink).toMatch(new RegExp(`^${SITE_URL}/j/[A-Za-z0-9_-]{24}$`));
    expect(job.body.checklist.map((c: { label: string }) => c.label)).toEqual(
      CHECKLIST_TEMPLATES["suspended-ceilings"],
    );
    expect(job.body.checklist[0]).toEqual({
      id: expect.any(Number),
      label: "RAMS briefed to the crew and signed",
      done: false,
      doneBy: null,
      doneAt: null,
    });
  });

  it("fills the client's empty company and billing address from the quote, keeping what staff entered", async () => {
    const q = await sentQuote("orla@byrne-retail.ie");
    expect((await accept(q.token, [])).status).toBe(200);
    const [lead] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, q.lead.id));
    const client = await call("GET", `/api/admin/clients/${lead!.clientId}`);
    expect(client.body).toMatchObject({
      company: "Byrne Retail",
      address: ["Unit 4", "Naas Road Business Park", "Dublin 12"],
      eircode: "D12 X285",
    });

    // A client whose billing address staff already keep: a second accepted quote changes nothing.
    const kept = {
      company: "Byrne Retail Group",
      address: ["Head Office", "Main Street", "Naas"],
      eircode: "W91 X2Y3",
    };
    expect((await call("PUT", `/api/admin/clients/${lead!.clientId}`, { ...client.body, ...kept })).status).toBe(200);
    const again = await sentQuote("orla@byrne-retail.ie");
    expect((await accept(again.token, [])).status).toBe(200);
    expect((await call("GET", `/api/admin/clients/${lead!.clientId}`)).body).toMatchObject(kept);
  });
});

describe("jobs API", () => {
  async function client() {
    const [row] = await t.database.db
      .insert(clients)
      .values({
        name: "Declan Moore",
        company: "Moore Dental",
        contacts: [{ name: "Declan Moore", email: "declan@mooredental.ie", phone: "", role: "Owner" }],
      })
      .returning();
    return row!;
  }

  it("starts a job without a quote; refuses bad input with 400 naming the field and stores nothing", async () => {
    const c = await client();
    const before = await t.database.db.$count(jobs);
    const bad = await call("POST", "/api/admin/jobs", {
      clientId: c.id,
      title: "",
      site: { address: ["1 Main St"], eircode: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      title: "Give the job a title",
      "site.eircode": "Enter a valid Eircode, such as D02 X285, or leave it empty",
    });
    const noClient = await call("POST", "/api/admin/jobs", {
      clientId: 999_999,
      title: "Partition",
      site: { address: ["1 Main St"] },
    });
    expect(noClient.status).toBe(400);
    expect(Object.keys(noClient.body.fieldErrors)).toEqual(["clientId"]);
    // Somewhere to go: a site of blank lines is no address.
    const nowhere = await call("POST", "/api/admin/jobs", {
      clientId: c.id,
      title: "Repair",
      site: { address: ["", " "] },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fieldErrors).toEqual({
      "site.address": "Enter the site address, one line per entry (at least one line)",
    });
    expect((await call("POST", "/api/admin/jobs", [1, 2])).status).toBe(400);
    expect(await t.database.db.$count(jobs)).toBe(before);

    const made = await call("POST", "/api/admin/jobs", {
      clientId: c.id,
      title: "Glass partition, surgery 2",
      site: { address: ["Moore Dental", "12 Main Street", "Swords"], eircode: "k67x2y3" },
      service: "office-partitions",
      lines: [{ description: "Glazed partition", quantity: 6.5, unit: "m", unitPriceCents: 35_000, vatRate: 13.5 }],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: "to-schedule",
      clientId: c.id,
      leadId: null,
      quoteId: null,
      valueCents: 227_500,
      site: { eircode: "K67 X2Y3" },
    });
    expect(made.body.checklist.map((i: { label: string }) => i.label)).toEqual(
      CHECKLIST_TEMPLATES["office-partitions"],
    );
    // The office finds it by where it is (a line of the site's address, or its Eircode), by its
    // number or title, or by its client's name; a word from none of them finds nothing.
    for (const q of ["12 main street", "K67 X2Y3", made.body.number as string, "surgery 2", "declan moore"]) {
      const found = await call("GET", `/api/admin/jobs?q=${encodeURIComponent(q)}`);
      expect(
        found.body.items.map((j: { id: number }) => j.id),
        q,
      ).toEqual([made.body.id]);
    }
    for (const q of ["Rathmines", "100%", "main_street"]) {
      const none = await call("GET", `/api/admin/jobs?q=${encodeURIComponent(q)}`);
      expect(none.body, q).toMatchObject({ items: [], total: 0 });
    }
  });

  it("moves status by the rules (409 otherwise) and answers 404 for an unknown job", async () => {
    const c = await client();
    const made = await call("POST", "/api/admin/jobs", {
      clientId: c.id,
      title: "Ceiling repair",
      site: { address: ["Swords"] },
    });
    const id = made.body.id as number;
    const skip = await call("PUT", `/api/admin/jobs/${id}`, { status: "complete" });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe(
      `Job ${made.body.number}: A job cannot go from “To schedule” to “Complete”: from “To schedule” it moves on to “Scheduled” (or is cancelled).`,
    );
    expect((await call("PUT", `/api/admin/jobs/${id}`, { status: "scheduled" })).status).toBe(409);
    expect((await call("PUT", `/api/admin/jobs/${id}`, { status: "finished" })).status).toBe(400);
    const edited = await call("PUT", `/api/admin/jobs/${id}`, {
      site: { address: ["Unit 9", "Swords"], eircode: "" },
      notes: "Keys at reception",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.site).toEqual({ address: ["Unit 9", "Swords"], eircode: "" });
    expect((await call("PUT", `/api/admin/jobs/${id}`, { status: "cancelled" })).body.status).toBe("cancelled");
    const closed = await call("POST", `/api/admin/jobs/${id}/days`, {
      start: irish(3, "08:00"),
      end: irish(3, "16:00"),
      staffIds: [mary],
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(`Job ${made.body.number} is cancelled: its programme can no longer change.`);
    expect((await call("GET", "/api/admin/jobs/999999")).status).toBe(404);
    expect((await call("PUT", "/api/admin/jobs/999999", { title: "x" })).status).toBe(404);
    expect((await call("GET", "/api/admin/jobs?status=done")).status).toBe(400);
    expect((await call("GET", "/api/admin/jobs?from=2026-02-30")).body.fieldErrors).toEqual({
      from: "Give a date as YYYY-MM-DD (Irish calendar day)",
    });
    expect((await call("GET", "/api/admin/jobs", undefined, { cookie: "" })).status).toBe(401);
  });

  it("schedules days, names clashes with surveys and other jobs (409) unless allowed, and removes days", async () => {
    const c = await client();
    const a = (await call("POST", "/api/admin/jobs", { clientId: c.id, title: "Job A", site: { address: ["Swords"] } }))
      .body;
    const b = (await call("POST", "/api/admin/jobs", { clientId: c.id, title: "Job B", site: { address: ["Naas"] } }))
      .body;
    // A night shift ten days out, Mary and Seán.
    const day = await call("POST", `/api/admin/jobs/${a.id}/days`, {
      start: irish(10, "20:00"),
      end: irish(11, "04:00"),
      staffIds: [sean, mary],
      note: "Night work: shop closed",
    });
    expect(day.status).toBe(201);
    expect(day.body).toEqual({
      id: expect.any(Number),
      start: dublinInstant(addDays(dublinDay(new Date()), 10), 20 * 60).toISOString(),
      end: dublinInstant(addDays(dublinDay(new Date()), 11), 4 * 60).toISOString(),
      staff: [
        { id: mary, name: "mary" },
        { id: sean, name: "sean.kelly" },
      ],
      note: "Night work: shop closed",
    });
    expect((await call("GET", `/api/admin/jobs/${a.id}`)).body.status).toBe("scheduled");
    const inWindow = await call(
      "GET",
      `/api/admin/jobs?from=${addDays(dublinDay(new Date()), 11)}&to=${addDays(dublinDay(new Date()), 11)}`,
    );
    expect(inWindow.body.items.map((j: { id: number }) => j.id)).toContain(a.id);
    expect(
      (await call("GET", `/api/admin/jobs?from=${addDays(dublinDay(new Date()), 12)}`)).body.items.map(
        (j: { id: number }) => j.id,
      ),
    ).not.toContain(a.id);

    // Mary is also booked for a site survey on day 12.
    const [lead] = await t.database.db
      .insert(contactSubmissions)
      .values({ name: "Survey Client", email: "s@example.ie", message: "Survey please" })
      .returning();
    const surveyStart = dublinInstant(addDays(dublinDay(new Date()), 12), 10 * 60);
    const [survey] = await t.database.db
      .insert(bookings)
      .values({
        submissionId: lead!.id,
        staffId: mary,
        startAt: surveyStart,
        endAt: new Date(surveyStart.getTime() + 3_600_000),
        blockedUntil: new Date(surveyStart.getTime() + 5_400_000),
        token: "t".repeat(24),
        uid: "survey-1@example.ie",
        location: "Naas",
      })
      .returning();

    const clash = await call("POST", `/api/admin/jobs/${b.id}/days`, {
      start: irish(11, "02:00"),
      end: irish(12, "12:00"),
      staffIds: [mary, sean],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.clashes.map((x: { staff: { name: string }; kind: string }) => [x.staff.name, x.kind])).toEqual([
      ["mary", "job-day"],
      ["sean.kelly", "job-day"],
      ["mary", "survey"],
    ]);
    expect(clash.body.message).toMatch(
      new RegExp(
        `^mary is already on job ${a.number}, .+; sean\\.kelly is already on job ${a.number}, .+; mary is already on a site survey \\(booking #${survey!.id}\\), .+ 10:00–11:00\\. Choose other staff or times, or schedule it anyway\\.$`,
      ),
    );
    expect((await call("GET", `/api/admin/jobs/${b.id}`)).body.days).toEqual([]);
    const anyway = await call("POST", `/api/admin/jobs/${b.id}/days`, {
      start: irish(11, "02:00"),
      end: irish(12, "12:00"),
      staffIds: [mary, sean],
      allowClash: true,
    });
    expect(anyway.status).toBe(201);

    const bad = await call("POST", `/api/admin/jobs/${b.id}/days`, {
      start: irish(20, "17:00"),
      end: irish(20, "08:00"),
      staffIds: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      staffIds: "Choose at least one member of staff for the day",
      end: "The end must be after the start",
    });
    expect(
      (
        await call("POST", `/api/admin/jobs/${b.id}/days`, {
          start: "2026-03-30T08:00:00",
          end: irish(20, "08:00"),
          staffIds: [mary],
        })
      ).body.fieldErrors,
    ).toEqual({
      start: "Enter the start as a date and time with its offset, e.g. 2026-03-30T08:00:00+01:00",
    });
    const ghost = await call("POST", `/api/admin/jobs/${b.id}/days`, {
      start: irish(20, "08:00"),
      end: irish(20, "16:00"),
      staffIds: [999_999],
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.fieldErrors.staffIds).toMatch(/^No member of staff with id 999999/);

    expect((await call("DELETE", `/api/admin/jobs/${a.id}/days/${anyway.body.id}`)).status).toBe(404);
    expect((await call("DELETE", `/api/admin/jobs/${a.id}/days/${day.body.id}`)).status).toBe(204);
    // The last day gone, the job waits to be scheduled again.
    expect((await call("GET", `/api/admin/jobs/${a.id}`)).body).toMatchObject({ status: "to-schedule", days: [] });
  });

  it("a job day blocks the surveyor's survey slots and shows in their calendar feed", async () => {
    const db = t.database.db;
    await db.delete(staffAvailability);
    const allDay: Array<[string, string]> = [["09:00", "17:00"]];
    const hours = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay };
    await db.insert(staffAvailability).values({ userId: sean, surveys: true, hours, daysOff: [] });
    const day = addDays(dublinDay(new Date()), 5);
    const slotsOn = async () => {
      const res = await fetch(`${site.origin}/api/booking/slots?from=${day}&days=1`);
      return ((await res.json()) as { slots: Array<{ start: string }> }).slots.map((s) => s.start.slice(11, 16));
    };
    expect(await slotsOn()).toContain("10:30");
    const c = await client();
    const job = (
      await call("POST", "/api/admin/jobs", {
        clientId: c.id,
        title: "Office partitions, 2nd floor",
        site: { address: ["Block C", "Swords"], eircode: "K67 X2Y3" },
      })
    ).body;
    expect(
      (
        await call("POST", `/api/admin/jobs/${job.id}/days`, {
          start: irish(5, "08:00"),
          end: irish(5, "13:00"),
          staffIds: [sean],
        })
      ).status,
    ).toBe(201);
    const after = await slotsOn();
    expect(after.filter((s) => s < "13:00")).toEqual([]);
    expect(after).toContain("13:30");
    // Booking the blocked time is refused as taken.
    const booked = await fetch(`${site.origin}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        start: irish(5, "10:30"),
        name: "Orla Daly",
        email: "orla@example.ie",
        phone: "087 123 4567",
        eircode: "D02 X285",
      }),
    });
    expect(booked.status).toBe(409);

    const token = await feedToken(db, sean);
    const feed = await (await fetch(`${site.origin}/api/calendar/${token}.ics`)).text();
    expect(feed).toContain(`SUMMARY:Job ${job.number}: Office partitions\\, 2nd floor`);
    expect(feed).toContain("LOCATION:Block C\\, Swords\\, K67 X2Y3");
    await db.delete(staffAvailability);
  });
});

describe("the programme e-mailed to the client", () => {
  it("sends every day in Irish time with the crew by full name (else username), what to prepare and an invitation, then each change", async () => {
    // Mary has set her full name; Sean has not, so his username stands in.
    await t.database.db.update(users).set({ fullName: "Mary Doyle" }).where(eq(users.id, mary));
    const q = await sentQuote("orla@daly-salons.ie");
    expect((await accept(q.token, [])).status).toBe(200);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.quoteId, q.quote.id as number));
    const none = await call("POST", `/api/admin/jobs/${job!.id}/programme`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(`Job ${job!.number} has no days on its programme yet: add one first.`);
    // The acceptance's e-mails go first.
    await expect
      .poll(async () => {
        await site.services.outbox.processDue();
        return t.database.db.$count(emailOutbox, inArray(emailOutbox.status, ["pending", "sending"]));
      })
      .toBe(0);
    await t.database.db.delete(emailOutbox);
    smtp.received.length = 0;

    const first = await call("POST", `/api/admin/jobs/${job!.id}/days`, {
      start: irish(30, "08:00"),
      end: irish(30, "17:00"),
      staffIds: [mary, sean],
    });
    await call("POST", `/api/admin/jobs/${job!.id}/days`, {
      start: irish(31, "19:00"),
      end: irish(32, "03:00"),
      staffIds: [sean],
      note: "Night shift",
    });
    // Not sent yet: adding days e-mails nobody.
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.kind, "job-programme"))).toBe(0);

    // The business's phone as saved in Settings now, not as the server started.
    expect((await call("PUT", "/api/admin/settings/business", { phone: "045 987 6543" })).status).toBe(200);
    const sent = await call("POST", `/api/admin/jobs/${job!.id}/programme`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sentTo: "orla@daly-salons.ie", days: 2 });
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "job-programme"));
    expect(row!.toAddress).toBe("orla@daly-salons.ie");
    expect(row!.bodyText).toContain("The programme (Irish time):");
    const d30 = dublinInstant(addDays(dublinDay(new Date()), 30), 8 * 60);
    const longDayFormat = new Intl.DateTimeFormat("en-IE", {
      timeZone: "Europe/Dublin",
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    const longDay = longDayFormat.format(d30);
    expect(row!.bodyText).toContain(`- ${longDay}, 8:00–17:00: crew Mary Doyle, sean.kelly`);
    const nightOf = (n: number) => longDayFormat.format(dublinInstant(addDays(dublinDay(new Date()), n), 12 * 60));
    expect(row!.bodyText).toContain(`- ${nightOf(31)}, 19:00 to ${nightOf(32)}, 3:00: crew sean.kelly. Night shift`);
    expect(row!.bodyText).toContain("Call 045 987 6543");
    expect(row!.bodyText).toContain("- Clear the area:");
    expect(row!.bodyText).toContain("- Arrange access");
    expect(row!.bodyText).toContain("- Have power available");
    expect(row!.icalEvent!.method).toBe("REQUEST");
    expect(row!.icalEvent!.content.match(/BEGIN:VEVENT/g)).toHaveLength(2);

    await deliverUntil(site.services.outbox, smtp, 1);
    const ics = attachmentsOf(smtp.received[0]!).find((a) => a.filename === "invite.ics");
    expect(ics?.contentType).toBe("application/ics");
    expect(ics!.content.toString()).toContain("METHOD:REQUEST");

    // A day removed after sending: the client is told, with a cancellation for that day.
    expect((await call("DELETE", `/api/admin/jobs/${job!.id}/days/${first.body.id}`)).status).toBe(204);
    // (The removal kicks the outbox, so this e-mail may already be on its way: any status.)
    const changes = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "job-programme"), like(emailOutbox.subject, "Programme change%")));
    expect(changes).toHaveLength(1);
    expect(changes[0]!.subject).toBe(`Programme change for job ${job!.number}: ${longDay}, 8:00–17:00 is cancelled`);
    expect(changes[0]!.icalEvent!.method).toBe("CANCEL");
    expect(changes[0]!.bodyText).toContain("The calendar cancellation is attached");
    expect(changes[0]!.bodyText).not.toContain("The calendar invitation is attached");
    expect(changes[0]!.icalEvent!.content).toContain(`UID:job-day-${first.body.id}@www.example.ie`);
    expect(changes[0]!.icalEvent!.content).toContain("SEQUENCE:1");
    await deliverUntil(site.services.outbox, smtp, 2);
    // …and a day added.
    expect(
      (
        await call("POST", `/api/admin/jobs/${job!.id}/days`, {
          start: irish(33, "08:00"),
          end: irish(33, "12:00"),
          staffIds: [mary],
        })
      ).status,
    ).toBe(201);
    await deliverUntil(site.services.outbox, smtp, 3);
    expect(smtp.received[2]!.headers.subject).toMatch(
      new RegExp(`^Programme change for job ${job!.number}: a day added, `),
    );
    expect(smtp.received[2]!.body).toContain("crew Mary Doyle");
    // The checklist is untouched by all this.
    expect(await t.database.db.$count(jobChecklistItems, eq(jobChecklistItems.jobId, job!.id))).toBe(
      CHECKLIST_TEMPLATES["suspended-ceilings"].length,
    );
  });
});
