import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, emailOutbox, users } from "~/db/schema";
import { csvCell } from "~/features/admin/leads/leads.server";
import { hashPassword } from "~/features/auth/password.server";
import { confirmSession, serveBuiltApp } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(users).values({ username: "staff", password: await hashPassword("Inbox-Reader-77") });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  const res = await fetch(`${site.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "staff", password: "Inbox-Reader-77" }),
  });
  cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  await confirmSession(site.origin, cookie, "Inbox-Reader-77"); // the export asks for the password first
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${site.origin}/api/admin/contacts${path}`, {
    ...init,
    headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) },
  });

async function seed() {
  await t.database.db.delete(contactSubmissions);
  const base = Date.parse("2026-10-01T09:00:00Z");
  const rows = [
    {
      name: "Aoife Byrne",
      email: "aoife@byrne-retail.ie",
      phone: "087 111 2222",
      service: "Shop Ceiling Installation",
      message: "New ceiling for our Camden Street shop.",
    },
    {
      name: "Ciarán Walsh",
      email: "ciaran@walsh.ie",
      phone: null,
      service: null,
      message: "Water damage to 100% of the tiles in one bay.",
    },
    {
      name: "Gráinne Kelly",
      email: "grainne@kellyhair.ie",
      phone: "01 555 0100",
      service: "Partitions",
      message: '=HYPERLINK("http://evil") glass partitions',
    },
    {
      name: "Declan O'Neill",
      email: "declan@oneill.ie",
      phone: "086 999 0000",
      service: "Ceiling Repairs",
      message: "Sagging grid over the canteen.",
      source: "chat" as const,
      leadQuality: "hot" as const,
    },
  ];
  const inserted = [];
  for (const [i, row] of rows.entries()) {
    const [r] = await t.database.db
      .insert(contactSubmissions)
      .values({ ...row, createdAt: new Date(base + i * 3_600_000) })
      .returning();
    inserted.push(r!);
  }
  await t.database.db
    .update(contactSubmissions)
    .set({ readAt: new Date() })
    .where(eq(contactSubmissions.id, inserted[1]!.id));
  return inserted;
}

type Listed = Array<{ id: number; name: string; readAt: string | null }>;

