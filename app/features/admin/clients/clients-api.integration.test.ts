import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, clients, contactSubmissions, jobs, quotes, users } from "~/db/schema";
import { queryRows } from "~/db/client.server";
import { hashPassword } from "~/features/auth/password.server";
import { attachStoredLeads } from "~/features/clients/attach-stored-leads.server";
import { CLIENT_MESSAGES } from "~/features/clients/client-schema";
import { MERGE_MESSAGES } from "~/features/clients/clients.server";
import { issueFormToken } from "~/features/leads/form-token.server";
import { callApi, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";

// Clients (issue 37) through the built server's API, as the office uses them: leads find their
// client, stored leads are attached at start-up, search, a client with everything of theirs,
// edits and bad input, merging a duplicate, and a subcontracting client's quotes.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const password = "Clients-Office-2026";
  await t.database.db
    .insert(users)
    .values({ username: "orla", password: await hashPassword(password), role: "office" });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "orla", password);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const api = (method: string, path: string, body?: unknown) =>
  callApi(site.origin, method, path, body, { cookie, "sec-fetch-site": "same-origin" });
const db = () => t.database.db;

/** An enquiry through the public contact API (a bot's when `website` is filled in: quarantined). */
async function enquire(name: string, email: string, phone: string, extra: Record<string, string> = {}) {
  const formToken = issueFormToken(site.services.appSecret, Date.now() - 8_000);
  const answer = await callApi(site.origin, "POST", "/api/contact", {
    name,
    email,
    phone,
    service: "Suspended Ceilings",
    message: "A suspended ceiling for our shop unit in Swords, about 120 m2.",
    formToken,
    ...extra,
  });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

const clientIdOf = async (leadId: number) => (await api("GET", `/api/admin/contacts/${leadId}`)).body.clientId;

async function makeClient(body: Record<string, unknown>) {
  const answer = await api("POST", "/api/admin/clients", body);
  expect(answer.status).toBe(201);
  return answer.body as { id: number; name: string };
}

describe("a lead's client", () => {
  it("joins the client with its e-mail in any case or its phone's digits; a quarantined one only on release", async () => {
    const first = await enquire("Aoife Byrne", "Aoife@Byrne-Retail.ie", "(01) 555 0147");
    const again = await enquire("Aoife Byrne", "aoife@byrne-retail.ie", "");
    const byPhone = await enquire("Shop floor", "floor@byrne-retail.ie", "01 555 0147");
    const clientId = await clientIdOf(first);
    expect(clientId).toEqual(expect.any(Number));
    expect(await clientIdOf(again)).toBe(clientId);
    expect(await clientIdOf(byPhone)).toBe(clientId);

    const held = await enquire("Aoife Byrne", "AOIFE@byrne-retail.ie", "", { website: "http://cheap.example" });
    const spam = await api("GET", "/api/admin/contacts?spam=1");
    expect(spam.body.find((l: { id: number }) => l.id === held)).toMatchObject({ clientId: null });
    expect(await api("PATCH", `/api/admin/contacts/${held}`, { spam: false })).toMatchObject({ status: 200 });
    expect(await clientIdOf(held)).toBe(clientId);

    // The inbox's list items carry it too, and the enquiry shows its client and the client's other enquiries.
    const inbox = await api("GET", "/api/admin/contacts?q=byrne-retail");
    expect(new Set(inbox.body.map((l: { clientId: number }) => l.clientId))).toEqual(new Set([clientId]));
    const detail = await api("GET", `/api/admin/contacts/${first}`);
    expect(detail.body.client.client).toMatchObject({ id: clientId, name: "Aoife Byrne" });
    expect(detail.body.client.otherLeads.map((l: { id: number }) => l.id)).toEqual([held, byPhone, again]);
  });
});

describe("the start-up step", () => {
  it("attaches every stored lead outside quarantine, in batches, and finds nothing the second time", async () => {
    const stored = await db()
      .insert(contactSubmissions)
      .values([
        { name: "Declan Ward", email: "declan@wardoffices.ie", phone: "087 123 4567", message: "Partitions." },
        { name: "D. Ward", email: "DECLAN@wardoffices.ie", phone: null, message: "Partitions again." },
        { name: "Ward reception", email: "reception@wardoffices.ie", phone: "0871234567", message: "Ceiling." },
        { name: "Siobhan Kelly", email: "siobhan@kellysalon.ie", phone: null, message: "Salon ceiling." },
        { name: "Bot", email: "bot@spam.example", phone: null, message: "Cheap pills.", spam: true },
      ])
      .returning({ id: contactSubmissions.id });
    const ids = stored.map((r) => r.id);
    const batches: number[] = [];
    expect(await attachStoredLeads(db(), { batchSize: 2, onBatch: (n) => batches.push(n) })).toBe(4);
    expect(batches).toEqual([2, 4]);
    expect(await attachStoredLeads(db())).toBe(0);
    const rows = await db()
      .select({ id: contactSubmissions.id, clientId: contactSubmissions.clientId })
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.id, ids))
      .orderBy(contactSubmissions.id);
    const [ward, ward2, ward3, kelly, bot] = rows.map((r) => r.clientId);
    expect(ward).toEqual(expect.any(Number));
    expect([ward2, ward3]).toEqual([ward, ward]);
    expect(kelly).not.toBe(ward);
    expect(bot).toBeNull();
    const [made] = await db().select().from(clients).where(eq(clients.id, ward!));
    // The oldest enquiry names the client.
    expect(made).toMatchObject({ name: "Declan Ward", matchPhones: ["0871234567"] });
  });
});

