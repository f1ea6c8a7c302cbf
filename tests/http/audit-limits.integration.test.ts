import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, users } from "~/db/schema";
import { purgeAuditAndRecord } from "~/features/audit/audit-retention.server";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../support/built-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Issue 26's audit log limits, on the built server: a flood of throttled sign-ins writes one row
// a window, not one a request; old rows go after AUDIT_RETENTION_DAYS; a GET from outside the
// site (a link on another site, a script) writes no row in a user's name; GET /api/admin/audit.

let t: TestDatabase;
const PASSWORD = "Ledger-Keeper-2026";
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestDatabase();
  await db()
    .insert(users)
    .values({ username: "ruairi", password: await hashPassword(PASSWORD) });
});
afterAll(async () => {
  await t?.dispose();
});

const signInFailures = () =>
  db()
    .select({ username: auditLog.username, ip: auditLog.ip, details: auditLog.details, summary: auditLog.summary })
    .from(auditLog)
    .where(eq(auditLog.action, "sign-in.failure"))
    .orderBy(auditLog.id);

const login = (origin: string, username: string, from: string, password = "Not-The-Password-1") =>
  callApi(origin, "POST", "/api/auth/login", { username, password }, { "x-forwarded-for": from });

describe("a flood of sign-ins", () => {
  it("50 tries with made-up names from one address: 48 refused, one audit row for the refusals", async () => {
    const site = await serveBuiltApp(t.database, {
      env: { TRUST_PROXY: "1", LOGIN_RATE_LIMIT_IP_POINTS: "2", LOGIN_RATE_LIMIT_WINDOW_S: "900" },
    });
    try {
      await db().delete(auditLog);
      const names = Array.from({ length: 50 }, (_, i) => `guess-${i}-${Math.random().toString(36).slice(2, 8)}`);
      // Two first (allowed, so the order is known), then the rest at once, as an attacker sends them.
      const first = [
        await login(site.origin, names[0]!, "203.0.113.9"),
        await login(site.origin, names[1]!, "203.0.113.9"),
      ];
      const rest = await Promise.all(names.slice(2).map((name) => login(site.origin, name, "203.0.113.9")));
      expect(first.map((r) => r.status)).toEqual([401, 401]);
      expect(rest.map((r) => r.status)).toEqual(Array(48).fill(429));
      const rows = await signInFailures();
      expect(rows).toEqual([
        expect.objectContaining({ username: names[0], details: { reason: "unknown-user" } }),
        expect.objectContaining({ username: names[1], details: { reason: "unknown-user" } }),
        expect.objectContaining({
          ip: "203.0.113.9",
          details: { reason: "throttled", by: "ip" },
          summary: expect.stringMatching(
            /^Sign-in as guess-.+ refused: too many attempts from this address \(more refusals in the next 15 minutes are not listed\)$/,
          ),
        }),
      ]);
      // Another address is counted on its own.
      expect((await login(site.origin, "someone", "198.51.100.20")).status).toBe(401);
      expect(await db().$count(auditLog)).toBe(4);
    } finally {
      await site.close();
    }
  });

  it("one user name tried too often: one row per address it comes from, the right password refused too", async () => {
    const site = await serveBuiltApp(t.database, {
      env: { TRUST_PROXY: "1", LOGIN_RATE_LIMIT_IP_POINTS: "100", LOGIN_RATE_LIMIT_USER_POINTS: "2" },
    });
    try {
      await db().delete(auditLog);
      for (let i = 0; i < 2; i++) expect((await login(site.origin, "ruairi", "203.0.113.30")).status).toBe(401);
      for (let i = 0; i < 10; i++) expect((await login(site.origin, "Ruairi", "203.0.113.30")).status).toBe(429);
      expect((await login(site.origin, "ruairi", "203.0.113.31", PASSWORD)).status).toBe(429);
      expect((await login(site.origin, "ruairi", "203.0.113.31")).status).toBe(429);
      const rows = await signInFailures();
      expect(rows.map((r) => [r.ip, r.details])).toEqual([
        ["203.0.113.30", { reason: "password" }],
        ["203.0.113.30", { reason: "password" }],
        ["203.0.113.30", { reason: "throttled", by: "user" }],
        ["203.0.113.31", { reason: "throttled", by: "user" }],
      ]);
    } finally {
      await site.close();
    }
  });
});

describe("retention", () => {
  it("erases rows older than AUDIT_RETENTION_DAYS and says so in the log; nothing to erase writes nothing", async () => {
    await db().delete(auditLog);
    const at = (days: number) => sql`now() - make_interval(days => ${days})`;
    await db()
      .insert(auditLog)
      .values([
        { at: at(400), username: "ruairi", action: "faq.update", summary: "Old change" },
        { at: at(366), username: "ruairi", action: "faq.update", summary: "Old change" },
        { at: at(364), username: "ruairi", action: "faq.update", summary: "Kept change" },
      ]);
    const services = { database: t.database, env: { AUDIT_RETENTION_DAYS: 365 }, logger: undefined } as never;
    expect(await purgeAuditAndRecord(services)).toBe(2);
    const rows = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(rows).toEqual([
      expect.objectContaining({ summary: "Kept change" }),
      expect.objectContaining({
        username: "system",
        action: "audit.purge",
        summary: "Erased 2 audit log entries older than 365 days (AUDIT_RETENTION_DAYS)",
        details: { deleted: 2, days: 365 },
      }),
    ]);
    expect(await purgeAuditAndRecord(services)).toBe(0);
    expect(await db().$count(auditLog)).toBe(2);
  });
});

