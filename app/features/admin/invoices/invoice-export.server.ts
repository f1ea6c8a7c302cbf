import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import type { DocumentKind } from "~/db/column-types";
import { balanceSql } from "~/features/invoices/billing-figures.server";
import { csvCell } from "../leads/leads.server";

// The accountant's export (issue 38 item 7): every invoice and credit note issued in a window, one
// row each, amounts in euro with two decimals and credit notes negative, so a column's sum is the
// period's figure. Text cells go through csvCell (quoted, formulas neutralised); amounts are
// written by amountCellSql.

export const INVOICE_CSV_COLUMNS = [
  "Number",
  "Kind",
  "Issued",
  "Supply date",
  "Due",
  "Client",
  "Client VAT number",
  "Reverse charge",
  "Net (EUR)",
  "VAT 13.5% (EUR)",
  "VAT 23% (EUR)",
  "VAT total (EUR)",
  "Gross (EUR)",
  "Retention held (EUR)",
  "Paid (EUR)",
  "RCT withheld (EUR)",
  "Balance (EUR)",
  "Status",
] as const;

const KIND_LABELS: Record<DocumentKind, string> = {
  deposit: "Deposit invoice",
  stage: "Stage invoice",
  final: "Final invoice",
  retention: "Retention invoice",
  custom: "Invoice",
  "credit-note": "Credit note",
};

/** The export's file name: invoices-2026-09-01-to-2026-10-31.csv. */
export const invoiceExportFileName = (from: string, to: string) => `invoices-${from}-to-${to}.csv`;

const BATCH = 1000;

/**
 * An amount's cell: cents as euro with two decimals, "-12.50" for -1250, exact (the cents times the
 * numeric 0.01, never floating point), written by the database with the rest of a row's figures.
 * `perCent` is 0.01, or -0.01 to write the amount negative. A figure's leading minus is a number's,
 * never a formula's.
 */
export const amountCellSql = (cents: SQL, perCent: SQL = sql`0.01`) => sql`((${cents}) * ${perCent})::text`;

/** One exported document, as the export's query names its columns. */
type ExportRow = {
  id: number;
  number: string | null;
  kind: DocumentKind;
  status: string;
  /** "Issued,Supply date,Due": ISO days, which no cell escaping changes. */
  days: string;
  buyerName: string | null;
  buyerVatNumber: string | null;
  /** "Reverse charge" to "Balance (EUR)": yes/no and numbers, which no cell escaping changes. */
  figures: string;
};

/**
 * The CSV, header first, in chunks of up to `batch` (1,000) rows, oldest issue first (then by id).
 * The dates and the ten figures of a row come from the database as two ready-written runs of cells,
 * and the rows are read as the driver answers them rather than through Drizzle's select. Parsing
 * nineteen fields a row and formatting them here was most of the export's time, and its garbage
 * (issue 40 item 5). Text cells still go through csvCell.
 */
export async function* exportInvoicesCsv(db: Db, from: string, to: string, batch = BATCH): AsyncGenerator<string> {
  yield `${INVOICE_CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
  const signed = (cents: SQL) => amountCellSql(cents, sql`s.per_cent`);
  let after: { day: string; id: number } | undefined;
  for (;;) {
    // The two fields of the frozen buyer the file shows, and the VAT per rate from its stored
    // columns: the rows' JSON is not sent and parsed for them.
    const rows = await queryRows<ExportRow>(
      db,
      sql`select i.id as "id", i.number as "number", i.kind as "kind", i.status as "status",
          concat_ws(',', i.issued_on::text, coalesce(i.supply_date::text, ''), coalesce(i.due_on::text, '')) as "days",
          i.buyer ->> 'name' as "buyerName", i.buyer ->> 'vatNumber' as "buyerVatNumber",
          concat_ws(',',
            case when i.vat_mode = 'reverse-charge' then 'yes' else 'no' end,
            ${signed(sql`i.net_cents`)},
            ${signed(sql`coalesce(i.vat_13_5_vat_cents, 0)`)},
            ${signed(sql`coalesce(i.vat_23_vat_cents, 0)`)},
            ${signed(sql`i.vat_cents`)},
            ${signed(sql`i.gross_cents`)},
            ${signed(sql`i.retention_cents`)},
            ${amountCellSql(sql`i.paid_cents`)},
            ${amountCellSql(sql`i.rct_cents`)},
            ${amountCellSql(balanceSql)}
          ) as "figures"
        from invoices i
        cross join lateral (select case when i.kind = 'credit-note' then -0.01 else 0.01 end as per_cent) s
        where i.status <> 'draft' and i.issued_on between ${from} and ${to}
          ${after ? sql`and (i.issued_on, i.id) > (${after.day}::date, ${after.id})` : sql``}
        order by i.issued_on, i.id
        limit ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows.map(csvLine).join("\r\n").concat("\r\n");
    const last = rows[rows.length - 1]!;
    if (rows.length < batch) return;
    after = { day: last.days.slice(0, 10), id: last.id };
  }
}

const csvLine = (r: ExportRow) =>
  [
    csvCell(r.number),
    csvCell(KIND_LABELS[r.kind]),
    r.days,
    csvCell(r.buyerName),
    csvCell(r.buyerVatNumber),
    r.figures,
    csvCell(r.status),
  ].join(",");
