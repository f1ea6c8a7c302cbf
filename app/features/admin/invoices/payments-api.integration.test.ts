import { execFileSync } from "node:child_process";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactEvents, invoicePayments, invoiceReminders, invoices, jobs } from "~/db/schema";
import { runBillingReminders } from "~/features/invoices/invoice-reminders.server";
import { dublinDay } from "~/features/time/dublin-time";
import { callSite } from "../../../../tests/support/call-site";
import { insertTestInvoice } from "../../../../tests/support/payments-fixture";
import { insertTestJob } from "../../../../tests/support/jobs-fixture";
import { useMailingSite, type MailingSite } from "../../../../tests/support/mailing-site";
import { deliverUntil } from "../../../../tests/support/smtp";

// Payments, the client's statement, overdue reminders and retention (issue 38 items 4 and 5),
// through the built server's API, with e-mail going to a real SMTP sink.

let t: MailingSite["t"];
let site: MailingSite["site"];
let smtp: MailingSite["smtp"];
let cookie: string;

const SITE_URL = "https://www.example.ie";

useMailingSite(
  {
    staff: { username: "orla", password: "Accounts-Office-2026" },
    env: { RATE_LIMIT_FACTOR: "1000", SITE_URL, NOTIFY_EMAIL: "office@example.ie" },
    from: "IC Interiors website <no-reply@example.ie>",
  },
  (m) => ({ t, site, smtp, cookie } = m),
);

const call = (method: string, path: string, body?: unknown) => callSite(site.origin, method, path, body, { cookie });
const db = () => t.database.db;

beforeEach(async () => {
  // Each test's invoices alone (credit notes first: they point at their invoices). An issued
  // invoice can never be deleted (the invoices_issued_frozen trigger, migration 0034): the test's
  // clean-up alone turns triggers off, for its own transaction (the database user is a superuser).
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.delete(invoicePayments);
    await tx.delete(invoiceReminders);
    await tx.delete(invoices).where(eq(invoices.kind, "credit-note"));
    await tx.delete(invoices);
  });
});

const pay = (invoiceId: number, body: Record<string, unknown>) =>
  call("POST", `/api/admin/invoices/${invoiceId}/payments`, { paidOn: "2026-11-20", method: "transfer", ...body });

async function invoiceRow(id: number) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

