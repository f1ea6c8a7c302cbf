import type { DocumentKind, InvoiceStatus } from "~/db/column-types";
import { isOverdue } from "~/features/invoices/invoice-format";
import { formatCalendarDay } from "~/features/time/irish-format";

// How the admin's invoice screens word and format things: Irish dates ("28 November 2026") from the
// stored calendar days, and the labels of statuses and kinds. Browser-safe.

/** "2026-11-28" → "28 November 2026" (a calendar day: no time zone shifts it). */
export const irishDate = (day: string | null | undefined) => (day ? formatCalendarDay(day) : "");

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | "overdue", string> = {
  draft: "Draft",
  issued: "Issued",
  "part-paid": "Part-paid",
  paid: "Paid",
  credited: "Credited",
  overdue: "Overdue",
};

/**
 * A document's status as staff read it: an owing invoice past its due date says so ("Overdue", or
 * "Part-paid, overdue"), as the Overdue tab lists it. `today` is the Irish calendar day.
 */
export function invoiceStatusLabel(
  doc: { kind: DocumentKind; status: InvoiceStatus; dueOn: string | null },
  today: string,
) {
  if (!isOverdue(doc, today)) return { label: INVOICE_STATUS_LABELS[doc.status], overdue: false };
  return { label: doc.status === "part-paid" ? "Part-paid, overdue" : INVOICE_STATUS_LABELS.overdue, overdue: true };
}

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  deposit: "Deposit",
  stage: "Stage",
  final: "Final",
  retention: "Retention",
  custom: "Custom",
  "credit-note": "Credit note",
};

/** "INV-2026-0001", or "Draft invoice" / "Draft credit note" before it has a number. */
export const documentName = (doc: { number: string | null; kind: DocumentKind }) =>
  doc.number ?? `Draft ${doc.kind === "credit-note" ? "credit note" : "invoice"}`;
