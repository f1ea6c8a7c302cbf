import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, invoices, jobs } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { validateEn16931 } from "../../../tests/support/en16931/validate";
import { BUSINESS, insertBillingJob, invoiceServices } from "../../../tests/support/invoices-fixture";
import { defaultBusiness } from "~/config";
import { queryRows } from "~/db/client.server";
import { acceptedQuoteOf, documentColumns, raiseInvoice } from "./invoice-drafts.server";
import { depositInvoice } from "./invoice-maths";
import { invoiceUbl } from "./invoice-e-document.server";
import { listInvoices } from "./invoice-list.server";
import { invoiceView } from "./invoice-view";
import { creditInvoice, deleteDraft, issueInvoice, updateDraft } from "./invoices.server";

// Invoices on the database (issue 38 item 2): drafts from the job's schedule, numbers given at
// issue under concurrency with no gap, the parties frozen, issued rows the database itself refuses
// to change, credit notes and statuses, and the e-invoices of real issued rows through the official
// EN 16931 schematron. Runs on PGlite and on PostgreSQL (TEST_DATABASE=postgres).

let t: TestDatabase;
const SITE = "https://www.example.ie";
const db = () => t.database.db;
const services = () => invoiceServices(db());
const at = (day: string) => new Date(`${day}T10:00:00Z`);

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

async function ok<T extends { status: string }>(promise: Promise<T>) {
  const result = await promise;
  if (result.status !== "ok") throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result as Extract<T, { status: "ok" }>;
}

