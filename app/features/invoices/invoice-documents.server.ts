import { eq } from "drizzle-orm";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import type { InvoiceParty } from "~/db/column-types";
import { invoices, jobs, type InvoiceRow, type OutboxAttachment } from "~/db/schema";
import type { MailAttachment } from "~/features/mail/mailer.server";
import { renderPdf, type PdfPool } from "~/features/pdf/pdf-pool.server";
import { isSecretToken } from "~/features/security/secret-token.server";
import type { PdfInvoice } from "./invoice-pdf.server";
import { invoiceUbl } from "./invoice-e-document.server";
import { documentTotals } from "./invoice-view";

// An issued invoice or credit note as files: its PDF (made in the PDF workers) and its UBL
// e-invoice (invoice-e-document.server.ts, the one builder from a stored row), both from the stored row (frozen at issue) plus what it points at (the job's number,
// a credit note's invoice) and the bank account in Settings → Business. The staff download, the
// client's page and the e-mail all use these, so the three always carry the same document.

export type Bank = { accountName: string; iban: string; bic: string };

/** The bank account from Settings → Business, or null when none is set (all three empty). */
export function bankOf(stored: { bank?: Bank | undefined }): Bank | null {
  const bank = stored.bank;
  return bank && bank.iban !== "" ? bank : null;
}

/** What a document points at: its job's number and, for a credit note, its invoice. */
export type InvoiceContext = {
  jobNumber: string | null;
  credits: { number: string; issuedOn: string | null } | null;
};

export type IssuedInvoice = InvoiceRow & {
  number: string;
  issuedOn: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
};

/** An issued document (numbered, parties frozen); a draft is not one. */
export const isIssued = (row: InvoiceRow): row is IssuedInvoice =>
  row.status !== "draft" && row.number !== null && row.issuedOn !== null && row.seller !== null && row.buyer !== null;

/** The client's document behind a link: issued ones only (a draft, a short or unknown token: null). */
export async function findInvoiceByToken(db: Db, token: string): Promise<IssuedInvoice | null> {
  if (!isSecretToken(token)) return null;
  const [row] = await db.select().from(invoices).where(eq(invoices.token, token));
  return row && isIssued(row) ? row : null;
}

export async function invoiceContext(db: Db, row: InvoiceRow): Promise<InvoiceContext> {
  const [job] = row.jobId ? await db.select({ number: jobs.number }).from(jobs).where(eq(jobs.id, row.jobId)) : [];
  const [credited] = row.creditsInvoiceId
    ? await db
        .select({ number: invoices.number, issuedOn: invoices.issuedOn })
        .from(invoices)
        .where(eq(invoices.id, row.creditsInvoiceId))
    : [];
  return {
    jobNumber: job?.number ?? null,
    credits: credited ? { number: credited.number ?? "", issuedOn: credited.issuedOn } : null,
  };
}

/** The PDF's data: plain values only, as the worker thread takes them. */
export function pdfInvoiceOf(row: IssuedInvoice, context: InvoiceContext, bank: Bank | null): PdfInvoice {
  return {
    kind: row.kind,
    status: row.status,
    number: row.number,
    issuedOn: row.issuedOn,
    supplyDate: row.supplyDate,
    dueOn: row.dueOn,
    lines: row.lines,
    totals: documentTotals(row),
    reverseCharge: row.vatMode === "reverse-charge",
    seller: row.seller,
    buyer: row.buyer,
    jobNumber: context.jobNumber,
    credits: row.kind === "credit-note" ? context.credits : null,
    reason: row.reason,
    bank: row.kind === "credit-note" ? null : bank,
  };
}

export type InvoiceFiles = { pdf: { filename: string; content: Buffer }; ubl: { filename: string; content: string } };

/** The PDF and the e-invoice of an issued document, named by its number. */
export async function invoiceFiles(
  services: { pdf: PdfPool },
  db: Db,
  business: Business,
  bank: Bank | null,
  row: IssuedInvoice,
  want: { pdf: boolean; ubl: boolean } = { pdf: true, ubl: true },
): Promise<Partial<InvoiceFiles>> {
  const context = await invoiceContext(db, row);
  const files: Partial<InvoiceFiles> = {};
  if (want.ubl)
    files.ubl = { filename: `${row.number}.xml`, content: (await invoiceUbl(db, row, { bank: bank ?? undefined }))! };
  if (want.pdf) {
    const invoice = pdfInvoiceOf(row, context, bank);
    const content = await renderPdf(services, { kind: "invoice", data: { invoice, business } });
    files.pdf = { filename: `${row.number}.pdf`, content };
  }
  return files;
}

/** The outbox's attachment maker: an invoice's PDF and e-invoice, made when the e-mail goes. */
export function invoiceAttachments(
  services: { pdf: PdfPool },
  db: () => Db,
  business: () => Business,
  bank: () => Bank | null,
) {
  return async (ref: Extract<OutboxAttachment, { type: "invoice" }>): Promise<MailAttachment[] | null> => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, ref.invoiceId));
    if (!row || !isIssued(row)) return null;
    const { pdf, ubl } = await invoiceFiles(services, db(), business(), bank(), row);
    return [
      { filename: pdf!.filename, content: pdf!.content, contentType: "application/pdf" },
      { filename: ubl!.filename, content: Buffer.from(ubl!.content, "utf8"), contentType: "application/xml" },
    ];
  };
}
