import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invoicePayments, invoices, type InvoiceRow } from "~/db/schema";
import { formatCents } from "~/features/quotes/quote-totals";
import { issueInvoiceBy, paymentRctCents } from "./payment-rules";
import type { PaymentInput } from "./payment-schema";
import { balanceOf, invoiceStatusOf } from "./invoice-view";

// Payments against invoices (issue 38): recorded, listed and deleted (one recorded by mistake).
// Each write locks the invoice's row first, so two payments arriving at once on any servers are
// checked one after the other against the balance and can never overpay it; the invoice's running
// sums (paid, RCT withheld) and its status change in the same transaction as the payment.

export type PaymentRow = typeof invoicePayments.$inferSelect;

export type PaymentView = {
  id: number;
  invoiceId: number;
  paidOn: string;
  amountCents: number;
  method: PaymentRow["method"];
  reference: string;
  rctRate: number | null;
  rctCents: number;
  createdAt: string;
  /** Received on an invoice still in draft: money with no invoice issued for it yet. */
  unmatched: boolean;
  /** While unmatched: the last day to issue the invoice (the 15th of the month after the payment). */
  issueInvoiceBy: string | null;
};

export const PAYMENT_API_MESSAGES = {
  noInvoice: "There is no invoice with this id. It may have been deleted.",
  noPayment: "There is no such payment on this invoice.",
  creditNote: "A credit note takes no payments: record the payment against the invoice it belongs to.",
  credited: "This invoice has been credited in full: nothing is owed on it, so it takes no payments.",
  overpaid: (balanceCents: number, rct: number) =>
    rct > 0
      ? `That is more than the balance of ${formatCents(balanceCents)}: with the RCT withheld (${formatCents(rct)}) it would overpay the invoice`
      : `That is more than the balance of ${formatCents(balanceCents)}: record at most what is owed`,
  rctNotReverse: "RCT is withheld only on reverse-charge invoices (work for a principal contractor): leave it out",
} as const;

export function paymentView(row: PaymentRow, invoiceStatus: InvoiceRow["status"]): PaymentView {
  const unmatched = invoiceStatus === "draft";
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    paidOn: row.paidOn,
    amountCents: row.amountCents,
    method: row.method,
    reference: row.reference,
    rctRate: row.rctRate,
    rctCents: row.rctCents,
    createdAt: row.createdAt.toISOString(),
    unmatched,
    issueInvoiceBy: unmatched ? issueInvoiceBy(row.paidOn) : null,
  };
}

export type RecordResult =
  | { status: "ok"; payment: PaymentView; invoice: InvoiceRow }
  | { status: "not-found" }
  | { status: "refused"; message: string }
  | { status: "invalid"; fieldErrors: Record<string, string> };

/** Records a payment (row-locked against the balance) and updates the invoice's sums and status. */
export async function recordPayment(
  db: Db,
  invoiceId: number,
  input: PaymentInput,
  userId: number | null,
): Promise<RecordResult> {
  return db.transaction(async (tx): Promise<RecordResult> => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (!invoice) return { status: "not-found" };
    if (invoice.kind === "credit-note") return { status: "refused", message: PAYMENT_API_MESSAGES.creditNote };
    if (invoice.status === "credited") return { status: "refused", message: PAYMENT_API_MESSAGES.credited };
    const rctRate = input.rctRate ?? null;
    if (rctRate !== null && invoice.vatMode !== "reverse-charge")
      return { status: "invalid", fieldErrors: { rctRate: PAYMENT_API_MESSAGES.rctNotReverse } };
    const balance = balanceOf(invoice);
    const rct = paymentRctCents(input.amountCents, rctRate, balance);
    if (input.amountCents + rct > balance)
      return { status: "invalid", fieldErrors: { amountCents: PAYMENT_API_MESSAGES.overpaid(balance, rct) } };
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId,
        paidOn: input.paidOn,
        amountCents: input.amountCents,
        method: input.method,
        reference: input.reference,
        rctRate,
        rctCents: rct,
        createdBy: userId,
      })
      .returning();
    const sums = { paidCents: invoice.paidCents + input.amountCents, rctCents: invoice.rctCents + rct };
    const [updated] = await tx
      .update(invoices)
      .set({ ...sums, status: invoiceStatusOf({ ...invoice, ...sums }), updatedAt: sql`now()` })
      .where(eq(invoices.id, invoiceId))
      .returning();
    return { status: "ok", payment: paymentView(payment!, updated!.status), invoice: updated! };
  });
}

/** The invoice's payments, oldest first; null when there is no such invoice. */
export async function listPayments(db: Db, invoiceId: number): Promise<PaymentView[] | null> {
  const [invoice] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const rows = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
  return rows.map((row) => paymentView(row, invoice.status));
}

export type DeleteResult =
  { status: "ok"; payment: PaymentView; invoice: InvoiceRow } | { status: "not-found"; what: "invoice" | "payment" };

/** Deletes a payment recorded by mistake; the invoice's sums and status are worked out again. */
export async function deletePayment(db: Db, invoiceId: number, paymentId: number): Promise<DeleteResult> {
  return db.transaction(async (tx): Promise<DeleteResult> => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (!invoice) return { status: "not-found", what: "invoice" };
    const [payment] = await tx
      .delete(invoicePayments)
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)))
      .returning();
    if (!payment) return { status: "not-found", what: "payment" };
    const sums = {
      paidCents: invoice.paidCents - payment.amountCents,
      rctCents: invoice.rctCents - payment.rctCents,
    };
    const [updated] = await tx
      .update(invoices)
      .set({ ...sums, status: invoiceStatusOf({ ...invoice, ...sums }), updatedAt: sql`now()` })
      .where(eq(invoices.id, invoiceId))
      .returning();
    return { status: "ok", payment: paymentView(payment, invoice.status), invoice: updated! };
  });
}
