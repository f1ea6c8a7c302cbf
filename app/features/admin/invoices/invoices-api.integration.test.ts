import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, contactSubmissions, invoices, jobs } from "~/db/schema";
import { defaultBusiness } from "~/config";
import { useMailingSite, type MailingSite } from "../../../../tests/support/mailing-site";

// The invoices API over HTTP on the built app (issue 38 item 2, part A): the schedule a client
// accepts goes with the job; a job made by hand has none and takes its client's reverse charge;
// drafts, issue, immutability, credit notes, the list and the e-invoice, with every refusal's
// status and words.

let t: MailingSite["t"];
let site: MailingSite["site"];
let cookie: string;

const SITE_URL = "https://www.example.ie";
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin", year: "numeric" }).format(new Date());
const SCHEDULE = {
  depositPercent: 30,
  stages: [
    { label: "First fix", percent: 40 },
    { label: "On completion", percent: 30 },
  ],
  retentionPercent: 5,
  defectsMonths: 12,
};
const LINE = {
  description: "Suspended ceiling, grid and tiles",
  quantity: 100,
  unit: "m²",
  unitPriceCents: 40_00,
  vatRate: 13.5,
};
const VIEW_KEYS = [
  "id",
  "number",
  "kind",
  "status",
  "clientId",
  "jobId",
  "issuedOn",
  "supplyDate",
  "dueOn",
  "lines",
  "totals",
  "paidCents",
  "rctCents",
  "balanceCents",
  "reverseCharge",
  "clientLink",
].sort();

