import { and, asc, between, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { DocumentKind } from "~/db/column-types";
import { invoices } from "~/db/schema";
import { balanceOf } from "~/features/invoices/invoice-view";
import { csvCell } from "../leads/leads.server";

// The accountant's export (issue 38 item 7): every invoice and credit note issued in a window, one
// row each, amounts in euro with two decimals and credit notes negative, so a column's sum is the
// period's figure. Text cells go through csvCell (quoted, formulas neutralised); amounts are
// written by amountCell, whose leading minus is a number's, never a formula's.

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

/** Cents as euro with two decimals, "-12.50" for -1250: exact, no floating point. */
export function amountCell(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The export's file name: invoices-2026-09-01-to-2026-10-31.csv. */
export const invoiceExportFileName = (from: string, to: string) => `invoices-${from}-to-${to}.csv`;

const BATCH = 1000;

/** The CSV, header first, in chunks of up to `batch` (1,000) rows, oldest issue first (then by id). */
export async function* exportInvoicesCsv(db: Db, from: string, to: string, batch = BATCH): AsyncGenerator<string> {
  yield `${INVOICE_CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
  let after: { day: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        status: invoices.status,
        issuedOn: invoices.issuedOn,
        supplyDate: invoices.supplyDate,
        dueOn: invoices.dueOn,
        // The two fields of the frozen buyer the file shows, and the VAT per rate from its stored
        // columns: the rows' JSON is not sent and parsed for them (issue 40 item 5).
        buyerName: sql<string | null>`${invoices.buyer} ->> 'name'`,
        buyerVatNumber: sql<string | null>`${invoices.buyer} ->> 'vatNumber'`,
        vatMode: invoices.vatMode,
        netCents: invoices.netCents,
        vat135Cents: invoices.vat135VatCents,
        vat23Cents: invoices.vat23VatCents,
        vatCents: invoices.vatCents,
        grossCents: invoices.grossCents,
        retentionCents: invoices.retentionCents,
        paidCents: invoices.paidCents,
        rctCents: invoices.rctCents,
        creditedCents: invoices.creditedCents,
      })
      .from(invoices)
      .where(
        and(
          ne(invoices.status, "draft"),
          between(invoices.issuedOn, from, to),
          after ? sql`(${invoices.issuedOn}, ${invoices.id}) > (${after.day}::date, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(invoices.issuedOn), asc(invoices.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const sign = r.kind === "credit-note" ? -1 : 1;
        const signed = (cents: number) => amountCell(sign * cents);
        return [
          csvCell(r.number),
          csvCell(KIND_LABELS[r.kind]),
          csvCell(r.issuedOn),
          csvCell(r.supplyDate),
          csvCell(r.dueOn),
          csvCell(r.buyerName),
          csvCell(r.buyerVatNumber),
          r.vatMode === "reverse-charge" ? "yes" : "no",
          signed(r.netCents),
          signed(r.vat135Cents ?? 0),
          signed(r.vat23Cents ?? 0),
          signed(r.vatCents),
          signed(r.grossCents),
          signed(r.retentionCents),
          amountCell(r.paidCents),
          amountCell(r.rctCents),
          amountCell(balanceOf(r)),
          csvCell(r.status),
        ].join(",");
      })
      .join("\r\n")
      .concat("\r\n");
    const last = rows[rows.length - 1]!;
    if (rows.length < batch) return;
    after = { day: last.issuedOn!, id: last.id };
  }
}
