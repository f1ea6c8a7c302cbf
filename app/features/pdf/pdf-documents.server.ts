import type { Business } from "~/config";
import { renderQuotePdf, type PdfAcceptance, type PdfQuote } from "~/features/quotes/quote-pdf.server";
import { renderHandoverPdf, type PdfHandover } from "~/features/jobs/card/handover-pdf.server";
import { renderInvoicePdf, type PdfInvoice } from "~/features/invoices/invoice-pdf.server";
import { renderStatementPdf } from "~/features/invoices/statement-pdf.server";
import type { PdfStatement } from "~/features/invoices/statement-types";

// Every document the product makes as a PDF, by kind. These builders run inside the PDF worker
// threads (pdf-worker.server.ts): each takes plain, structured-clonable data (no database handle,
// no services) and answers the file's bytes. A new document (an invoice, a handover pack) is one
// more entry here, built in a module that imports nothing with a connection or a timer.

export type PdfRequest =
  | { kind: "quote"; data: { quote: PdfQuote; business: Business; acceptance: PdfAcceptance } }
  | { kind: "job-handover"; data: { pack: PdfHandover; business: Business } }
  | { kind: "invoice"; data: { invoice: PdfInvoice; business: Business } }
  | { kind: "client-statement"; data: { statement: PdfStatement; business: Business } };

export function buildPdf(request: PdfRequest): Promise<Buffer> {
  switch (request.kind) {
    case "quote":
      return renderQuotePdf(request.data.quote, request.data.business, request.data.acceptance);
    case "job-handover":
      return renderHandoverPdf(request.data.pack, request.data.business);
    case "invoice":
      return renderInvoicePdf(request.data.invoice, request.data.business);
    case "client-statement":
      return renderStatementPdf(request.data.statement, request.data.business);
  }
}
