import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { VAT_RATES, type VatRate } from "~/db/column-types";

// The sales side of a VAT return (issue 38 item 7): GET /api/admin/vat-summary and the admin's
// "VAT summary" page. Documents count by the day they were issued (issued_on, an Irish calendar
// day); credit notes, stored with positive totals as printed, count negative. Reverse-charge sales
// carry no VAT of ours (the principal contractor accounts for it), so they are reported only in
// reverseChargeNetCents. Payments count by the day they arrived (paid_on). Summed in the database
// over the stored totals: one statement, one pass over the window's documents
// (invoices_vat_summary_idx, index-only) and one over its payments.

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

type Row = Record<string, string | number | null>;

/**
 * A document's amount at one VAT rate (null when it has none at that rate): the generated columns
 * kept from its `vat` JSON (schema/invoices.ts), which invoices_vat_summary_idx holds with every
 * other column summed here, so a year's summary reads that index alone. Reading the JSON of each
 * row (a JSON path per rate) cost 260 ms for 12 months at 50,000 invoices (issue 40 item 5).
 */
const RATE_COLUMNS: Record<VatRate, Record<"netCents" | "vatCents", SQL>> = {
  13.5: { netCents: sql`vat_13_5_net_cents`, vatCents: sql`vat_13_5_vat_cents` },
  23: { netCents: sql`vat_23_net_cents`, vatCents: sql`vat_23_vat_cents` },
  0: { netCents: sql`vat_0_net_cents`, vatCents: sql`vat_0_vat_cents` },
};
const atRate = (rate: VatRate, key: "netCents" | "vatCents") => RATE_COLUMNS[rate][key];

/** The VAT summary of the Irish calendar days `from`–`to` (YYYY-MM-DD, both included). */
export async function vatSummary(db: Db, from: string, to: string): Promise<VatSummary> {
  const signed = (amount: SQL) => sql`case when kind = 'credit-note' then -(${amount}) else ${amount} end`;
  const standard = sql`vat_mode = 'standard'`;
  const perRate = VAT_RATES.map(
    (rate, i) => sql`,
        count(${atRate(rate, "netCents")}) filter (where ${standard}) as ${sql.raw(`n${i}`)},
        coalesce(sum(${signed(atRate(rate, "netCents"))}) filter (where ${standard}), 0) as ${sql.raw(`net${i}`)},
        coalesce(sum(${signed(atRate(rate, "vatCents"))}) filter (where ${standard}), 0) as ${sql.raw(`vat${i}`)}`,
  );
  // One serial scan: a year is some 200 index pages, which the planner would share out among
  // parallel workers whose start cost several times the scan itself on a 2-core server (at load 14:
  // 320–365 ms parallel, 63–69 ms serial).
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return queryRows<Row>(
      tx,
      sql`
      select d.*, p.paid, p.rct
      from (
        select
          coalesce(sum(${signed(sql`net_cents`)}) filter (where ${standard}), 0) as net,
          coalesce(sum(${signed(sql`net_cents`)}) filter (where vat_mode = 'reverse-charge'), 0) as reverse_charge_net
          ${sql.join(perRate)}
        from invoices
        where status <> 'draft' and issued_on between ${from}::date and ${to}::date
      ) as d,
      (
        select coalesce(sum(amount_cents), 0) as paid, coalesce(sum(rct_cents), 0) as rct
        from invoice_payments
        where paid_on between ${from}::date and ${to}::date
      ) as p`,
    );
  });
  const num = (key: string) => Number(row?.[key] ?? 0);
  return {
    netCents: num("net"),
    vat: VAT_RATES.map((rate, i) => ({ rate, n: num(`n${i}`), netCents: num(`net${i}`), vatCents: num(`vat${i}`) }))
      .filter((v) => v.n > 0)
      .sort((a, b) => a.rate - b.rate)
      .map(({ rate, netCents, vatCents }) => ({ rate, netCents, vatCents })),
    reverseChargeNetCents: num("reverse_charge_net"),
    rctWithheldCents: num("rct"),
    paidCents: num("paid"),
  };
}