describe("drafts from the job's schedule", () => {
  it("raises the deposit, refuses a second while one is open or issued, and numbers it at issue", async () => {
    const job = await insertBillingJob(db());
    const draft = await ok(raiseInvoice(db(), job.id, { kind: "deposit" }, null, at("2026-03-02")));
    const view = invoiceView(draft.row, SITE);
    expect(view).toMatchObject({ number: null, kind: "deposit", status: "draft", jobId: job.id, issuedOn: null });
    // 120 × €45 at 13.5 % and 12 × €85 at 23 %: gross 6,129.00 + 1,254.60 = 7,383.60; 30 % = 2,215.08.
    expect(view.totals.grossCents).toBe(221_508);
    expect(view.lines.map((l) => l.description)).toEqual([
      `Deposit of 30% on quote ${job.number} (items at 13.5% VAT)`,
      `Deposit of 30% on quote ${job.number} (items at 23% VAT)`,
    ]);
    expect(await raiseInvoice(db(), job.id, { kind: "deposit" }, null)).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("already open"),
    });

    const issued = await ok(issueInvoice(services(), draft.row.id, { supplyDate: "2026-02-27" }, at("2026-03-02")));
    expect(issued.row).toMatchObject({
      status: "issued",
      number: "INV-2026-0001",
      issuedOn: "2026-03-02",
      supplyDate: "2026-02-27",
      dueOn: "2026-03-16",
      seller: {
        name: "IC Interiors",
        address: ["Unit 7, Ballymount Business Park", "Dublin 12"],
        eircode: "D12 X5F8",
        country: "IE",
        vatNumber: "IE 6388047V",
        email: "accounts@icinteriors.ie",
      },
      buyer: { name: expect.stringMatching(/^Byrne Retail/), address: ["12 Grafton Street", "Dublin 2"] },
    });
    expect(await issueInvoice(services(), draft.row.id, {})).toMatchObject({
      status: "conflict",
      message: "INV-2026-0001 has already been issued.",
    });
    expect(await raiseInvoice(db(), job.id, { kind: "deposit" }, null)).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("Nothing left to bill as a deposit"),
    });
  });

  it("bills a stage less the retention held, then the final account, and the retention when it is due", async () => {
    const job = await insertBillingJob(db());
    for (const input of [{ kind: "deposit" as const }, { kind: "stage" as const, stage: 0 }]) {
      const draft = await ok(raiseInvoice(db(), job.id, input, null));
      await ok(issueInvoice(services(), draft.row.id, {}));
    }
    const [stage] = await db().select().from(invoices).where(eq(invoices.kind, "stage"));
    expect(stage!.retentionCents).toBeGreaterThan(0);
    expect(await raiseInvoice(db(), job.id, { kind: "stage", stage: 0 }, null)).toMatchObject({
      status: "conflict",
      message: "Nothing left to bill for stage 1 (First fix): it has been invoiced already.",
    });
    expect(await raiseInvoice(db(), job.id, { kind: "stage", stage: 5 }, null)).toMatchObject({
      status: "invalid",
      errors: { stage: "The accepted schedule has 2 stages: choose a stage from 0 to 1" },
    });
    // Not complete: the retention is not due yet.
    expect(await raiseInvoice(db(), job.id, { kind: "retention" }, null)).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("is not complete yet"),
    });
    await ok(issueInvoice(services(), (await ok(raiseInvoice(db(), job.id, { kind: "final" }, null))).row.id, {}));
    await db()
      .update(jobs)
      .set({ status: "complete", completedAt: at("2026-04-10") })
      .where(eq(jobs.id, job.id));
    const first = await ok(raiseInvoice(db(), job.id, { kind: "retention" }, null, at("2026-04-11")));
    expect(first.row.release).toBe("completion");
    await ok(issueInvoice(services(), first.row.id, {}, at("2026-04-11")));
    expect(await raiseInvoice(db(), job.id, { kind: "retention" }, null, at("2026-06-01"))).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("the second half is due on 2027-04-10"),
    });
    const second = await ok(raiseInvoice(db(), job.id, { kind: "retention" }, null, at("2027-04-12")));
    expect(second.row.release).toBe("defects");
    // Everything billed adds up to the accepted gross exactly.
    await ok(issueInvoice(services(), second.row.id, {}, at("2027-04-12")));
    const rows = await db().select().from(invoices).where(eq(invoices.jobId, job.id));
    expect(rows.reduce((s, r) => s + r.grossCents, 0)).toBe(738_360);
  });

  it("a job without a schedule takes custom invoices only; a custom draft's lines can change", async () => {
    const job = await insertBillingJob(db(), { payments: null });
    expect(await raiseInvoice(db(), job.id, { kind: "deposit" }, null)).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("raise a custom invoice"),
    });
    const line = {
      description: "Extra bulkhead",
      quantity: 2,
      unit: "m" as const,
      unitPriceCents: 95_00,
      vatRate: 13.5 as const,
    };
    const draft = await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null));
    expect(draft.row.grossCents).toBe(19_000 + 2_565);
    const changed = await ok(
      updateDraft(db(), draft.row.id, { lines: [{ ...line, quantity: 3 }], supplyDate: "2026-05-01" }),
    );
    expect(changed.row).toMatchObject({ netCents: 28_500, supplyDate: "2026-05-01" });
    expect(await raiseInvoice(db(), 999_999, { kind: "custom", lines: [line] }, null)).toEqual({ status: "not-found" });
  });
});