useMailingSite(
  {
    staff: { username: "aine", password: "Invoice-Raiser-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL, NOTIFY_EMAIL: "office@example.ie", INVOICE_DUE_DAYS: "30" },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, cookie } = m),
);

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${site.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
};

const setVatNumber = async (vatNumber: string) =>
  expect((await call("PUT", "/api/admin/settings/business", { vatNumber })).status).toBe(200);

/** A quote with the schedule, sent and accepted on /q/<token>: the job it made. */
async function acceptedJob(email: string) {
  const [lead] = await t.database.db
    .insert(contactSubmissions)
    .values({ name: "Aoife Byrne", email, message: "A new shop ceiling please.", service: "Suspended Ceilings" })
    .returning();
  const created = await call("POST", `/api/admin/contacts/${lead!.id}/quotes`, {
    lines: [LINE],
    payments: SCHEDULE,
    client: { name: "Aoife Byrne", company: "Byrne Retail", email, address: "Unit 4, Naas Road\nDublin 12 D12 X285" },
  });
  expect(created.status).toBe(201);
  const sent = await call("POST", `/api/admin/quotes/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  const token = (sent.body.url as string).split("/q/")[1]!;
  const accepted = await fetch(`${site.origin}/q/${token}/accept`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Aoife Byrne", agree: true, selected: [], revision: 1 }),
  });
  expect(accepted.status).toBe(200);
  const [job] = await t.database.db.select().from(jobs).where(eq(jobs.quoteId, created.body.id));
  // The client's billing address, as staff would add it on the client's page.
  await t.database.db
    .update(clients)
    .set({ address: ["Unit 4, Naas Road", "Dublin 12"], eircode: "D12 X285" })
    .where(eq(clients.id, job!.clientId));
  return job!;
}

beforeAll(async () => {
  await setVatNumber("IE 6388047V");
});

describe("the schedule goes with the job", () => {
  it("an accepted quote's schedule and VAT mode are copied to its job", async () => {
    const job = await acceptedJob("copied@byrne.ie");
    expect(job.payments).toEqual(SCHEDULE);
    expect(job.vatMode).toBe("standard");
  });

  it("a job made by hand takes its client's reverse charge and no schedule: only custom invoices", async () => {
    const [client] = await t.database.db
      .insert(clients)
      .values({
        name: "Brennan Main Contractors",
        reverseCharge: true,
        vatNumber: "IE 9876543W",
        address: ["Block B, Citywest", "Dublin 24"],
      })
      .returning();
    const made = await call("POST", "/api/admin/jobs", {
      clientId: client!.id,
      title: "Ceilings, Block B",
      site: { address: ["Block B, Citywest"] },
      lines: [LINE],
    });
    expect(made.status).toBe(201);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, made.body.id));
    expect(job).toMatchObject({ payments: null, vatMode: "reverse-charge" });
    for (const kind of ["deposit", "final"]) {
      const refused = await call("POST", `/api/admin/jobs/${job!.id}/invoices`, { kind });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `Job ${job!.number} was not made from an accepted quote, so it has no payment schedule: raise a custom invoice with its lines instead.`,
      );
    }
    const custom = await call("POST", `/api/admin/jobs/${job!.id}/invoices`, { kind: "custom", lines: [LINE] });
    expect(custom.status).toBe(201);
    expect(custom.body).toMatchObject({ reverseCharge: true, totals: { netCents: 400_000, vatCents: 0, vat: [] } });
  });
});

describe("invoices over HTTP", () => {
  let job: typeof jobs.$inferSelect;
  let depositId: number;

  beforeAll(async () => {
    job = await acceptedJob("billing@byrne.ie");
  });

  it("refuses bad input with the field named and stores nothing; 404 for an unknown job", async () => {
    const before = await t.database.db.$count(invoices);
    const path = `/api/admin/jobs/${job.id}/invoices`;
    const badKind = await call("POST", path, { kind: "everything" });
    expect(badKind.status).toBe(400);
    expect(badKind.body.fieldErrors).toEqual({
      kind: 'Kind must be one of "deposit", "stage", "final", "retention" or "custom"',
    });
    const badLine = await call("POST", path, { kind: "custom", lines: [{ ...LINE, vatRate: 9 }] });
    expect(badLine.status).toBe(400);
    expect(badLine.body).toEqual({
      message: "Please correct lines.0.vatRate: VAT rate must be 13.5, 23 or 0.",
      fieldErrors: { "lines.0.vatRate": "VAT rate must be 13.5, 23 or 0" },
    });
    expect((await call("POST", path, { kind: "custom", lines: [] })).body.fieldErrors).toEqual({
      lines: "Add at least one line to the invoice",
    });
    expect((await call("POST", path, { kind: "stage" })).body.fieldErrors).toHaveProperty("stage");
    expect((await call("POST", path, { kind: "stage", stage: 2 })).body.fieldErrors).toEqual({
      stage: "The accepted schedule has 2 stages: choose a stage from 0 to 1",
    });
    expect(await t.database.db.$count(invoices)).toBe(before);
    const unknown = await call("POST", "/api/admin/jobs/999999/invoices", { kind: "deposit" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("There is no job with this id. It may have been deleted.");
  });

  it("makes the deposit draft; GET answers exactly the invoice's view", async () => {
    const made = await call("POST", `/api/admin/jobs/${job.id}/invoices`, { kind: "deposit" });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual(VIEW_KEYS);
    // 100 m² × €40 = €4,000 + 13.5 % VAT = €4,540; 30 % = €1,362.
    expect(made.body).toMatchObject({
      number: null,
      kind: "deposit",
      status: "draft",
      jobId: job.id,
      clientId: job.clientId,
      totals: { grossCents: 136_200, retentionCents: 0 },
      balanceCents: 136_200,
      reverseCharge: false,
    });
    expect(made.body.clientLink).toMatch(new RegExp(`^${SITE_URL}/i/[A-Za-z0-9_-]{22,}$`));
    depositId = made.body.id;
    const got = await call("GET", `/api/admin/invoices/${depositId}`);
    expect(got.body).toEqual(made.body);
    expect((await call("GET", "/api/admin/invoices/999999")).status).toBe(404);
    const second = await call("POST", `/api/admin/jobs/${job.id}/invoices`, { kind: "deposit" });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain("already open");
  });

  it("will not issue while the VAT number is the sample; then numbers it, dates it and freezes it", async () => {
    await setVatNumber(defaultBusiness.vatNumber);
    const sample = await call("POST", `/api/admin/invoices/${depositId}/issue`);
    expect(sample.status).toBe(409);
    expect(sample.body.message).toContain("The VAT number in Settings → Business is still the sample");
    await setVatNumber("IE 6388047V");
    const draftXml = await call("GET", `/api/admin/invoices/${depositId}/ubl.xml`);
    expect(draftXml.status).toBe(409);
    const badDate = await call("POST", `/api/admin/invoices/${depositId}/issue`, { supplyDate: "2026-02-30" });
    expect(badDate.status).toBe(400);
    expect(badDate.body.fieldErrors).toEqual({ supplyDate: "Enter the date of supply as YYYY-MM-DD" });

    const issued = await call("POST", `/api/admin/invoices/${depositId}/issue`);
    expect(issued.status).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
    expect(issued.body).toMatchObject({
      number: `INV-${year}-0001`,
      status: "issued",
      issuedOn: today,
      supplyDate: today,
    });
    const due = new Date(`${today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(issued.body.dueOn).toBe(due.toISOString().slice(0, 10));

    const again = await call("POST", `/api/admin/invoices/${depositId}/issue`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`INV-${year}-0001 has already been issued.`);
    const put = await call("PUT", `/api/admin/invoices/${depositId}`, { supplyDate: "2026-01-01" });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(
      `INV-${year}-0001 has been issued and cannot be changed: correct it with a credit note.`,
    );
    const del = await call("DELETE", `/api/admin/invoices/${depositId}`);
    expect(del.status).toBe(409);
    expect((await call("GET", `/api/admin/invoices/${depositId}`)).body).toEqual(issued.body);

    const xml = await call("GET", `/api/admin/invoices/${depositId}/ubl.xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(xml.headers.get("content-disposition")).toBe(`attachment; filename="INV-${year}-0001.xml"`);
    expect(xml.text).toContain(`<cbc:ID>INV-${year}-0001</cbc:ID>`);
  });

  it("changes and deletes a draft (204), and lists by status, job and search", async () => {
    const draft = await call("POST", `/api/admin/jobs/${job.id}/invoices`, { kind: "custom", lines: [LINE] });
    const changed = await call("PUT", `/api/admin/invoices/${draft.body.id}`, {
      lines: [{ ...LINE, quantity: 10 }],
      supplyDate: "2026-05-04",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ supplyDate: "2026-05-04", totals: { netCents: 40_000 } });
    const list = await call("GET", `/api/admin/invoices?jobId=${job.id}`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(["items", "total"]);
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([draft.body.id, depositId]);
    expect(list.body.items[1]).toEqual((await call("GET", `/api/admin/invoices/${depositId}`)).body);
    expect((await call("GET", `/api/admin/invoices?status=draft&jobId=${job.id}`)).body.total).toBe(1);
    expect((await call("GET", `/api/admin/invoices?q=INV-${year}-0001`)).body.total).toBe(1);
    // By the client's name: every document of theirs, each once, newest first.
    const byName = await call("GET", `/api/admin/invoices?q=Aoife%20BYRNE&jobId=${job.id}`);
    expect(byName.body.items.map((i: { id: number }) => i.id)).toEqual([draft.body.id, depositId]);
    expect(byName.body.total).toBe(2);
    expect((await call("GET", `/api/admin/invoices?q=aoife&status=draft&jobId=${job.id}`)).body.total).toBe(1);
    expect((await call("GET", "/api/admin/invoices?q=zzqxj")).body).toEqual({ items: [], total: 0 });
    expect((await call("GET", "/api/admin/invoices?status=overdue")).body.total).toBe(0);
    const bad = await call("GET", "/api/admin/invoices?status=late&clientId=x");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["clientId", "status"]);
    const del = await call("DELETE", `/api/admin/invoices/${draft.body.id}`);
    expect(del.status).toBe(204);
    expect((await call("GET", `/api/admin/invoices/${draft.body.id}`)).status).toBe(404);
  });

  it("credits the invoice with a credit note of its own; credited in full it reads credited", async () => {
    const noReason = await call("POST", `/api/admin/invoices/${depositId}/credit-note`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors).toEqual({
      reason: "Say why the invoice is credited (it is printed on the credit note)",
    });
    const tooMuch = await call("POST", `/api/admin/invoices/${depositId}/credit-note`, {
      reason: "Deposit reduced",
      lines: [{ ...LINE, quantity: 1, unitPriceCents: 2_000_00 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fieldErrors.lines).toContain("at most what is left on the invoice");
    const note = await call("POST", `/api/admin/invoices/${depositId}/credit-note`, { reason: "Job postponed" });
    expect(note.status).toBe(201);
    expect(Object.keys(note.body).sort()).toEqual(VIEW_KEYS);
    expect(note.body).toMatchObject({
      kind: "credit-note",
      status: "issued",
      number: `CN-${year}-0001`,
      totals: { grossCents: 136_200 },
      balanceCents: 0,
    });
    expect(note.body.id).not.toBe(depositId);
    expect((await call("GET", `/api/admin/invoices/${depositId}`)).body).toMatchObject({
      status: "credited",
      balanceCents: 0,
    });
    const again = await call("POST", `/api/admin/invoices/${depositId}/credit-note`, { reason: "Again" });
    expect(again.status).toBe(409);
    const draft = await call("POST", `/api/admin/jobs/${job.id}/invoices`, { kind: "custom", lines: [LINE] });
    const onDraft = await call("POST", `/api/admin/invoices/${draft.body.id}/credit-note`, { reason: "Draft" });
    expect(onDraft.status).toBe(409);
    const xml = await call("GET", `/api/admin/invoices/${note.body.id}/ubl.xml`);
    expect(xml.headers.get("content-disposition")).toBe(`attachment; filename="CN-${year}-0001.xml"`);
    expect(xml.text).toContain("<CreditNote ");
  });
});