describe("the clients list", () => {
  it("searches name, company, contacts' e-mails and phones (however spaced), in pages, through the trigram index", async () => {
    const murphy = await makeClient({
      name: "Ciara Murphy",
      company: "Murphy Dental Group",
      contacts: [{ name: "Ciara", email: "ciara@murphydental.ie", phone: "+353 86 765 4321", role: "Director" }],
    });
    const other = await makeClient({ name: "Quinn Pharmacy", contacts: [{ email: "info@quinnpharmacy.ie" }] });
    const found = async (q: string) =>
      (await api("GET", `/api/admin/clients?q=${encodeURIComponent(q)}`)).body.items.map((c: { id: number }) => c.id);
    expect(await found("dental group")).toEqual([murphy.id]);
    expect(await found("CIARA@MURPHY")).toEqual([murphy.id]);
    expect(await found("86 765 43")).toEqual([murphy.id]);
    expect(await found("quinn")).toEqual([other.id]);
    expect(await found("no such client")).toEqual([]);
    // A % is a character, not a wildcard.
    expect(await found("%")).toEqual([]);

    const all = await api("GET", "/api/admin/clients");
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    // Newest first, a page at a time.
    const page2 = await api("GET", "/api/admin/clients?pageSize=1&page=2");
    expect(page2.body).toMatchObject({ total: all.body.total, items: [{ id: murphy.id }] });
    expect(all.body.items[0]).toMatchObject({ id: other.id, leadCount: 0 });
    expect(all.body.items[0]).not.toHaveProperty("matchEmails");
    expect(all.body.items[0]).not.toHaveProperty("searchText");

    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select id from clients where search_text ilike '%murphy%'`,
      );
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("clients_search_idx");
  });
});

describe("one client", () => {
  it("answers the client with its leads, bookings, quotes and jobs, each newest first", async () => {
    const client = await makeClient({ name: "Eoin Doyle", contacts: [{ email: "eoin@doylecafe.ie" }] });
    const [older, newer] = await db()
      .insert(contactSubmissions)
      .values([
        {
          name: "Eoin Doyle",
          email: "eoin@doylecafe.ie",
          message: "Cafe ceiling.",
          clientId: client.id,
          createdAt: new Date("2026-03-01T10:00:00Z"),
        },
        {
          name: "Eoin Doyle",
          email: "eoin@doylecafe.ie",
          message: "Kitchen partition.",
          clientId: client.id,
          createdAt: new Date("2026-05-01T10:00:00Z"),
        },
      ])
      .returning();
    const at = (iso: string) => new Date(iso);
    await db()
      .insert(bookings)
      .values(
        [older!, newer!].map((lead, i) => ({
          submissionId: lead.id,
          startAt: at(`2026-0${3 + i * 2}-10T09:00:00Z`),
          endAt: at(`2026-0${3 + i * 2}-10T10:00:00Z`),
          blockedUntil: at(`2026-0${3 + i * 2}-10T10:30:00Z`),
          token: `booking-token-${lead.id}`,
          uid: `booking-${lead.id}@example.ie`,
          location: "Doyle's Cafe, Main Street, Bray",
        })),
      );
    const totals = { netCents: 100_000, vatCents: 13_500, grossCents: 113_500 } as never;
    const quoteRows = await db()
      .insert(quotes)
      .values(
        [older!, newer!].map((lead, i) => ({
          submissionId: lead.id,
          number: `Q-2026-90${i}${lead.id}`,
          token: `quote-token-${lead.id}`,
          client: { name: "Eoin Doyle", company: "", email: "eoin@doylecafe.ie", address: "Bray" },
          lines: [],
          validUntil: "2099-01-01",
          totals,
          netCents: 100_000 * (i + 1),
          grossCents: 113_500 * (i + 1),
          createdAt: at(`2026-0${3 + i * 2}-12T10:00:00Z`),
        })),
      )
      .returning({ id: quotes.id });
    const jobRows = await db()
      .insert(jobs)
      .values(
        ["J-2026-9001", "J-2026-9002"].map((number, i) => ({
          number,
          token: `job-token-${number}`,
          clientId: client.id,
          site: { address: ["Main Street", "Bray"], eircode: "A98 X2C4" },
          valueCents: 100_000,
          createdAt: at(`2026-0${4 + i * 2}-01T10:00:00Z`),
        })),
      )
      .returning({ id: jobs.id });

    const answer = await api("GET", `/api/admin/clients/${client.id}`);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body).toMatchObject({ id: client.id, name: "Eoin Doyle", country: "IE" });
    expect(body.leads.map((l: { id: number }) => l.id)).toEqual([newer!.id, older!.id]);
    expect(body.bookings.map((b: { leadId: number }) => b.leadId)).toEqual([newer!.id, older!.id]);
    expect(body.quotes.map((q: { id: number }) => q.id)).toEqual([quoteRows[1]!.id, quoteRows[0]!.id]);
    expect(body.quotes[0]).toMatchObject({ status: "draft", grossCents: 227_000, expired: false });
    expect(body.jobs.map((j: { id: number }) => j.id)).toEqual([jobRows[1]!.id, jobRows[0]!.id]);
    expect(body.jobs[0]).toMatchObject({ number: "J-2026-9002", status: "to-schedule", valueCents: 100_000 });

    expect(await api("GET", "/api/admin/clients/999999")).toMatchObject({ status: 404 });
  });

  it("updates the whole client, keeping the match keys in step, and refuses bad input with 400 storing nothing", async () => {
    const client = await makeClient({ name: "Fionn Healy", contacts: [{ email: "fionn@healybuild.ie" }] });
    const put = await api("PUT", `/api/admin/clients/${client.id}`, {
      name: "Healy Build",
      company: "Healy Build Ltd",
      contacts: [{ name: "Fionn", email: "Accounts@HealyBuild.ie", phone: "01 222 3333", role: "Accounts" }],
      address: ["Unit 9", "Sandyford"],
      eircode: "d18x2c4",
      vatNumber: "IE 9876543 W",
      reverseCharge: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: "Healy Build",
      eircode: "D18 X2C4",
      vatNumber: "IE9876543W",
      reverseCharge: true,
    });
    const [row] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ matchEmails: ["accounts@healybuild.ie"], matchPhones: ["012223333"] });
    // The old address no longer finds the client: a new lead from it makes its own.
    const lead = await enquire("Fionn Healy", "fionn@healybuild.ie", "");
    expect(await clientIdOf(lead)).not.toBe(client.id);

    const before = await db().$count(clients);
    const bad = await api("POST", "/api/admin/clients", {
      name: "Nobody",
      contacts: [{ name: "No way to reach", email: "", phone: "" }],
      eircode: "Dublin 18",
      reverseCharge: "yes",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: "Please correct the highlighted fields.",
      fieldErrors: {
        "contacts.0.email": CLIENT_MESSAGES.contactReach,
        eircode: CLIENT_MESSAGES.eircode,
        reverseCharge: CLIENT_MESSAGES.reverseCharge,
      },
    });
    expect(await db().$count(clients)).toBe(before);
    const badPut = await api("PUT", `/api/admin/clients/${client.id}`, { name: "", vatNumber: "IE12" });
    expect(badPut).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: CLIENT_MESSAGES.name, vatNumber: CLIENT_MESSAGES.vatNumber } },
    });
    const [unchanged] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(unchanged).toEqual(row);
  });

  it("starts a new quote with the reverse charge for a client we subcontract for", async () => {
    const lead = await enquire("Gearoid Nolan", "gearoid@nolancontractors.ie", "");
    const clientId = await clientIdOf(lead);
    const standard = await api("POST", `/api/admin/contacts/${lead}/quotes`, {});
    expect(standard).toMatchObject({ status: 201, body: { vatMode: "standard" } });
    const current = (await api("GET", `/api/admin/clients/${clientId}`)).body;
    const {
      leads: _l,
      bookings: _b,
      quotes: _q,
      jobs: _j,
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      ...details
    } = current;
    expect(
      await api("PUT", `/api/admin/clients/${clientId}`, {
        ...details,
        company: "Nolan Contractors",
        reverseCharge: true,
      }),
    ).toMatchObject({ status: 200 });
    const reverse = await api("POST", `/api/admin/contacts/${lead}/quotes`, {});
    expect(reverse).toMatchObject({
      status: 201,
      body: { vatMode: "reverse-charge", client: { company: "Nolan Contractors" } },
    });
  });
});

describe("merging clients", () => {
  it("moves the other client's leads (with their quotes and bookings) and jobs, unites the contacts, removes it, and logs it", async () => {
    const kept = await makeClient({
      name: "Hannah Walsh",
      contacts: [{ name: "Hannah", email: "hannah@walshdental.ie", phone: "", role: "" }],
    });
    const dupe = await makeClient({
      name: "Walsh Dental",
      company: "Walsh Dental Ltd",
      eircode: "W91 X2C4",
      contacts: [
        { name: "", email: "HANNAH@walshdental.ie", phone: "045 123 456", role: "Owner" },
        { name: "Reception", email: "reception@walshdental.ie", phone: "", role: "" },
      ],
    });
    const lead = await enquire("Reception", "reception@walshdental.ie", "");
    expect(await clientIdOf(lead)).toBe(dupe.id);
    const [job] = await db()
      .insert(jobs)
      .values({
        number: "J-2026-9100",
        token: "job-token-merge",
        clientId: dupe.id,
        site: { address: [], eircode: "" },
      })
      .returning({ id: jobs.id });

    const merged = await api("POST", `/api/admin/clients/${kept.id}/merge`, { fromId: dupe.id });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      id: kept.id,
      name: "Hannah Walsh",
      company: "Walsh Dental Ltd",
      eircode: "W91 X2C4",
      contacts: [
        { name: "Hannah", email: "hannah@walshdental.ie", phone: "045 123 456", role: "Owner" },
        { name: "Reception", email: "reception@walshdental.ie", phone: "", role: "" },
      ],
      leads: [{ id: lead }],
      jobs: [{ id: job!.id }],
    });
    expect(await api("GET", `/api/admin/clients/${dupe.id}`)).toMatchObject({ status: 404 });
    // The other client's addresses now find the kept client.
    expect(await clientIdOf(await enquire("Reception", "Reception@WalshDental.ie", ""))).toBe(kept.id);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "client.merge"));
    expect(entry).toMatchObject({
      username: "orla",
      targetType: "client",
      targetId: String(kept.id),
      summary: `Merged client "Walsh Dental (Walsh Dental Ltd)" (#${dupe.id}) into client "Hannah Walsh (Walsh Dental Ltd)"`,
      details: { fromId: dupe.id, moved: { leads: 1, jobs: 1 } },
    });
  });

  it("refuses a merge into itself (400), an unknown client (404), and changes nothing", async () => {
    const client = await makeClient({ name: "Ita Brennan", contacts: [{ email: "ita@brennan.ie" }] });
    const merges = () => db().$count(auditLog, eq(auditLog.action, "client.merge"));
    const mergesBefore = await merges();
    expect(await api("POST", `/api/admin/clients/${client.id}/merge`, { fromId: client.id })).toMatchObject({
      status: 400,
      body: { fieldErrors: { fromId: MERGE_MESSAGES.self } },
    });
    expect(await api("POST", `/api/admin/clients/${client.id}/merge`, {})).toMatchObject({
      status: 400,
      body: { fieldErrors: { fromId: MERGE_MESSAGES.fromId } },
    });
    expect(await api("POST", `/api/admin/clients/${client.id}/merge`, { fromId: 999_999 })).toMatchObject({
      status: 404,
      body: { message: expect.stringContaining("fromId") },
    });
    expect(await api("POST", `/api/admin/clients/999999/merge`, { fromId: client.id })).toMatchObject({ status: 404 });
    expect(await api("GET", `/api/admin/clients/${client.id}`)).toMatchObject({ status: 200 });
    expect(await merges()).toBe(mergesBefore);
  });
});
