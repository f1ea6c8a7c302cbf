import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, contactSubmissions, users } from "~/db/schema";
import { listAudit, listAuditUsernames } from "~/features/audit/audit.server";
import { parseAuditQuery } from "~/features/audit/audit-query";
import { hashPassword } from "~/features/auth/password.server";
import { purgeAndRecord } from "~/features/contact/retention.server";
import { callApi, confirmSession, serveBuiltApp } from "../support/built-app";
import { runServerCommand } from "../support/server-process";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The audit log: a row for every content change, upload and enquiry access made through the
// built server, the retention purge (scheduled and from the command line), and /admin/audit's
// filters and paging. No row may ever hold a password used here.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;
let userId: number;
const USERNAME = "auditor";
const PASSWORD = "Ledger-Keeper-2026";
const WRONG_PASSWORD = "Guessed-Wrong-Secret-51";

beforeAll(async () => {
  t = await createTestDatabase();
  [{ id: userId }] = (await t.database.db
    .insert(users)
    .values({ username: USERNAME, password: await hashPassword(PASSWORD) })
    .returning({ id: users.id })) as [{ id: number }];
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  await confirmSession(site.origin, cookie, PASSWORD); // the export asks for the password first
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const db = () => t.database.db;

const api = (method: string, url: string, body?: unknown) => callApi(site.origin, method, url, body, { cookie });
/** A GET as the admin's own pages send it: only such a GET is recorded (see isCrossSiteRead). */
const apiGetFromSite = (url: string) =>
  callApi(site.origin, "GET", url, undefined, { cookie, "sec-fetch-site": "same-origin" });

/** Audit rows written after the given id, oldest first. */
const rowsAfter = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${id}`)
    .orderBy(asc(auditLog.id));

const lastId = async () =>
  Number(
    (
      await db()
        .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
        .from(auditLog)
    )[0]!.id,
  );

/** Runs `fn` and answers the audit rows it wrote. */
async function audited(fn: () => Promise<unknown>) {
  const mark = await lastId();
  await fn();
  return rowsAfter(mark);
}

const actor = () => ({ userId, username: USERNAME, ip: expect.stringMatching(/127\.0\.0\.1/) });

type ContentCase = {
  type: string;
  path: string;
  create: Record<string, unknown>;
  update: Record<string, unknown>;
  changed: string[];
  title: RegExp;
};

const content: ContentCase[] = [
  {
    type: "page",
    path: "/api/admin/pages",
    create: { title: "Audit guide", slug: "audit-guide", content: "How a ceiling survey is recorded." },
    update: { title: "Audit guide 2026", slug: "audit-guide", content: "How a ceiling survey is recorded." },
    changed: ["title"],
    title: /page "Audit guide.*" \(\/audit-guide\)$/,
  },
  {
    type: "project",
    path: "/api/admin/projects",
    create: {
      title: "Pharmacy ceiling",
      description: "A new grid ceiling for a pharmacy in Rathmines.",
      imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
      altText: "Pharmacy ceiling",
    },
    update: {
      title: "Pharmacy ceiling",
      description: "A new grid ceiling for a pharmacy in Rathmines.",
      imageSrc: "/images/projects/canteen-ceiling-ballymount.svg",
      altText: "Pharmacy ceiling",
      featured: true,
      displayOrder: 4,
    },
    changed: ["featured", "displayOrder"],
    title: /project "Pharmacy ceiling"$/,
  },
  {
    type: "testimonial",
    path: "/api/admin/testimonials",
    create: { name: "Róisín Daly", content: "Tidy, quick and on budget for our salon." },
    update: {
      name: "Róisín Daly",
      content: "Tidy, quick and on budget for our salon.",
      stars: 4,
      company: "Daly Hair",
    },
    changed: ["company", "stars"],
    title: /testimonial from "Róisín Daly"$/,
  },
  {
    type: "faq",
    path: "/api/admin/faqs",
    create: { question: "How long does a shop ceiling take?", answer: "Most shop ceilings take two to five days." },
    update: { question: "How long does a shop ceiling take?", answer: "Most shop ceilings take three to five days." },
    changed: ["answer"],
    title: /FAQ "How long does a shop ceiling take\?"$/,
  },
];

describe.each(content)("content: $type", (c) => {
  let id: number;

  it("create, update and delete each write one row naming the actor, the action and the target", async () => {
    const created = await audited(async () => {
      const res = await api("POST", c.path, c.create);
      expect(res.status).toBe(201);
      id = res.body.id;
    });
    expect(created).toEqual([
      expect.objectContaining({
        ...actor(),
        action: `${c.type}.create`,
        targetType: c.type,
        targetId: String(id),
        summary: expect.stringMatching(/^Created /),
        details: null,
      }),
    ]);
    expect(created[0]!.summary).toMatch(c.title);

    const updated = await audited(async () => expect((await api("PUT", `${c.path}/${id}`, c.update)).status).toBe(200));
    expect(updated).toEqual([
      expect.objectContaining({
        ...actor(),
        action: `${c.type}.update`,
        targetType: c.type,
        targetId: String(id),
        summary: expect.stringMatching(/^Updated /),
      }),
    ]);
    expect(updated[0]!.summary).toMatch(c.title);
    expect(updated[0]!.details).toEqual({ changed: expect.arrayContaining(c.changed) });
    expect((updated[0]!.details as { changed: string[] }).changed).toHaveLength(c.changed.length);

    const deleted = await audited(async () => expect((await api("DELETE", `${c.path}/${id}`)).status).toBe(204));
    expect(deleted).toEqual([
      expect.objectContaining({
        ...actor(),
        action: `${c.type}.delete`,
        targetType: c.type,
        targetId: String(id),
        summary: expect.stringMatching(/^Deleted /),
      }),
    ]);
    expect(deleted[0]!.summary).toMatch(c.title);
  });

  it("writes nothing for a refused or missing change", async () => {
    const rows = await audited(async () => {
      expect((await api("POST", c.path, {})).status).toBe(400);
      expect((await api("PUT", `${c.path}/${id}`, c.update)).status).toBe(404);
      expect((await api("DELETE", `${c.path}/${id}`)).status).toBe(404);
    });
    expect(rows).toEqual([]);
  });
});

describe("uploads", () => {
  it("records an uploaded image with its id and file name", async () => {
    const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#4a7" } })
      .jpeg()
      .toBuffer();
    let uploadId = "";
    const rows = await audited(async () => {
      const res = await fetch(`${site.origin}/api/admin/uploads`, {
        method: "POST",
        headers: { cookie, "content-type": "image/jpeg", "x-file-name": encodeURIComponent("shop front.jpg") },
        body: jpeg,
      });
      expect(res.status).toBe(201);
      uploadId = ((await res.json()) as { id: string }).id;
    });
    expect(rows).toEqual([
      expect.objectContaining({
        ...actor(),
        action: "upload.create",
        targetType: "upload",
        targetId: uploadId,
        summary: 'Uploaded image "shop front.jpg" (320×200)',
        details: { width: 320, height: 200, bytes: jpeg.length },
      }),
    ]);
  });
});

describe("enquiries", () => {
  const VISITOR = { name: "Orlaith Brennan", email: "orlaith@brennan-optics.ie" };

  it("records opening, marking read and unread, and erasing, by number only", async () => {
    const [enquiry] = await db()
      .insert(contactSubmissions)
      .values({ ...VISITOR, message: "Stained tiles over the shop counter." })
      .returning();
    const id = enquiry!.id;
    const rows = await audited(async () => {
      expect((await apiGetFromSite(`/api/admin/contacts/${id}`)).status).toBe(200);
      expect((await api("PATCH", `/api/admin/contacts/${id}`, { read: true })).status).toBe(200);
      expect((await api("PATCH", `/api/admin/contacts/${id}`, { read: false })).status).toBe(200);
      expect((await api("DELETE", `/api/admin/contacts/${id}`)).status).toBe(204);
      // Refused and missing: no rows.
      expect((await api("PATCH", `/api/admin/contacts/${id}`, { read: "yes" })).status).toBe(400);
      expect((await apiGetFromSite(`/api/admin/contacts/${id}`)).status).toBe(404);
      expect((await api("DELETE", `/api/admin/contacts/${id}`)).status).toBe(404);
    });
    const target = { targetType: "contact", targetId: String(id) };
    expect(rows).toEqual([
      expect.objectContaining({ ...actor(), ...target, action: "contact.view", summary: `Opened enquiry #${id}` }),
      expect.objectContaining({
        ...actor(),
        ...target,
        action: "contact.mark-read",
        summary: `Marked enquiry #${id} read`,
      }),
      expect.objectContaining({
        ...actor(),
        ...target,
        action: "contact.mark-unread",
        summary: `Marked enquiry #${id} unread`,
      }),
      expect.objectContaining({ ...actor(), ...target, action: "contact.erase", summary: `Erased enquiry #${id}` }),
    ]);
    // An erased enquiry's person must not live on in the log.
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/Orlaith|brennan/i);
  });

  it("records an export with the filter used and the number of enquiries in the file", async () => {
    await db().delete(contactSubmissions);
    await db()
      .insert(contactSubmissions)
      .values([
        // A message with line breaks and quotes is still one enquiry.
        {
          name: "Eoin Kavanagh",
          email: "eoin@kavanagh.ie",
          message: 'First line.\r\nSecond line with "quotes",\nthird.',
        },
        { name: "Eoin Murphy", email: "eoin@murphy.ie", message: "One line." },
        { name: "Eoin Read", email: "eoin@read.ie", message: "Already read.", readAt: new Date() },
        { name: "Fiona Ward", email: "fiona@ward.ie", message: "Somebody else." },
      ]);
    const rows = await audited(async () => {
      const res = await apiGetFromSite("/api/admin/contacts/export.csv?status=unread&q=eoin");
      expect(res.status).toBe(200);
      expect(res.text).toContain("Eoin Kavanagh");
    });
    expect(rows).toEqual([
      expect.objectContaining({
        ...actor(),
        action: "contact.export",
        summary: 'Exported 2 enquiries as CSV (unread, search "eoin")',
        details: { status: "unread", q: "eoin", rows: 2 },
      }),
    ]);
    const all = await audited(async () =>
      expect((await apiGetFromSite("/api/admin/contacts/export.csv")).status).toBe(200),
    );
    expect(all).toEqual([
      expect.objectContaining({
        action: "contact.export",
        summary: "Exported 4 enquiries as CSV",
        details: { status: "all", rows: 4 },
      }),
    ]);
  });
});