describe("the inbox API", () => {
  beforeEach(async () => {
    await seed();
  });

  it("lists newest first with the spec's fields and the total in X-Total-Count", async () => {
    const res = await api("");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("4");
    const list = (await res.json()) as Listed;
    expect(list.map((r) => r.name)).toEqual(["Declan O'Neill", "Gráinne Kelly", "Ciarán Walsh", "Aoife Byrne"]);
    expect(Object.keys(list[0]!)).toEqual(
      expect.arrayContaining(["id", "name", "email", "phone", "service", "message", "readAt", "createdAt"]),
    );
  });

  it("filters by status, searches name, e-mail, phone and message, and pages", async () => {
    const names = async (q: string) => ((await (await api(q)).json()) as Listed).map((r) => r.name);
    expect(await names("?status=unread")).toEqual(["Declan O'Neill", "Gráinne Kelly", "Aoife Byrne"]);
    expect(await names("?status=read")).toEqual(["Ciarán Walsh"]);
    expect(await names("?q=camden")).toEqual(["Aoife Byrne"]);
    expect(await names("?q=KELLYHAIR")).toEqual(["Gráinne Kelly"]);
    expect(await names("?q=555%200100")).toEqual(["Gráinne Kelly"]);
    expect(await names("?q=100%25")).toEqual(["Ciarán Walsh"]); // % is a literal, not a wildcard
    expect(await names("?q=grid&status=unread")).toEqual(["Declan O'Neill"]);
    expect(await names("?q=no-such-words")).toEqual([]);
    const page2 = await api("?pageSize=3&page=2");
    expect(page2.headers.get("x-total-count")).toBe("4");
    expect(((await page2.json()) as Listed).map((r) => r.name)).toEqual(["Aoife Byrne"]);
  });

  it("pages at most 50 enquiries at a time, and puts a page past the first 100 in the audit log", async () => {
    await t.database.db.delete(contactSubmissions);
    const base = Date.parse("2026-09-01T09:00:00Z");
    await t.database.db.insert(contactSubmissions).values(
      Array.from({ length: 130 }, (_, i) => ({
        name: `Lead ${String(130 - i).padStart(3, "0")}`,
        email: `lead${i}@example.ie`,
        message: "Suspended ceiling quote",
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const sameSite = { headers: { "sec-fetch-site": "same-origin" } };
    const listed = async (q: string) => {
      const res = await api(q, sameSite);
      return { size: res.headers.get("x-page-size"), names: ((await res.json()) as Listed).map((r) => r.name) };
    };
    const bulkReads = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, "contact.list")).orderBy(auditLog.id)).map(
        (r) => [r.username, r.summary],
      );

    const big = await listed("?pageSize=100");
    expect([big.size, big.names.length, big.names[0], big.names[49]]).toEqual(["50", 50, "Lead 001", "Lead 050"]);
    expect((await listed("?pageSize=50&page=2")).names.at(-1)).toBe("Lead 100");
    expect(await bulkReads()).toEqual([]);

    expect((await listed("?pageSize=50&page=3")).names).toHaveLength(30);
    expect(await bulkReads()).toEqual([["staff", "Listed enquiries 101–130"]]);
    // The inbox page reads the same list: paging there is on record as well.
    const page = await fetch(`${site.origin}/admin/contacts?pageSize=50&page=3&q=ceiling`, {
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(page.status).toBe(200);
    expect(await bulkReads()).toEqual([
      ["staff", "Listed enquiries 101–130"],
      ["staff", 'Listed enquiries 101–130 (search "ceiling")'],
    ]);
    // A page with nothing on it read nothing.
    expect((await listed("?pageSize=50&page=9")).names).toEqual([]);
    expect(await bulkReads()).toHaveLength(2);
  });

  it("shows one enquiry with its e-mail status, marks it read and unread, and erases it with its e-mail", async () => {
    const [first] = await seed();
    await t.database.db.insert(emailOutbox).values({
      submissionId: first!.id,
      toAddress: "office@icinteriors.ie",
      subject: "s",
      bodyText: "b",
      attempts: 2,
      lastError: "connect ECONNREFUSED",
    });
    const detail = (await (await api(`/${first!.id}`)).json()) as {
      name: string;
      readAt: null;
      notification: { status: string; attempts: number };
    };
    expect(detail).toMatchObject({
      name: "Aoife Byrne",
      readAt: null,
      notification: { status: "pending", attempts: 2 },
    });

    const read = await api(`/${first!.id}`, { method: "PATCH", body: JSON.stringify({ read: true }) });
    expect(((await read.json()) as { readAt: string }).readAt).toBeTruthy();
    expect(
      (
        (await (await api(`/${first!.id}`, { method: "PATCH", body: JSON.stringify({ read: false }) })).json()) as {
          readAt: null;
        }
      ).readAt,
    ).toBeNull();
    expect((await api(`/${first!.id}`, { method: "PATCH", body: JSON.stringify({ read: "yes" }) })).status).toBe(400);

    expect((await api(`/${first!.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(`/${first!.id}`)).status).toBe(404);
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.submissionId, first!.id))).toBe(0);
    expect((await api(`/${first!.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api("/abc")).status).toBe(404);
    expect((await api("/999999", { method: "PATCH", body: JSON.stringify({ read: true }) })).status).toBe(404);
  });

  it("exports the current filter as CSV that spreadsheets open safely", async () => {
    const res = await api("/export.csv?status=unread");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "id,received,name,email,phone,service,message,read,read_at,source,lead_quality,landing_page,referrer,utm_source,utm_medium,utm_campaign,pipeline status,value_eur,assignee,follow_up_at,notes",
    );
    expect(lines).toHaveLength(4); // header + 3 unread
    expect(text).toContain(`"'=HYPERLINK(""http://evil"") glass partitions"`);
    expect(text).toContain(
      "Declan O'Neill,declan@oneill.ie,086 999 0000,Ceiling Repairs,Sagging grid over the canteen.,unread,,Chat,hot",
    );
    expect(text).not.toContain("Ciarán Walsh");
  });
});

describe("csvCell", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    for (const lead of ["=", "+", "-", "@"]) expect(csvCell(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(csvCell(null)).toBe("");
    expect(csvCell({ utm_source: "x" })).toBe('"{""utm_source"":""x""}"');
  });

  it("quotes a semicolon, so a spreadsheet that splits on ';' cannot turn part of a cell into a formula", () => {
    expect(csvCell("Bob;=1+1;x")).toBe('"Bob;=1+1;x"');
    expect(csvCell("-2;+3")).toBe(`"'-2;+3"`);
    expect(csvCell("\t=cmd")).toBe("'\t=cmd");
  });

  it("gives times in Dublin with their offset (summer and winter)", () => {
    expect(csvCell(new Date("2026-07-01T08:30:00Z"))).toBe("2026-07-01 09:30:00 +01:00");
    expect(csvCell(new Date("2026-12-01T08:30:00Z"))).toBe("2026-12-01 08:30:00 +00:00");
  });
});