describe("payments", () => {
  it("moves an invoice from issued to part-paid to paid, and refuses more than the balance storing nothing", async () => {
    const { clientId } = await insertTestJob(db());
    // €1,000 + 13.5 % VAT = €1,135.00.
    const invoice = await insertTestInvoice(db(), { clientId, netCents: 100_000 });

    const first = await pay(invoice.id, { amountCents: 50_000, reference: "BOI 4471" });
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({
      invoiceId: invoice.id,
      paidOn: "2026-11-20",
      amountCents: 50_000,
      method: "transfer",
      reference: "BOI 4471",
      rctRate: null,
      rctCents: 0,
      unmatched: false,
      issueInvoiceBy: null,
    });
    expect(first.body.invoice).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      status: "part-paid",
      paidCents: 50_000,
      balanceCents: 63_500,
    });

    const over = await pay(invoice.id, { amountCents: 63_501 });
    expect(over.status).toBe(400);
    expect(Object.keys(over.body.fieldErrors)).toEqual(["amountCents"]);
    expect(over.body.fieldErrors.amountCents).toContain("€635.00");
    expect(await db().$count(invoicePayments, eq(invoicePayments.invoiceId, invoice.id))).toBe(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidCents: 50_000, status: "part-paid" });

    const rest = await pay(invoice.id, { amountCents: 63_500, method: "cheque" });
    expect(rest.status).toBe(201);
    expect(rest.body.invoice).toMatchObject({ status: "paid", paidCents: 113_500, balanceCents: 0 });
    // Paid in full: even a cent more is more than the balance.
    expect((await pay(invoice.id, { amountCents: 1 })).status).toBe(400);

    const listed = await call("GET", `/api/admin/invoices/${invoice.id}/payments`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((p: { amountCents: number }) => p.amountCents)).toEqual([50_000, 63_500]);
  });

  it("records RCT withheld by a principal contractor: it counts as paid and is kept apart", async () => {
    const { clientId } = await insertTestJob(db());
    // Reverse charge: no VAT, gross €1,001.01; 35 % RCT is €350.35, €650.66 arrives.
    const invoice = await insertTestInvoice(db(), { clientId, netCents: 100_101, vatMode: "reverse-charge" });
    const paid = await pay(invoice.id, { amountCents: 65_066, rctRate: 35 });
    expect(paid.status).toBe(201);
    expect(paid.body.payment).toMatchObject({ amountCents: 65_066, rctRate: 35, rctCents: 35_035 });
    expect(paid.body.invoice).toMatchObject({
      status: "paid",
      paidCents: 65_066,
      rctCents: 35_035,
      balanceCents: 0,
      reverseCharge: true,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidCents: 65_066, rctCents: 35_035 });

    // A part payment under 20 %: €800 arrived settles €1,000 of the gross.
    const second = await insertTestInvoice(db(), { clientId, netCents: 300_000, vatMode: "reverse-charge" });
    const part = await pay(second.id, { amountCents: 80_000, rctRate: 20 });
    expect(part.body.payment.rctCents).toBe(20_000);
    expect(part.body.invoice).toMatchObject({ status: "part-paid", balanceCents: 200_000 });

    // No RCT on an invoice that charges VAT.
    const standard = await insertTestInvoice(db(), { clientId });
    const refused = await pay(standard.id, { amountCents: 10_000, rctRate: 20 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors)).toEqual(["rctRate"]);
    expect(await db().$count(invoicePayments, eq(invoicePayments.invoiceId, standard.id))).toBe(0);
  });

  it("refuses bad input naming the fields, and payments on credit notes and credited invoices", async () => {
    const { clientId } = await insertTestJob(db());
    const invoice = await insertTestInvoice(db(), { clientId });
    const bad = await call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
      paidOn: "30/11/2026",
      amountCents: -5,
      method: "bitcoin",
      rctRate: 25,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["amountCents", "method", "paidOn", "rctRate"]);
    expect(bad.body.message).toMatch(/^Please correct/);
    // Money that has not arrived: tomorrow in Ireland is refused by name.
    const tomorrow = dublinDay(Date.now() + 86_400_000);
    const early = await pay(invoice.id, { amountCents: 1_000, paidOn: tomorrow });
    expect(early.status).toBe(400);
    expect(early.body.fieldErrors).toEqual({ paidOn: "The day the money arrived cannot be after today" });

    const note = await insertTestInvoice(db(), { clientId, kind: "credit-note", creditsInvoiceId: invoice.id });
    const onNote = await pay(note.id, { amountCents: 1_000 });
    expect(onNote.status).toBe(409);
    expect(onNote.body.message).toMatch(/credit note takes no payments/);
    await db()
      .update(invoices)
      .set({ status: "credited", creditedCents: invoice.grossCents })
      .where(eq(invoices.id, invoice.id));
    expect((await pay(invoice.id, { amountCents: 1_000 })).status).toBe(409);
    expect((await pay(999_999, { amountCents: 1_000 })).status).toBe(404);
    expect(await db().$count(invoicePayments)).toBe(0);
  });

  it("never overpays when payments arrive at once", async () => {
    const { clientId } = await insertTestJob(db());
    const invoice = await insertTestInvoice(db(), { clientId, netCents: 100_000 }); // €1,135.00 owed
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => pay(invoice.id, { amountCents: 40_000 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400, 400]);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ paidCents: 80_000, status: "part-paid" });
    expect(await db().$count(invoicePayments, eq(invoicePayments.invoiceId, invoice.id))).toBe(2);
  });

  it("flags money received on a draft until the invoice is issued, and deletes a payment with an audit row", async () => {
    const { clientId } = await insertTestJob(db());
    const draft = await insertTestInvoice(db(), { clientId, status: "draft" });
    const early = await pay(draft.id, { amountCents: 20_000, paidOn: "2026-11-28" });
    expect(early.status).toBe(201);
    expect(early.body.payment).toMatchObject({ unmatched: true, issueInvoiceBy: "2026-12-15" });
    expect(early.body.invoice.status).toBe("draft");

    const invoice = await insertTestInvoice(db(), { clientId });
    const full = await pay(invoice.id, { amountCents: invoice.grossCents });
    expect(full.body.invoice.status).toBe("paid");
    const removed = await call("DELETE", `/api/admin/invoices/${invoice.id}/payments/${full.body.payment.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.invoice).toMatchObject({ status: "issued", paidCents: 0, balanceCents: invoice.grossCents });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "issued", paidCents: 0 });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.delete"), eq(auditLog.targetId, String(invoice.id))));
    expect(audits).toHaveLength(1);
    expect((await call("DELETE", `/api/admin/invoices/${invoice.id}/payments/${full.body.payment.id}`)).status).toBe(
      404,
    );
  });
});

describe("the client's statement", () => {
  it("lists invoices, credit notes, payments and RCT in date order with the running balance, on the page and as a PDF", async () => {
    const { clientId } = await insertTestJob(db());
    const invoice = await insertTestInvoice(db(), { clientId, netCents: 100_000, issuedOn: "2026-10-01" }); // €1,135.00
    await insertTestInvoice(db(), {
      clientId,
      kind: "credit-note",
      creditsInvoiceId: invoice.id,
      netCents: 10_000,
      issuedOn: "2026-10-05",
    }); // €113.50
    await db().update(invoices).set({ creditedCents: 11_350 }).where(eq(invoices.id, invoice.id));
    expect((await pay(invoice.id, { amountCents: 50_000, paidOn: "2026-10-20", reference: "EFT 1020" })).status).toBe(
      201,
    );
    const draft = await insertTestInvoice(db(), { clientId, status: "draft" });
    expect((await pay(draft.id, { amountCents: 5_000, paidOn: "2026-11-03" })).status).toBe(201);

    const statement = await call("GET", `/api/admin/clients/${clientId}/statement`);
    expect(statement.status).toBe(200);
    expect(
      statement.body.entries.map((e: { date: string; kind: string; balanceCents: number }) => [
        e.date,
        e.kind,
        e.balanceCents,
      ]),
    ).toEqual([
      ["2026-10-01", "invoice", 113_500],
      ["2026-10-05", "credit-note", 102_150],
      ["2026-10-20", "payment", 52_150],
      ["2026-11-03", "payment", 47_150],
    ]);
    expect(statement.body.entries[3]).toMatchObject({ issueInvoiceBy: "2026-12-15" });
    expect(statement.body).toMatchObject({
      invoicedCents: 113_500,
      creditedCents: 11_350,
      paidCents: 55_000,
      balanceCents: 47_150,
    });

    const page = await call("GET", `/admin/clients/${clientId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Balance owed: €471.50");
    expect(page.text).toContain(`Invoice ${invoice.number}`);
    expect(page.text).toContain("No invoice yet: issue it by 15 December 2026");

    const res = await fetch(`${site.origin}/api/admin/clients/${clientId}/statement.pdf`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = execFileSync("pdftotext", ["-raw", "-", "-"], { input: Buffer.from(await res.arrayBuffer()) })
      .toString()
      .replace(/\s+/g, " ");
    expect(text).toContain("STATEMENT");
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toMatch(/Credit note CN-[\w-]+ on invoice INV-/);
    expect(text).toContain("Payment by bank transfer, ref. EFT 1020");
    expect(text).toContain("(invoice due by 15 December 2026)");
    expect(text).toMatch(/Balance owed €471\.50/);
  });
});

describe("overdue reminders", () => {
  // Due Monday 30 November 2026. Thursday 10 December, 10:00 in Dublin (winter: UTC) is 10 days late.
  const thursday = new Date("2026-12-10T10:00:00Z");

  async function setBank() {
    const saved = await call("PUT", "/api/admin/settings/business", {
      bank: { accountName: "IC Interiors Ltd", iban: "IE29AIBK93115212345678", bic: "AIBKIE2D" },
    });
    expect(saved.status).toBe(200);
  }

  it("reminds at each configured day after the due date, in office hours, once across servers, on the timeline", async () => {
    await setBank();
    const { job, clientId, leadId } = await insertTestJob(db(), { withLead: true });
    const invoice = await insertTestInvoice(db(), {
      clientId,
      jobId: job.id,
      dueOn: "2026-11-30",
      buyerEmail: "accounts@byrne-retail.ie",
    });
    expect((await pay(invoice.id, { amountCents: 13_500 })).status).toBe(201); // €1,000.00 still owed

    expect(await runBillingReminders(site.services, new Date("2026-12-12T10:00:00Z"))).toEqual({
      status: "outside-hours",
    });
    expect(await runBillingReminders(site.services, new Date("2026-12-10T18:30:00Z"))).toEqual({
      status: "outside-hours",
    });
    // Three servers at once: one reminder.
    const runs = await Promise.all([1, 2, 3].map(() => runBillingReminders(site.services, thursday)));
    expect(runs.reduce((n, r) => n + (r.status === "done" ? r.overdue : 0), 0)).toBe(1);
    expect(await runBillingReminders(site.services, thursday)).toEqual({ status: "done", overdue: 0, retention: 0 });
    await deliverUntil(site.services.outbox, smtp, 1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["accounts@byrne-retail.ie"]);
    expect(mail.headers.subject).toBe(`Invoice ${invoice.number}: €1,000.00 now overdue`);
    const body = mail.body.replace(/\r?\n/g, "\n");
    expect(body).toContain(`invoice ${invoice.number} was due for payment on 30 November 2026`);
    expect(body).toContain("Amount owed: €1,000.00");
    expect(body).toContain(`${SITE_URL}/i/${invoice.token}`);
    expect(body).toContain("IBAN: IE29 AIBK 9311 5212 3456 78");
    expect(body).toContain("BIC: AIBKIE2D");
    expect(body).toContain(`Payment reference: ${invoice.number}`);

    // Day 14 (Monday 14 December): the second.
    const day14 = new Date("2026-12-14T09:00:00Z");
    expect(await runBillingReminders(site.services, day14)).toEqual({ status: "done", overdue: 1, retention: 0 });
    expect(await runBillingReminders(site.services, day14)).toEqual({ status: "done", overdue: 0, retention: 0 });
    const claims = await db().select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(claims.map((c) => [c.kind, c.reminder]).sort()).toEqual([
      ["overdue", 1],
      ["overdue", 2],
    ]);
    const events = await db().select().from(contactEvents).where(eq(contactEvents.submissionId, leadId!));
    expect(events.map((e) => e.changes.invoice?.[1])).toEqual([
      "overdue reminder 1 e-mailed to accounts@byrne-retail.ie",
      "overdue reminder 2 e-mailed to accounts@byrne-retail.ie",
    ]);

    // Paid: nothing more, even on day 30.
    expect((await pay(invoice.id, { amountCents: 100_000 })).body.invoice.status).toBe("paid");
    expect(await runBillingReminders(site.services, new Date("2026-12-30T10:00:00Z"))).toEqual({
      status: "done",
      overdue: 0,
      retention: 0,
    });
  });

  it("sends none on an invoice not yet late enough, or credited", async () => {
    const { clientId } = await insertTestJob(db());
    await insertTestInvoice(db(), { clientId, dueOn: "2026-12-05" }); // 5 days late on the 10th
    const credited = await insertTestInvoice(db(), { clientId, dueOn: "2026-11-01" });
    await db()
      .update(invoices)
      .set({ status: "credited", creditedCents: credited.grossCents })
      .where(eq(invoices.id, credited.id));
    expect(await runBillingReminders(site.services, thursday)).toEqual({ status: "done", overdue: 0, retention: 0 });
  });
});

describe("retention", () => {
  const schedule = {
    depositPercent: 30,
    stages: [{ label: "On completion", percent: 70 }],
    retentionPercent: 5,
    defectsMonths: 12,
  };

  it("lists what is held with its release dates, and reminds staff once on each date to raise the invoice", async () => {
    const { job, clientId } = await insertTestJob(db());
    await db().update(jobs).set({ payments: schedule }).where(eq(jobs.id, job.id));
    // A stage invoice held back €50.01 (before VAT).
    await insertTestInvoice(db(), { clientId, jobId: job.id, heldCents: 5_001, dueOn: "2027-06-30" });

    const before = await call("GET", `/api/admin/jobs/${job.id}/retention`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      heldCents: 5_001,
      releases: [
        { release: "completion", dueOn: null, amountCents: 2_501, invoicedId: null },
        { release: "defects", dueOn: null, amountCents: 2_500, invoicedId: null },
      ],
    });

    // Complete on Monday 2 November 2026 (Dublin), before the dashboard's today.
    await db()
      .update(jobs)
      .set({ status: "complete", completedAt: new Date("2026-11-02T15:00:00Z") })
      .where(eq(jobs.id, job.id));
    const after = await call("GET", `/api/admin/jobs/${job.id}/retention`);
    expect(after.body.releases.map((r: { dueOn: string }) => r.dueOn)).toEqual(["2026-11-02", "2027-11-02"]);
    // The card's words as read (tags out).
    const card = (await call("GET", `/admin/jobs/${job.id}`)).text.replace(/<[^>]+>/g, "");
    expect(card).toContain("Held: €50.01 before VAT");
    expect(card).toContain("Half at completion: €25.01");
    expect(card).toContain("Due 2 November 2027");
    const dashboard = await call("GET", "/admin");
    expect(dashboard.text).toContain(`Retention due on job ${job.number}: raise the retention invoice`);

    const runs = await Promise.all(
      [1, 2].map(() => runBillingReminders(site.services, new Date("2026-12-02T09:00:00Z"))),
    );
    expect(runs.reduce((n, r) => n + (r.status === "done" ? r.retention : 0), 0)).toBe(1);
    expect(await runBillingReminders(site.services, new Date("2026-12-03T09:00:00Z"))).toMatchObject({ retention: 0 });
    await deliverUntil(site.services.outbox, smtp, 1);
    expect(smtp.received[0]!.to).toEqual(["office@example.ie"]);
    expect(smtp.received[0]!.headers.subject).toBe(`Retention due on job ${job.number}: raise the retention invoice`);
    expect(smtp.received[0]!.body).toContain("€25.01 before VAT");

    // The first half invoiced: held falls by it, and the release names its invoice.
    const released = await insertTestInvoice(db(), {
      clientId,
      jobId: job.id,
      kind: "retention",
      release: "completion",
      netCents: 2_501,
      releasedCents: 2_501,
    });
    const now = await call("GET", `/api/admin/jobs/${job.id}/retention`);
    expect(now.body.heldCents).toBe(2_500);
    expect(now.body.releases[0]).toMatchObject({ amountCents: 2_501, invoicedId: released.id });

    // A year on: the second half, once.
    const later = new Date("2027-11-02T10:00:00Z"); // a Tuesday
    expect(await runBillingReminders(site.services, later)).toMatchObject({ retention: 1 });
    expect(await runBillingReminders(site.services, later)).toMatchObject({ retention: 0 });
    const claims = await db().select().from(invoiceReminders).where(eq(invoiceReminders.jobId, job.id));
    expect(claims.map((c) => c.kind).sort()).toEqual(["retention-completion", "retention-defects"]);
  });
});