describe("retention purge", () => {
  const old = () => ({
    name: "Old Enquirer",
    email: "old@example.ie",
    message: "From long ago.",
    createdAt: new Date(Date.now() - 800 * 86_400_000),
  });

  it("the daily run records what it erased as system, and nothing when there was nothing to erase", async () => {
    await db().delete(contactSubmissions);
    expect(await audited(async () => expect(await purgeAndRecord(db(), 24, "schedule")).toBe(0))).toEqual([]);
    await db()
      .insert(contactSubmissions)
      .values([old(), old(), { name: "New", email: "new@example.ie", message: "Recent." }]);
    const rows = await audited(async () => expect(await purgeAndRecord(db(), 24, "schedule")).toBe(2));
    expect(rows).toEqual([
      expect.objectContaining({
        userId: null,
        username: "system",
        ip: null,
        action: "contact.purge",
        summary: "Erased 2 enquiries older than 24 months (daily retention)",
        details: { deleted: 2, months: 24, trigger: "schedule" },
      }),
    ]);
  });

  it("`node server.js purge-contacts` records one row, naming the shell user", async () => {
    const scratch = await createTestDatabase();
    try {
      await scratch.database.db
        .insert(contactSubmissions)
        .values([old(), { name: "New", email: "new@example.ie", message: "Recent." }]);
      const result = await scratch.whileClosed(() =>
        runServerCommand(["purge-contacts", "--months=24"], { ...scratch.env, USER: "ops-niall", SUDO_USER: "" }),
      );
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe("Deleted 1 enquiry older than 24 month(s).\n");
      expect(result.code).toBe(0);
      const rows = await scratch.database.db.select().from(auditLog).where(eq(auditLog.action, "contact.purge"));
      expect(rows).toEqual([
        expect.objectContaining({
          userId: null,
          username: "system",
          summary: "Erased 1 enquiry older than 24 months (run from the command line)",
          details: { deleted: 1, months: 24, trigger: "command", shellUser: "ops-niall" },
        }),
      ]);
    } finally {
      await scratch.dispose();
    }
  });
});

