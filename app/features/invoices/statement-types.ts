// A client's statement as the admin page, the API and the PDF read it (statement.server.ts makes it).

export type StatementEntry = {
  /** Irish calendar day. */
  date: string;
  kind: "invoice" | "credit-note" | "payment" | "rct";
  invoiceId: number;
  details: string;
  /** What it adds to the balance (an invoice) or takes off it (a credit note, a payment, RCT). */
  chargeCents: number;
  creditCents: number;
  balanceCents: number;
  /** A payment on an invoice not issued yet: the last day to issue it. */
  issueInvoiceBy: string | null;
};

export type Statement = {
  client: { id: number; name: string; company: string };
  entries: StatementEntry[];
  invoicedCents: number;
  creditedCents: number;
  paidCents: number;
  rctCents: number;
  /** Charges less credits: what the client owes now (negative: in credit). */
  balanceCents: number;
};

/** The statement as the PDF prints it: dated the day it is made (Irish calendar day). */
export type PdfStatement = Statement & { asOf: string };
