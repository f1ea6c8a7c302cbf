import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import type { VatRate } from "~/db/column-types";

// The sales side of a VAT return (issue 38 item 7): GET /api/admin/vat-summary and the admin's
// "VAT summary" page. Documents count by the day they were issued (issued_on, an Irish calendar
// day); credit notes, stored with positive totals as printed, count negative. Reverse-charge sales
// carry no VAT of ours (the principal contractor accounts for it), so they are reported only in
// reverseChargeNetCents. Payments count by the day they arrived (paid_on). Summed in the database
// over the stored totals: one statement, the windows read through invoices_issued_on_idx and
// invoice_payments_paid_on_idx.

export type VatSummary = {
  /** Standard-rated sales, excluding VAT, less credit notes. */
  netCents: number;
  /** Per VAT rate (standard sales only), rates ascending. */
  vat: Array<{ rate: VatRate; netCents: number; vatCents: number }>;
  /** Sales under the construction reverse charge (no VAT charged), less their credit notes. */
  reverseChargeNetCents: number;
  /** RCT principal contractors withheld from payments received in the window. */
  rctWithheldCents: number;
  /** Payments received in the window (what arrived, including VAT). */
  paidCents: number;
};

type Row = {
  net: string | number;
  reverse_charge_net: string | number;
  vat: Array<{ rate: number | string; netCents: number | string; vatCents: number | string }> | string | null;
  paid: string | number;
  rct: string | number;
};

/** The VAT summary of the Irish calendar days `from`–`to` (YYYY-MM-DD, both included). */
export async function vatSummary(db: Db, from: string, to: string): Promise<VatSummary> {
  const issued = sql`status <> 'draft' and issued_on between ${from}::date and ${to}::date`;
  const signed = (column: ReturnType<typeof sql>) =>
    sql`case when kind = 'credit-note' then -(${column}) else ${column} end`;
  const [row] = await queryRows<Row>(
    db,
    sql`
      select
        coalesce(sum(${signed(sql`net_cents`)}) filter (where vat_mode = 'standard'), 0) as net,
        coalesce(sum(${signed(sql`net_cents`)}) filter (where vat_mode = 'reverse-charge'), 0) as reverse_charge_net,
        (select coalesce(jsonb_agg(jsonb_build_object('rate', r.rate, 'netCents', r.net, 'vatCents', r.vat) order by r.rate), '[]'::jsonb)
           from (select (v->>'rate')::numeric as rate,
                        sum(${signed(sql`(v->>'netCents')::bigint`)}) as net,
                        sum(${signed(sql`(v->>'vatCents')::bigint`)}) as vat
                   from invoices, jsonb_array_elements(vat) as v
                  where ${issued} and vat_mode = 'standard'
                  group by 1) as r) as vat,
        (select coalesce(sum(amount_cents), 0) from invoice_payments where paid_on between ${from}::date and ${to}::date) as paid,
        (select coalesce(sum(rct_cents), 0) from invoice_payments where paid_on between ${from}::date and ${to}::date) as rct
      from invoices
      where ${issued}`,
  );
  const vat = typeof row?.vat === "string" ? (JSON.parse(row.vat) as Row["vat"]) : row?.vat;
  return {
    netCents: Number(row?.net ?? 0),
    vat: (Array.isArray(vat) ? vat : []).map((v) => ({
      rate: Number(v.rate) as VatRate,
      netCents: Number(v.netCents),
      vatCents: Number(v.vatCents),
    })),
    reverseChargeNetCents: Number(row?.reverse_charge_net ?? 0),
    rctWithheldCents: Number(row?.rct ?? 0),
    paidCents: Number(row?.paid ?? 0),
  };
}
