import type { DocumentKind, InvoiceStatus } from "~/db/column-types";
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
