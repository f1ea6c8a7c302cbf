// An invoice or credit note as the API answers it (GET /api/admin/invoices/:id, issue 38) and as
// the client's page and the PDF read it: made from the stored row alone. An issued document's
// row never changes but for its status and the paid, RCT and credited sums, so this is the one
// place its balance is worked out.
import type { InvoiceRow } from "~/db/schema";
import type { DocumentKind, InvoiceLine, InvoiceStatus, VatRate } from "~/db/column-types";

export type InvoiceView = {
  id: number;
  /** Null while a draft. */
  number: string | null;
  kind: DocumentKind;
  status: InvoiceStatus;
  clientId: number;
  jobId: number | null;
  /** Irish calendar days (YYYY-MM-DD); null while a draft. */
  issuedOn: string | null;
  supplyDate: string | null;
  dueOn: string | null;
  lines: InvoiceLine[];
  totals: {
    netCents: number;
    vat: Array<{ rate: VatRate; netCents: number; vatCents: number }>;
    vatCents: number;
    grossCents: number;
    retentionCents: number;
  };
  paidCents: number;
  rctCents: number;
  /** What the client still owes: the gross less payments, RCT withheld and credit notes (0 on a credit note). */
  balanceCents: number;
  reverseCharge: boolean;
  /** The client's page (/i/<token>). */
  clientLink: string;
};

export const invoiceLinkOf = (siteUrl: string, token: string) => `${siteUrl}/i/${token}`;

/** The balance still owed on a document (never below 0; a credit note owes nothing). */
export function balanceOf(
  row: Pick<InvoiceRow, "kind" | "grossCents" | "paidCents" | "rctCents" | "creditedCents">,
): number {
  if (row.kind === "credit-note") return 0;
  return Math.max(0, row.grossCents - row.paidCents - row.rctCents - row.creditedCents);
}

/**
 * An issued document's status from its sums (the one rule: issuing, payments and credit notes all
 * set it with this): credited in full, paid when nothing is owed, part-paid when something was paid
 * or withheld, else issued. A draft stays a draft (its payments wait for it to be issued); a credit
 * note is just issued.
 */
export function invoiceStatusOf(
  row: Pick<InvoiceRow, "kind" | "status" | "grossCents" | "paidCents" | "rctCents" | "creditedCents">,
): InvoiceStatus {
  if (row.status === "draft" || row.kind === "credit-note") return row.status;
  if (row.creditedCents >= row.grossCents) return "credited";
  if (balanceOf(row) === 0) return "paid";
  return row.paidCents + row.rctCents > 0 ? "part-paid" : "issued";
}

/** A document's totals as printed (stored at draft and frozen at issue). */
export const documentTotals = (
  row: Pick<InvoiceRow, "netCents" | "vat" | "vatCents" | "grossCents" | "retentionCents">,
): InvoiceView["totals"] => ({
  netCents: row.netCents,
  vat: row.vat,
  vatCents: row.vatCents,
  grossCents: row.grossCents,
  retentionCents: row.retentionCents,
});

export function invoiceView(row: InvoiceRow, siteUrl: string): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    clientId: row.clientId,
    jobId: row.jobId,
    issuedOn: row.issuedOn,
    supplyDate: row.supplyDate,
    dueOn: row.dueOn,
    lines: row.lines,
    totals: documentTotals(row),
    paidCents: row.paidCents,
    rctCents: row.rctCents,
    balanceCents: balanceOf(row),
    reverseCharge: row.vatMode === "reverse-charge",
    clientLink: invoiceLinkOf(siteUrl, row.token),
  };
}
