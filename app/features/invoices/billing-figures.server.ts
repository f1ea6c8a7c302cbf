import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { dublinDay } from "~/features/time/dublin-time";

// The dashboard's billing figures (issue 38 item 7): what clients owe, how much of it is past its
// due date, the retention held back from stage invoices, and the payments received this calendar
// month (Irish days). One statement over the stored totals, so it stays quick at 50,000 invoices.
// What a document holds or releases as retention is the rule invoice_retention_part() of migration
// 0046_invoice_retention_held: a stage or final invoice holds its retention, a retention invoice
// releases its net, a credit note takes back what its invoice held (or gives a release back).

export type BillingFigures = {
  /** Balance still owed on issued and part-paid invoices, including VAT. */
  owedCents: number;
  owedCount: number;
  /** The part of it past its due date, including VAT. */
  overdueCents: number;
  overdueCount: number;
  /** Retention held back and not yet released by a retention invoice, excluding VAT. */
  retentionHeldCents: number;
  /** Payments received this month, including VAT. */
  paidThisMonthCents: number;
  /** "YYYY-MM" of the month counted (Dublin). */
  month: string;
};

/**
 * balanceOf (invoice-view.ts) in SQL, for the database's sums and the CSV export, on a document
 * aliased `i`: the gross less payments, RCT withheld and credit notes, never below 0; a credit note
 * owes nothing. The tests of this file and of the export check it agrees with balanceOf.
 */
export const balanceSql = sql`case when i.kind = 'credit-note' then 0
  else greatest(0, i.gross_cents - i.paid_cents - i.rct_cents - i.credited_cents) end`;

type Row = {
  owed: string | number;
  owed_count: string | number;
  overdue: string | number;
  overdue_count: string | number;
  retention: string | number;
  paid: string | number;
};

export async function billingFigures(db: Db, now = new Date()): Promise<BillingFigures> {
  const today = dublinDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  // Two small scans and a row in one statement: open invoices (invoices_due_idx, a partial index of
  // just those), the retention held as the database keeps it (invoice_retention_held: what each
  // document holds or releases is summed by triggers as documents are written, migration 0046),
  // and this month's payments.
  const [row] = await queryRows<Row>(
    db,
    sql`
      select o.*, r.retention, p.paid
      from (
        select
          coalesce(sum(${balanceSql}), 0) as owed,
          count(*) filter (where ${balanceSql} > 0) as owed_count,
          coalesce(sum(${balanceSql}) filter (where i.due_on < ${today}::date), 0) as overdue,
          count(*) filter (where i.due_on < ${today}::date and ${balanceSql} > 0) as overdue_count
        from invoices i
        where i.status in ('issued', 'part-paid') and i.kind <> 'credit-note'
      ) as o,
      (select coalesce(sum(cents), 0) as retention from invoice_retention_held) as r,
      (
        select coalesce(sum(amount_cents), 0) as paid
        from invoice_payments
        where paid_on between ${monthStart}::date and ${today}::date
      ) as p`,
  );
  return {
    owedCents: Number(row?.owed ?? 0),
    owedCount: Number(row?.owed_count ?? 0),
    overdueCents: Number(row?.overdue ?? 0),
    overdueCount: Number(row?.overdue_count ?? 0),
    retentionHeldCents: Number(row?.retention ?? 0),
    paidThisMonthCents: Number(row?.paid ?? 0),
    month: today.slice(0, 7),
  };
}
