import { and, asc, eq, gt, or } from "drizzle-orm";
import { inIdArray } from "~/db/sql-conditions";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { clients, invoicePayments, invoices } from "~/db/schema";
import { dublinDay } from "~/features/time/dublin-time";
import { issueInvoiceBy } from "./payment-rules";
import { retentionDue, type RetentionDue } from "./retention.server";

// What the dashboard flags about billing (issue 38): money received with no invoice issued for it
// (a payment on an invoice still in draft: the invoice is due by the 15th of the next month), and
// retention halves whose release date has come with no retention invoice raised.

export type UnmatchedPayment = {
  paymentId: number;
  invoiceId: number;
  clientId: number;
  clientName: string;
  paidOn: string;
  amountCents: number;
  issueInvoiceBy: string;
};

/**
 * Payments on draft invoices, the oldest (most pressing) first. The drafts that have money on them
 * come first (recording a payment adds to the invoice's paid_cents or rct_cents; the partial index
 * invoices_paid_drafts_idx holds just those, usually none), as an array worked out once so the
 * planner cannot fold them into the join, then their payments by invoice_payments_invoice_idx:
 * walking every payment, or every draft, read thousands of rows at 50,000 invoices (issue 40 item
 * 5; with `in (subquery offset 0)` PostgreSQL 15 still walked all 45,000 payments, 136,842 buffers).
 */
export async function unmatchedPayments(db: Db, limit = 20): Promise<UnmatchedPayment[]> {
  const drafts = alias(invoices, "drafts");
  const rows = await db
    .select({
      paymentId: invoicePayments.id,
      invoiceId: invoices.id,
      clientId: clients.id,
      clientName: clients.name,
      paidOn: invoicePayments.paidOn,
      amountCents: invoicePayments.amountCents,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      inIdArray(
        invoicePayments.invoiceId,
        db
          .select({ id: drafts.id })
          .from(drafts)
          .where(and(eq(drafts.status, "draft"), or(gt(drafts.paidCents, 0), gt(drafts.rctCents, 0)))),
      ),
    )
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, issueInvoiceBy: issueInvoiceBy(r.paidOn) }));
}

export type BillingFlags = { unmatched: UnmatchedPayment[]; retention: RetentionDue[] };

export async function billingFlags(db: Db, now: Date): Promise<BillingFlags> {
  const [unmatched, retention] = await Promise.all([unmatchedPayments(db), retentionDue(db, dublinDay(now))]);
  return { unmatched, retention };
}