describe("issuing", () => {
  it("numbers ten drafts issued at once INV-2031-0001…0010, no gap, no repeat", async () => {
    const job = await insertBillingJob(db(), { payments: null });
    const line = {
      description: "Call-out",
      quantity: 1,
      unit: "item" as const,
      unitPriceCents: 120_00,
      vatRate: 13.5 as const,
    };
    const drafts = [];
    for (let i = 0; i < 10; i++)
      drafts.push((await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null))).row);
    const results = await Promise.all(drafts.map((d) => issueInvoice(services(), d.id, {}, at("2031-01-15"))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill("ok"));
    const numbers = results.map((r) => (r as { row: { number: string } }).row.number).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `INV-2031-${String(i + 1).padStart(4, "0")}`));
  });

  it("refuses while the VAT number is the sample, or the name, address or a reverse-charge client's VAT number is missing", async () => {
    const job = await insertBillingJob(db(), { payments: null });
    const line = {
      description: "Call-out",
      quantity: 1,
      unit: "item" as const,
      unitPriceCents: 120_00,
      vatRate: 13.5 as const,
    };
    const draft = (await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null))).row;
    const issueWith = (business: typeof BUSINESS) =>
      issueInvoice(
        invoiceServices(db(), () => business),
        draft.id,
        {},
      );
    expect(await issueWith({ ...BUSINESS, vatNumber: defaultBusiness.vatNumber })).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("The VAT number in Settings → Business is still the sample"),
    });
    expect(await issueWith({ ...BUSINESS, address: "" })).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("name and address in Settings → Business"),
    });
    const reverse = await insertBillingJob(db(), { vatMode: "reverse-charge", client: { vatNumber: "" } });
    const rc = (await ok(raiseInvoice(db(), reverse.id, { kind: "deposit" }, null))).row;
    expect(await issueInvoice(services(), rc.id, {})).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("has no VAT number: under the reverse charge"),
    });
    expect((await db().select().from(invoices).where(eq(invoices.id, draft.id)))[0]!.status).toBe("draft");
  });

  it("refuses a schedule draft that no longer matches what was issued since", async () => {
    const job = await insertBillingJob(db());
    const stale = (await ok(raiseInvoice(db(), job.id, { kind: "final" }, null))).row;
    // Made behind the API's back (two schedule drafts are refused there), as a second server might.
    const doc = depositInvoice((await acceptedQuoteOf(db(), job))!, [])!;
    const [deposit] = await db()
      .insert(invoices)
      .values({
        kind: "deposit",
        token: "x".repeat(43),
        clientId: job.clientId,
        jobId: job.id,
        ...documentColumns(doc),
      })
      .returning();
    await ok(issueInvoice(services(), deposit!.id, {}));
    expect(await issueInvoice(services(), stale.id, {})).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("billing has changed since this draft was made"),
    });
  });
});

