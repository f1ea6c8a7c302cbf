import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { invoices } from "~/db/schema";
import {
  insertBillingClient,
  insertCreditNote,
  insertInvoice,
  insertPayment,
  issueDraft,
  line,
} from "../../../tests/support/billing-documents";
import { databaseOfThisFile } from "../../../tests/support/test-database";
import { billingFigures } from "./billing-figures.server";
import { balanceOf } from "./invoice-view";

// The dashboard's billing figures (issue 38 item 7) over a database of their own: what is owed and
// overdue (including VAT), retention held (excluding VAT) and the payments of this Irish month.

const db = databaseOfThisFile();

describe("the dashboard's billing figures", () => {
  it("shows nothing owed before any invoice", async () => {
    expect(await billingFigures(db(), new Date("2031-05-20T12:00:00Z"))).toEqual({
      owedCents: 0,
      owedCount: 0,
      overdueCents: 0,
      overdueCount: 0,
      retentionHeldCents: 0,
      paidThisMonthCents: 0,
      month: "2031-05",
    });
  });

  it("sums balances owed and overdue, retention held and this month's payments", async () => {
    const client = await insertBillingClient(db());
    // Overdue since 1 May, part-paid in April: 1,135.00 − 500.00 still owed.
    const late = await insertInvoice(db(), [line("Ceiling", 100_000, 13.5)], {
      client,
      issuedOn: "2031-04-01",
      dueOn: "2031-05-01",
    });
    await insertPayment(db(), late, { paidOn: "2031-04-28", amountCents: 50_000 });
    // Due at the end of June: 2,460.00 owed, not overdue.
    await insertInvoice(db(), [line("Partitions", 200_000, 23)], {
      client,
      issuedOn: "2031-05-02",
      dueOn: "2031-06-30",
    });
    // Due today (20 May, Irish day): owed, not yet overdue.
    await insertInvoice(db(), [line("Repairs", 10_000, 23)], { client, issuedOn: "2031-05-06", dueOn: "2031-05-20" });
    // Paid in full on 3 May: counts in May's payments only.
    const paid = await insertInvoice(db(), [line("Tiles", 100_000, 23)], { client, issuedOn: "2031-04-10" });
    await insertPayment(db(), paid, { paidOn: "2031-05-03", amountCents: 123_000 });
    // Credited in full: owes nothing, though its due date has passed.
    const credited = await insertInvoice(db(), [line("Cancelled work", 70_000, 13.5)], {
      client,
      issuedOn: "2031-03-01",
      dueOn: "2031-03-31",
    });
    await insertCreditNote(db(), credited, { client, issuedOn: "2031-03-05" });
    // …and a draft, never counted.
    await insertInvoice(db(), [line("Draft", 999_900, 23)], { client, issuedOn: "2031-05-01", status: "draft" });

    // Retention: stage 1 held 500.00, stage 2 held 300.00 then credited in full, half of stage 1's
    // released by a retention invoice (250.00), and a release of 100.00 credited back (held again).
    const stage1 = await insertInvoice(db(), [line("Stage 1", 95_000, 13.5)], {
      client,
      issuedOn: "2031-05-04",
      dueOn: "2031-06-30",
      kind: "stage",
      retentionCents: 5_000,
    });
    const stage2 = await insertInvoice(db(), [line("Stage 2", 57_000, 13.5)], {
      client,
      issuedOn: "2031-05-05",
      dueOn: "2031-06-30",
      kind: "stage",
      retentionCents: 3_000,
    });
    await insertCreditNote(db(), stage2, { client, issuedOn: "2031-05-06", retentionCents: 3_000 });
    await insertInvoice(db(), [line("Retention released", 2_500, 13.5)], {
      client,
      issuedOn: "2031-05-07",
      dueOn: "2031-06-30",
      kind: "retention",
    });
    const release = await insertInvoice(db(), [line("Retention released", 1_000, 13.5)], {
      client,
      issuedOn: "2031-05-08",
      dueOn: "2031-06-30",
      kind: "retention",
    });
    await insertCreditNote(db(), release, { client, issuedOn: "2031-05-09" });
    expect(stage1.retentionCents).toBe(5_000);

    const figures = await billingFigures(db(), new Date("2031-05-20T12:00:00Z"));
    expect(figures).toMatchObject({
      overdueCents: 63_500,
      overdueCount: 1,
      retentionHeldCents: 5_000 - 2_500,
      paidThisMonthCents: 123_000,
      month: "2031-05",
    });

    // Owed is the one balance rule (balanceOf) summed over every open invoice.
    const open = (await db().select().from(invoices)).filter(
      (r) => (r.status === "issued" || r.status === "part-paid") && r.kind !== "credit-note",
    );
    const owed = open.reduce((s, r) => s + balanceOf(r), 0);
    expect(owed).toBe(63_500 + 246_000 + 12_300 + 107_825 + 2_838);
    expect(figures.owedCents).toBe(owed);
    expect(figures.owedCount).toBe(open.filter((r) => balanceOf(r) > 0).length);
  });

  it("keeps retention held as documents are issued, paid, credited and deleted, whoever writes them", async () => {
    // The figure is a row the database keeps (migration 0046): every write of invoices moves it.
    const now = new Date("2031-05-20T12:00:00Z");
    const held = async () => (await billingFigures(db(), now)).retentionHeldCents;
    const start = await held();
    const client = await insertBillingClient(db());
    // A draft holds nothing until it is issued.
    const draft = await insertInvoice(db(), [line("Stage 3", 40_000, 13.5)], {
      client,
      issuedOn: "2031-05-10",
      kind: "stage",
      retentionCents: 2_000,
      status: "draft",
    });
    expect(await held()).toBe(start);
    await db().update(invoices).set({ retentionCents: 2_200, updatedAt: new Date() }).where(eq(invoices.id, draft.id));
    expect(await held()).toBe(start);
    const issued = await issueDraft(db(), draft, { client, issuedOn: "2031-05-11", dueOn: "2031-06-10" });
    expect(await held()).toBe(start + 2_200);
    // A payment moves no retention.
    await insertPayment(db(), issued, { paidOn: "2031-05-12", amountCents: 10_000 });
    expect(await held()).toBe(start + 2_200);
    // A release of 1,200.00, then credited back: held again.
    const release = await insertInvoice(db(), [line("Retention released", 1_200, 13.5)], {
      client,
      issuedOn: "2031-05-13",
      kind: "retention",
    });
    expect(await held()).toBe(start + 1_000);
    await insertCreditNote(db(), release, { client, issuedOn: "2031-05-14" });
    expect(await held()).toBe(start + 2_200);
    // A draft deleted: it held nothing (an issued document cannot be deleted).
    const another = await insertInvoice(db(), [line("Stage 4", 30_000, 13.5)], {
      client,
      issuedOn: "2031-05-15",
      kind: "stage",
      retentionCents: 1_500,
      status: "draft",
    });
    await db().delete(invoices).where(eq(invoices.id, another.id));
    expect(await held()).toBe(start + 2_200);
    // Emptied (a restore's first step): nothing held.
    await db().execute(sql`truncate table invoices cascade`);
    expect(await held()).toBe(0);
  });
});