describe("on the running site", () => {
  let site: Awaited<ReturnType<typeof serveBuiltApp>>;
  let cookie: string;
  beforeAll(async () => {
    site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
    cookie = await signIn(site.origin, "ruairi", PASSWORD);
    await confirmSession(site.origin, cookie, PASSWORD); // the export asks for the password first
  });
  afterAll(async () => {
    await site?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    callApi(site.origin, "GET", path, undefined, { cookie, ...headers });
  const rowsFor = (action: string) => db().$count(auditLog, eq(auditLog.action, action));

  it("a GET writes an audit row only when it comes from the site's own pages (Sec-Fetch-Site: same-origin)", async () => {
    const [enquiry] = await db()
      .insert(contactSubmissions)
      .values({ name: "Orla Nolan", email: "orla@nolan.ie", message: "A ceiling for the surgery." })
      .returning();
    const before = { view: await rowsFor("contact.view"), export: await rowsFor("contact.export") };
    // A link on another site, a sibling site, and a script or a typed address: answered, not recorded.
    const outside: Array<Record<string, string>> = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ];
    for (const headers of outside) {
      expect((await get(`/api/admin/contacts/${enquiry!.id}`, headers)).status).toBe(200);
      expect((await get("/api/admin/contacts/export.csv", headers)).status).toBe(200);
    }
    expect(await rowsFor("contact.view")).toBe(before.view);
    expect(await rowsFor("contact.export")).toBe(before.export);
    // The admin's own pages send same-origin: on record.
    expect((await get(`/api/admin/contacts/${enquiry!.id}`, { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await get("/api/admin/contacts/export.csv", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect(await rowsFor("contact.view")).toBe(before.view + 1);
    expect(await rowsFor("contact.export")).toBe(before.export + 1);
    // Writes are recorded whatever the header (cross-site ones never get this far: 403).
    const marked = await callApi(
      site.origin,
      "PATCH",
      `/api/admin/contacts/${enquiry!.id}`,
      { read: true },
      { cookie },
    );
    expect(marked.status).toBe(200);
    expect(await rowsFor("contact.mark-read")).toBe(1);
  });

  it("GET /api/admin/audit answers { total, items } newest first, a page at a time, by action or group", async () => {
    await db().delete(auditLog);
    for (let i = 1; i <= 55; i++)
      await db()
        .insert(auditLog)
        .values({
          at: sql`now() - make_interval(mins => ${60 - i})`,
          username: "ruairi",
          action: i % 5 === 0 ? "faq.update" : "sign-out",
          summary: `Entry ${i}`,
          ip: "198.51.100.7",
        });
    const first = await get("/api/admin/audit");
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["total", "items"]);
    expect(first.body.total).toBe(55);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      userId: null,
      username: "ruairi",
      action: "faq.update",
      summary: "Entry 55",
      targetType: null,
      targetId: null,
      ip: "198.51.100.7",
      details: null,
    });
    expect(first.body.items[1].summary).toBe("Entry 54");
    const second = await get("/api/admin/audit?page=2");
    expect(second.body).toMatchObject({ total: 55 });
    expect(second.body.items.map((i: { summary: string }) => i.summary)).toEqual([
      "Entry 5",
      "Entry 4",
      "Entry 3",
      "Entry 2",
      "Entry 1",
    ]);
    const faqs = await get("/api/admin/audit?action=faq.update");
    expect(faqs.body.total).toBe(11);
    expect(faqs.body.items.map((i: { summary: string }) => i.summary).slice(0, 2)).toEqual(["Entry 55", "Entry 50"]);
    expect((await get("/api/admin/audit?action=content")).body.total).toBe(11);
    expect((await get("/api/admin/audit?page=3")).body).toEqual({ total: 55, items: [] });

    for (const query of ["page=0", "page=-1", "page=abc", "page=1.5"])
      expect((await get(`/api/admin/audit?${query}`)).body.message, query).toMatch(/^page must be a whole number/);
    const unknown = await get("/api/admin/audit?action=drop-table");
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Unknown action "drop-table"/) },
    });
    expect((await callApi(site.origin, "GET", "/api/admin/audit")).status).toBe(401);
    // Reading the log is not itself recorded.
    expect(await db().$count(auditLog, and(eq(auditLog.username, "ruairi"), eq(auditLog.action, "sign-out")))).toBe(44);
  });
});
