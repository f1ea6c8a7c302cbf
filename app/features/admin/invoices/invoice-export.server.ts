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

/**
 * Rows a statement reads. A batch's rows are held until its text is written, so at the server's
 * 1 MB young generation a batch of 1,000 outlived two scavenges and was promoted: a full collection
 * every 8 exports of 3,000 rows, each one an export 30-40 ms slower (the p95), and 39-43 ms of the
 * server's CPU an export. 500: one every 30, 25-28 ms, for 4-6 ms more of PostgreSQL's time in the
 * extra statements (issue 40 item 5). 250 doubled PostgreSQL's time.
 */
const BATCH = 500;

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
  /** The issue day, where the next batch starts after. */
  day: string;
  /**
   * "Number" to "Due": the document number (INV-2026-0001: no cell escaping changes one), the
   * kind's label (KIND_CELLS) and the ISO days.
   */
  head: string;
  buyerName: string | null;
  buyerVatNumber: string | null;
  /** "Reverse charge" to "Status": yes/no, numbers and a status, which no cell escaping changes. */
  tail: string;
};

/** Each kind's label as its cell, checked once: a label that needed escaping would be escaped. */
const KIND_CELLS = sql.raw(
  `case i.kind ${Object.entries(KIND_LABELS)
    .map(([kind, label]) => {
      if (csvCell(label) !== label || label.includes("'")) throw new Error(`Kind label needs escaping: ${label}`);
      return `when '${kind}' then '${label}'`;
    })
    .join(" ")} end`,
);

/**
 * The CSV, header first, in chunks of up to `batch` (500) rows, oldest issue first (then by id).
 * Everything in a row but the buyer's name and VAT number comes from the database as two
 * ready-written runs of cells that no escaping changes; those two go through csvCell here. Reading
 * nineteen fields a row and formatting them here was most of the export's time, and its garbage
 * (issue 40 item 5); with eight fields a row and a cell escaped for each text, it still made 7 MB of
 * garbage an export of 3,000 rows.
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
      sql`select i.id as "id", i.issued_on::text as "day",
          concat_ws(',', i.number, ${KIND_CELLS}, i.issued_on::text, coalesce(i.supply_date::text, ''),
            coalesce(i.due_on::text, '')) as "head",
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
            ${amountCellSql(balanceSql)},
            i.status
          ) as "tail"
        from invoices i
        cross join lateral (select case when i.kind = 'credit-note' then -0.01 else 0.01 end as per_cent) s
        where i.status <> 'draft' and i.issued_on between ${from} and ${to}
          ${after ? sql`and (i.issued_on, i.id) > (${after.day}::date, ${after.id})` : sql``}
        order by i.issued_on, i.id
        limit ${batch}`,
    );
    if (rows.length === 0) return;
    let text = "";
    for (const r of rows) text += `${r.head},${csvCell(r.buyerName)},${csvCell(r.buyerVatNumber)},${r.tail}\r\n`;
    yield text;
    const last = rows[rows.length - 1]!;
    if (rows.length < batch) return;
    after = { day: last.day, id: last.id };
  }
}
