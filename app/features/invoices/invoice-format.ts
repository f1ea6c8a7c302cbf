// How an invoice reads to the client, on its page and in its PDF (issue 38): the status in words,
// the IBAN in groups of four, the document's title. Pure and browser-safe.
import type { DocumentKind, InvoiceStatus } from "~/db/column-types";
import { formatCents } from "~/features/quotes/quote-totals";
import { formatDay } from "~/features/quotes/quote-dates";

/** "IE29AIBK93115212345678" → "IE29 AIBK 9311 5212 3456 78", as banks print it. */
export function groupIban(iban: string): string {
  return (
    iban
      .replace(/\s/g, "")
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

export const documentTitle = (kind: DocumentKind) => (kind === "credit-note" ? "Credit note" : "Invoice");

/** What still owes money: an invoice in one of these past its due date is overdue. */
export const OWING_STATUSES = ["issued", "part-paid"] as const satisfies ReadonlyArray<InvoiceStatus>;

/**
 * Overdue: an invoice (never a credit note, which owes nothing) issued or part-paid, due before
 * `today` (an Irish calendar day). The same rule as the Invoices list's Overdue tab, the reminders,
 * the dashboard's figure and the client's page.
 */
export const isOverdue = (doc: { kind: DocumentKind; status: InvoiceStatus; dueOn: string | null }, today: string) =>
  doc.kind !== "credit-note" &&
  (OWING_STATUSES as ReadonlyArray<InvoiceStatus>).includes(doc.status) &&
  doc.dueOn !== null &&
  doc.dueOn < today;

/** A document's gross as it counts towards what was billed: a credit note's takes money off ("-€2,210.17"). */
export const signedGross = (doc: { kind: DocumentKind; grossCents: number }) =>
  doc.kind === "credit-note" ? 0 - doc.grossCents : doc.grossCents;

export type BalanceWords = { tone: "paid" | "due" | "overdue" | "closed"; words: string };

/**
 * Where the client stands on a document, in words: "Paid — thank you", what is still to pay and by
 * when, or that there is nothing to pay (a credit note; an invoice credited in full).
 */
export function balanceWords(
  doc: { kind: DocumentKind; status: InvoiceStatus; dueOn: string | null; balanceCents: number; paidCents: number },
  today: string,
): BalanceWords {
  if (doc.kind === "credit-note") return { tone: "closed", words: "Credit note — nothing to pay" };
  if (doc.status === "credited") return { tone: "closed", words: "Credited in full — nothing to pay" };
  if (doc.status === "paid" || doc.balanceCents === 0) return { tone: "paid", words: "Paid — thank you" };
  const owed = formatCents(doc.balanceCents);
  if (isOverdue(doc, today)) return { tone: "overdue", words: `Overdue — ${owed} was due on ${formatDay(doc.dueOn!)}` };
  const by = doc.dueOn ? ` by ${formatDay(doc.dueOn)}` : "";
  return doc.paidCents > 0
    ? { tone: "due", words: `Part paid — ${owed} still to pay${by}` }
    : { tone: "due", words: `${owed} to pay${by}` };
}