describe("an issued document never changes", () => {
  it("refuses PUT and DELETE of an issued invoice; deletes a draft", async () => {
    const job = await insertBillingJob(db());
    const draft = (await ok(raiseInvoice(db(), job.id, { kind: "deposit" }, null))).row;
    const issued = (await ok(issueInvoice(services(), draft.id, {}))).row;
    expect(await updateDraft(db(), draft.id, { supplyDate: "2026-01-01" })).toMatchObject({
      status: "conflict",
      message: `${issued.number} has been issued and cannot be changed: correct it with a credit note.`,
    });
    expect(await deleteDraft(db(), draft.id)).toMatchObject({ status: "conflict" });
    const other = (await ok(raiseInvoice(db(), job.id, { kind: "stage", stage: 0 }, null))).row;
    expect(await deleteDraft(db(), other.id)).toMatchObject({ status: "ok" });
    expect(await db().$count(invoices, eq(invoices.id, other.id))).toBe(0);
  });

  it("the database refuses a raw UPDATE of an issued row's lines, totals, number or parties, and its DELETE", async () => {
    const job = await insertBillingJob(db());
    const issued = (
      await ok(issueInvoice(services(), (await ok(raiseInvoice(db(), job.id, { kind: "deposit" }, null))).row.id, {}))
    ).row;
    const attempts = [
      sql`update invoices set lines = '[]'::jsonb where id = ${issued.id}`,
      sql`update invoices set gross_cents = gross_cents + 1 where id = ${issued.id}`,
      sql`update invoices set number = 'INV-2026-9999' where id = ${issued.id}`,
      sql`update invoices set buyer = jsonb_set(buyer, '{name}', '"Someone else"') where id = ${issued.id}`,
      sql`update invoices set status = 'draft', number = null where id = ${issued.id}`,
      sql`delete from invoices where id = ${issued.id}`,
    ];
    for (const attempt of attempts) {
      const error = await db()
        .execute(attempt)
        .then(
          () => null,
          (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
        );
      expect(error).toMatch(/^invoice INV-\d{4}-\d{4} is issued and cannot be (changed|deleted)/);
    }
    // Its status and sums still move (payments, credit notes), and a draft changes freely.
    await db().execute(sql`update invoices set paid_cents = 100, status = 'part-paid' where id = ${issued.id}`);
    const draft = (await ok(raiseInvoice(db(), job.id, { kind: "stage", stage: 0 }, null))).row;
    await db().execute(sql`update invoices set lines = '[]'::jsonb where id = ${draft.id}`);
    const [after] = await db().select().from(invoices).where(eq(invoices.id, issued.id));
    expect(after).toMatchObject({
      lines: issued.lines,
      grossCents: issued.grossCents,
      number: issued.number,
      status: "part-paid",
    });
  });
});

describe("credit notes", () => {
  it("credits part, then the rest; the invoice reads credited; each note is a document of its own", async () => {
    const job = await insertBillingJob(db(), { payments: null });
    const line = {
      description: "Partition, 70 mm stud",
      quantity: 10,
      unit: "m²" as const,
      unitPriceCents: 55_00,
      vatRate: 13.5 as const,
    };
    const invoice = (
      await ok(
        issueInvoice(
          services(),
          (await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null))).row.id,
          {},
          at("2026-06-01"),
        ),
      )
    ).row;
    expect(invoice.grossCents).toBe(62_425);
    const part = await ok(
      creditInvoice(
        services(),
        invoice.id,
        { reason: "Two metres not built", lines: [{ ...line, quantity: 2 }] },
        null,
        at("2026-06-05"),
      ),
    );
    expect(invoiceView(part.row, SITE)).toMatchObject({
      kind: "credit-note",
      status: "issued",
      number: "CN-2026-0001",
      issuedOn: "2026-06-05",
      totals: { netCents: 11_000, vatCents: 1_485, grossCents: 12_485 },
      balanceCents: 0,
    });
    expect(part.row.creditsInvoiceId).toBe(invoice.id);
    expect(part.invoice).toMatchObject({ status: "issued", creditedCents: 12_485 });
    expect(invoiceView(part.invoice!, SITE).balanceCents).toBe(49_940);
    expect(
      await creditInvoice(services(), invoice.id, { reason: "Too much", lines: [{ ...line, quantity: 9 }] }, null),
    ).toMatchObject({ status: "invalid", errors: { lines: expect.stringContaining("at most what is left") } });
    const rest = await ok(creditInvoice(services(), invoice.id, { reason: "Job cancelled" }, null, at("2026-06-06")));
    expect(rest.row).toMatchObject({ number: "CN-2026-0002", grossCents: 49_940 });
    expect(rest.invoice).toMatchObject({ status: "credited", creditedCents: 62_425 });
    expect(await creditInvoice(services(), invoice.id, { reason: "Again" }, null)).toMatchObject({
      status: "conflict",
      message: "This invoice has already been credited in full",
    });
    expect(await creditInvoice(services(), rest.row.id, { reason: "A note" }, null)).toMatchObject({
      status: "conflict",
    });
    const draft = (await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null))).row;
    expect(await creditInvoice(services(), draft.id, { reason: "Draft" }, null)).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("Only an issued invoice can be credited"),
    });
  });

  it("lists by status (overdue too), client, job and number, newest first", async () => {
    const job = await insertBillingJob(db(), { payments: null });
    const line = {
      description: "Call-out",
      quantity: 1,
      unit: "item" as const,
      unitPriceCents: 80_00,
      vatRate: 23 as const,
    };
    const old = (
      await ok(
        issueInvoice(
          services(),
          (await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null, at("2026-01-01")))).row.id,
          {},
          at("2026-01-02"),
        ),
      )
    ).row;
    const draft = (await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null, at("2026-02-01")))).row;
    const ofJob = await listInvoices(db(), SITE, { jobId: job.id }, at("2026-02-10"));
    expect(ofJob.items.map((i) => i.id)).toEqual([draft.id, old.id]);
    expect(ofJob.total).toBe(2);
    expect(
      (await listInvoices(db(), SITE, { jobId: job.id, status: "overdue" }, at("2026-02-10"))).items.map((i) => i.id),
    ).toEqual([old.id]);
    expect((await listInvoices(db(), SITE, { jobId: job.id, status: "overdue" }, at("2026-01-10"))).total).toBe(0);
    expect((await listInvoices(db(), SITE, { jobId: job.id, status: "draft" })).items.map((i) => i.id)).toEqual([
      draft.id,
    ]);
    expect((await listInvoices(db(), SITE, { q: old.number! })).items.map((i) => i.id)).toEqual([old.id]);
    expect((await listInvoices(db(), SITE, { clientId: job.clientId })).total).toBe(2);
  });

  it("finds an invoice by its number or its client's name, each once, newest first", async () => {
    const job = await insertBillingJob(db(), { payments: null, client: { name: "Zebedee Quill", company: "" } });
    const line = {
      description: "Survey",
      quantity: 1,
      unit: "item" as const,
      unitPriceCents: 95_00,
      vatRate: 23 as const,
    };
    const raise = async (day: string) =>
      (await ok(raiseInvoice(db(), job.id, { kind: "custom", lines: [line] }, null, at(day)))).row;
    const first = (await ok(issueInvoice(services(), (await raise("2026-03-01")).id, {}, at("2026-03-02")))).row;
    const second = (await ok(issueInvoice(services(), (await raise("2026-03-05")).id, {}, at("2026-03-06")))).row;
    const draft = await raise("2026-03-09");
    const byName = await listInvoices(db(), SITE, { q: "zebedee quill" });
    expect(byName.items.map((i) => i.id)).toEqual([draft.id, second.id, first.id]);
    expect(byName.total).toBe(3);
    // The client's company names the first invoice's number: that invoice matches by its number
    // and by its client, and is still listed (and counted) once.
    await db()
      .update(clients)
      .set({ company: `Quill re ${first.number}` })
      .where(eq(clients.id, job.clientId));
    const byNumber = await listInvoices(db(), SITE, { q: first.number! });
    expect(byNumber.items.map((i) => i.id)).toEqual([draft.id, second.id, first.id]);
    expect(byNumber.total).toBe(3);
    expect((await listInvoices(db(), SITE, { q: "quill", status: "draft" })).items.map((i) => i.id)).toEqual([
      draft.id,
    ]);
  });

  it("reads the Overdue tab's page off the open invoices' index, not by skipping paid ones", async () => {
    // The list's page query for the Overdue tab (invoice-list.server.ts): with 50,000 invoices,
    // walking every invoice newest first to find 50 open ones took 38 ms (issue 40 item 5).
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select id from (select id, created_at from invoices
              where status in ('issued', 'part-paid') and due_on < '2026-02-10') matches
            order by created_at desc, id desc limit 50 offset 0`,
      );
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("invoices_open_created_idx");
  });
});

describe("e-invoices from real issued rows", () => {
  it("standard, reverse-charge, retention and credit note pass the official EN 16931 schematron", async () => {
    const standardJob = await insertBillingJob(db());
    const deposit = (
      await ok(
        issueInvoice(services(), (await ok(raiseInvoice(db(), standardJob.id, { kind: "deposit" }, null))).row.id, {}),
      )
    ).row;
    const stage = (
      await ok(
        issueInvoice(
          services(),
          (await ok(raiseInvoice(db(), standardJob.id, { kind: "stage", stage: 0 }, null))).row.id,
          {},
        ),
      )
    ).row;
    expect(stage.retentionCents).toBeGreaterThan(0);
    const credit = (await ok(creditInvoice(services(), stage.id, { reason: "Stage billed before sign-off" }, null)))
      .row;
    const reverseJob = await insertBillingJob(db(), { vatMode: "reverse-charge" });
    const reverse = (
      await ok(
        issueInvoice(services(), (await ok(raiseInvoice(db(), reverseJob.id, { kind: "deposit" }, null))).row.id, {}),
      )
    ).row;
    const xml: Record<string, string> = {};
    for (const [name, row] of Object.entries({
      standard: deposit,
      retention: stage,
      "credit-note": credit,
      "reverse-charge": reverse,
    }))
      xml[name] = (await invoiceUbl(db(), row, BUSINESS))!;
    expect(xml["credit-note"]).toContain(`<cac:InvoiceDocumentReference><cbc:ID>${stage.number}</cbc:ID>`);
    expect(xml["reverse-charge"]).toContain("VAT on this supply to be accounted for by the principal contractor");
    expect(xml.standard).toContain("<cbc:ID>IE29AIBK93115212345678</cbc:ID>");
    const results = validateEn16931(xml);
    for (const name of Object.keys(xml))
      expect([name, results[name]!.failed.filter((f) => f.flag === "fatal")]).toEqual([name, []]);
    const draft = (await ok(raiseInvoice(db(), standardJob.id, { kind: "final" }, null))).row;
    expect(await invoiceUbl(db(), draft, BUSINESS)).toBeNull();
  }, 180_000);
});