/** Inserts audit rows at chosen times (microsecond precision: a JavaScript Date cannot hold it). */
async function insertAt(
  database: Db,
  rows: Array<{ at: string; username: string; action: string; summary: string; userId?: number | null }>,
) {
  for (const r of rows) {
    await database.insert(auditLog).values({
      at: sql`${r.at}::timestamptz`,
      username: r.username,
      userId: r.userId ?? null,
      action: r.action,
      summary: r.summary,
      ip: "198.51.100.7",
    });
  }
}

async function page(qs: string) {
  const res = await fetch(`${site.origin}/admin/audit${qs}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

const summaries = (p: { rows: Array<{ summary: string }> }) => p.rows.map((r) => r.summary);

describe("/admin/audit", () => {
  beforeAll(async () => {
    // Around midnight, Irish summer time (UTC+1): 22:30 UTC on 1 June is still 1 June in Dublin.
    await insertAt(db(), [
      { at: "2025-06-01T08:00:00Z", username: "filterer", action: "sign-in.success", summary: "filterer signed in" },
      {
        at: "2025-06-01T22:30:00Z",
        username: "filterer",
        action: "faq.update",
        summary: 'Updated FAQ "Late on the first"',
      },
      { at: "2025-06-01T23:30:00Z", username: "filterer", action: "contact.view", summary: "Opened enquiry #901" },
      {
        at: "2025-06-02T09:00:00Z",
        username: "filterer",
        action: "contact.export",
        summary: "Exported 3 enquiries as CSV",
      },
      { at: "2025-06-02T10:00:00Z", username: "other-staff", action: "contact.view", summary: "Opened enquiry #902" },
      {
        at: "2025-06-03T10:00:00Z",
        username: "guesser",
        action: "sign-in.failure",
        summary: "Sign-in as guesser failed: no such user",
      },
    ]);
  });

  it("needs a signed-in user", async () => {
    const res = await fetch(`${site.origin}/admin/audit?user=filterer`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/audit?user=filterer")}`,
    );
  });

  it("filters by group, by single action, by user and by Irish dates", async () => {
    const list = (qs: string) => listAudit(db(), parseAuditQuery(new URLSearchParams(qs)));
    expect(summaries(await list("user=filterer&activity=contacts"))).toEqual([
      "Exported 3 enquiries as CSV",
      "Opened enquiry #901",
    ]);
    expect(summaries(await list("user=filterer&activity=contact.view"))).toEqual(["Opened enquiry #901"]);
    expect(summaries(await list("activity=contact.view&from=2025-06-01&to=2025-06-03"))).toEqual([
      "Opened enquiry #902",
      "Opened enquiry #901",
    ]);
    expect(summaries(await list("user=filterer&activity=sign-in"))).toEqual(["filterer signed in"]);
    expect(summaries(await list("user=filterer&from=2025-06-01&to=2025-06-01"))).toEqual([
      'Updated FAQ "Late on the first"',
      "filterer signed in",
    ]);
    expect(summaries(await list("user=filterer&from=2025-06-02&to=2025-06-02"))).toEqual([
      "Exported 3 enquiries as CSV",
      "Opened enquiry #901",
    ]);
    expect(summaries(await list("from=2025-06-03&to=2025-06-03"))).toEqual(["Sign-in as guesser failed: no such user"]);
    expect(summaries(await list("user=nobody-at-all"))).toEqual([]);
  });

  it("offers the people who acted, not names only tried at sign-in", async () => {
    const names = await listAuditUsernames(db());
    expect(names).toEqual(expect.arrayContaining([USERNAME, "filterer", "other-staff", "system"]));
    expect(names).not.toContain("guesser");
  });

  it("shows the filtered rows with labels, Irish times and IPs, and an empty state", async () => {
    const html = await page("?user=filterer&activity=contacts");
    expect(html).toContain("<title>Audit Log | IC Interiors Admin</title>");
    expect(html).toContain("Opened enquiry #901");
    expect(html).toContain("Opened an enquiry");
    expect(html).toContain("Exported enquiries");
    expect(html).not.toContain("filterer signed in");
    // 23:30 UTC on 1 June is 00:30 on 2 June in Dublin.
    expect(html).toContain('<time dateTime="2025-06-01T23:30:00.000Z">2 June 2025<!-- -->, <!-- -->0:30:00</time>');
    expect(html).toContain("198.51.100.7");
    // The form shows the filters in force.
    expect(html).toMatch(/<option value="contacts" selected="">All enquiries<\/option>/);
    expect(html).toMatch(/<option value="filterer" selected="">filterer<\/option>/);
    expect(html).not.toMatch(/<option value="guesser"/);

    // Someone with a full name is named by it, with the username the log recorded, in the rows
    // (by their account) and in the Who filter (by their username).
    await db().update(users).set({ fullName: "Fionnuala Filer" }).where(eq(users.id, userId));
    await insertAt(db(), [
      { at: "2025-06-04T09:00:00Z", username: USERNAME, action: "faq.delete", summary: "Deleted FAQ", userId },
    ]);
    const named = await page(`?user=${USERNAME}&from=2025-06-04&to=2025-06-04`);
    expect(named).toContain(`Fionnuala Filer (${USERNAME})`);
    expect(named).toMatch(
      new RegExp(`<option value="${USERNAME}" selected="">Fionnuala Filer \\(${USERNAME}\\)</option>`),
    );
    expect(named).toMatch(/<option value="filterer">filterer<\/option>/);
    await db().update(users).set({ fullName: "" }).where(eq(users.id, userId));

    const empty = await page("?user=filterer&from=2030-01-01");
    expect(empty).toContain("No activity matches these filters.");
    expect(empty).toMatch(/<a[^>]*href="\/admin\/audit"[^>]*>Clear filters<\/a>/);
  });

  it("pages 50 at a time, newest first, exactly through rows that share a millisecond", async () => {
    // 120 rows, three to each microsecond: a cursor rounded to milliseconds would lose most of them.
    await db().execute(sql`
      insert into audit_log (at, username, action, summary)
      select timestamptz '2025-03-01 10:00:00+00' + (i / 3) * interval '1 microsecond', 'pager', 'faq.update', 'Paging row ' || i
      from generate_series(0, 119) as i`);
    const rowsOf = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, k) => `Paging row ${from - k}`);
    const query = parseAuditQuery(new URLSearchParams("user=pager"));

    const first = await listAudit(db(), query);
    expect(summaries(first)).toEqual(rowsOf(119, 70));
    expect(first.newer).toBeNull();
    const second = await listAudit(db(), { ...query, before: first.older });
    expect(summaries(second)).toEqual(rowsOf(69, 20));
    const third = await listAudit(db(), { ...query, before: second.older });
    expect(summaries(third)).toEqual(rowsOf(19, 0));
    expect(third.older).toBeNull();
    // And back.
    const back = await listAudit(db(), { ...query, after: third.newer as { at: string; id: number } });
    expect(summaries(back)).toEqual(rowsOf(69, 20));
    const top = await listAudit(db(), { ...query, after: back.newer as { at: string; id: number } });
    expect(summaries(top)).toEqual(rowsOf(119, 70));
    expect(top.newer).toBeNull();

    // The page's links carry the cursor and the filters.
    const html = await page("?user=pager");
    expect(html).not.toContain("Newer");
    const older = /href="(\/admin\/audit\?user=pager&amp;before=[^"]+)"[^>]*>Older </
      .exec(html)?.[1]
      ?.replace(/&amp;/g, "&");
    expect(older).toBeDefined();
    const html2 = await page(older!.slice("/admin/audit".length));
    expect(html2).toContain("Paging row 69<");
    expect(html2).toContain("Paging row 20<");
    expect(html2).not.toContain("Paging row 70<");
    expect(html2).toMatch(
      /href="\/admin\/audit\?user=pager&amp;after=[^"]+"[^>]*><span aria-hidden="true">←<\/span> Newer/,
    );
  });
});

describe("secrets", () => {
  it("no audit row holds a password used in this file", async () => {
    // A failed sign-in with a wrong password, so there is one to leak.
    const res = await fetch(`${site.origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: USERNAME, password: WRONG_PASSWORD }),
    });
    expect(res.status).toBe(401);
    const rows = await db().select().from(auditLog);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(["sign-in.success", "sign-in.failure", "faq.update", "contact.export"]),
    );
    const [hash] = await db().select({ password: users.password }).from(users).where(eq(users.id, userId));
    for (const row of rows) {
      const text = JSON.stringify(row);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(WRONG_PASSWORD);
      expect(text).not.toContain(hash!.password);
      expect(text).not.toContain(cookie.split("=")[1]!);
    }
  });
});
