import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "~/db/schema";
import { insertBillingClient, insertInvoice, insertPayment, line } from "../../../tests/support/billing-documents";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { unmatchedPayments } from "./billing-flags.server";
import { recordPayment } from "./invoice-payments.server";

// The dashboard's "received with no invoice" flag (issue 38): payments on invoices still in draft,
// oldest first, with the day the invoice must be issued by; payments on issued invoices never show.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});
const db = () => t.database.db;

describe("payments received with no invoice issued", () => {
  it("lists payments on drafts only, the oldest first, and stops at the limit", async () => {
    const client = await insertBillingClient(db(), { name: "Unmatched Payer" });
    const issued = await insertInvoice(db(), [line("Issued work", 100_000, 13.5)], { client, issuedOn: "2031-03-01" });
    await insertPayment(db(), issued, { paidOn: "2031-03-02", amountCents: 50_000 });
    const draftA = await insertInvoice(db(), [line("Deposit", 200_000, 13.5)], {
      client,
      issuedOn: "2031-03-01",
      status: "draft",
    });
    const draftB = await insertInvoice(db(), [line("Stage", 300_000, 13.5)], {
      client,
      issuedOn: "2031-03-01",
      status: "draft",
    });
    // A payment on a draft is recorded as staff record any (the invoice's sums follow); the draft stays a draft.
    const paid = async (invoiceId: number, paidOn: string, amountCents: number) =>
      expect(
        (await recordPayment(db(), invoiceId, { paidOn, amountCents, method: "transfer", reference: "" }, null)).status,
      ).toBe("ok");
    await paid(draftB.id, "2031-04-20", 30_000);
    await paid(draftA.id, "2031-04-03", 20_000);
    await paid(draftA.id, "2031-05-01", 10_000);

    const all = await unmatchedPayments(db());
    expect(all.map((p) => [p.invoiceId, p.paidOn, p.amountCents, p.issueInvoiceBy])).toEqual([
      [draftA.id, "2031-04-03", 20_000, "2031-05-15"],
      [draftB.id, "2031-04-20", 30_000, "2031-05-15"],
      [draftA.id, "2031-05-01", 10_000, "2031-06-15"],
    ]);
    expect(all[0]).toMatchObject({ clientId: client.id, clientName: "Unmatched Payer" });
    expect((await unmatchedPayments(db(), 2)).map((p) => p.paidOn)).toEqual(["2031-04-03", "2031-04-20"]);
    // The drafts stay drafts, carrying what was paid on them (what the flag finds them by).
    const drafts = await db()
      .select({ status: invoices.status, paidCents: invoices.paidCents })
      .from(invoices)
      .where(inArray(invoices.id, [draftA.id, draftB.id]))
      .orderBy(invoices.id);
    expect(drafts).toEqual([
      { status: "draft", paidCents: 30_000 },
      { status: "draft", paidCents: 30_000 },
    ]);
  });
});
