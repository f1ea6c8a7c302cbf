import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { clients, invoicePayments, invoices } from "~/db/schema";
import type { PdfStatement, Statement, StatementEntry } from "./statement-types";
import { issueInvoiceBy } from "./payment-rules";

// A client's statement (issue 38): their issued invoices and credit notes, the payments received
// (and RCT withheld by a principal, which counts as paid) in date order with the running balance.
// A payment on an invoice still in draft is on it too, flagged: money received with no invoice
// for it yet. The same entries make the admin's Statement section and the PDF.

const METHOD_WORDS = { transfer: "bank transfer", card: "card", cheque: "cheque", cash: "cash" } as const;
/** Same day: documents before the payments against them. */
const ORDER: Record<StatementEntry["kind"], number> = { invoice: 0, "credit-note": 1, payment: 2, rct: 3 };

export async function clientStatement(db: Db, clientId: number): Promise<Statement | null> {
  const [client] = await db
    .select({ id: clients.id, name: clients.name, company: clients.company })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return null;
  const docs = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), ne(invoices.status, "draft")))
    .orderBy(asc(invoices.issuedOn), asc(invoices.id));
  const numbers = new Map(docs.map((d) => [d.id, d.number]));
  const payments = await db
    .select({
      payment: invoicePayments,
      invoice: { id: invoices.id, number: invoices.number, status: invoices.status },
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoices.clientId, clientId))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));

  type Unsorted = Omit<StatementEntry, "balanceCents"> & { order: number; id: number };
  const rows: Unsorted[] = [];
  for (const d of docs) {
    const credit = d.kind === "credit-note";
    const on = credit && d.creditsInvoiceId ? numbers.get(d.creditsInvoiceId) : null;
    rows.push({
      date: d.issuedOn!,
      kind: credit ? "credit-note" : "invoice",
      invoiceId: d.id,
      details: credit ? `Credit note ${d.number}${on ? ` on invoice ${on}` : ""}` : `Invoice ${d.number}`,
      chargeCents: credit ? 0 : d.grossCents,
      creditCents: credit ? d.grossCents : 0,
      issueInvoiceBy: null,
      order: ORDER[credit ? "credit-note" : "invoice"],
      id: d.id,
    });
  }
  for (const { payment: p, invoice } of payments) {
    const draft = invoice.status === "draft";
    const against = draft ? "received with no invoice issued for it yet" : `against invoice ${invoice.number}`;
    const reference = p.reference ? `, ref. ${p.reference}` : "";
    rows.push({
      date: p.paidOn,
      kind: "payment",
      invoiceId: invoice.id,
      details: `Payment by ${METHOD_WORDS[p.method]}${reference}, ${against}`,
      chargeCents: 0,
      creditCents: p.amountCents,
      issueInvoiceBy: draft ? issueInvoiceBy(p.paidOn) : null,
      order: ORDER.payment,
      id: p.id,
    });
    if (p.rctCents > 0)
      rows.push({
        date: p.paidOn,
        kind: "rct",
        invoiceId: invoice.id,
        details: `RCT withheld at ${p.rctRate}% by the principal contractor${draft ? "" : `, invoice ${invoice.number}`}`,
        chargeCents: 0,
        creditCents: p.rctCents,
        issueInvoiceBy: null,
        order: ORDER.rct,
        id: p.id,
      });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.id - b.id);
  let balance = 0;
  const entries = rows.map(({ order: _order, id: _id, ...row }) => {
    balance += row.chargeCents - row.creditCents;
    return { ...row, balanceCents: balance };
  });
  const sum = (kind: StatementEntry["kind"], key: "chargeCents" | "creditCents") =>
    entries.filter((e) => e.kind === kind).reduce((s, e) => s + e[key], 0);
  return {
    client,
    entries,
    invoicedCents: sum("invoice", "chargeCents"),
    creditedCents: sum("credit-note", "creditCents"),
    paidCents: sum("payment", "creditCents"),
    rctCents: sum("rct", "creditCents"),
    balanceCents: balance,
  };
}

/** What the statement's PDF shows: the statement, dated. */
export const pdfStatementOf = (statement: Statement, asOf: string): PdfStatement => ({ ...statement, asOf });
