import { eq } from "drizzle-orm";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { quoteAcceptances, quotes, type OutboxAttachment, type QuoteRow } from "~/db/schema";
import type { MailAttachment } from "~/features/mail/mailer.server";
import { renderMarkdown } from "~/features/markdown/markdown.server";
import { renderPdf, type PdfPool } from "~/features/pdf/pdf-pool.server";
import type { ClientQuote } from "./quote-document";

/**
 * A stored quote as the client's page draws it (the client's own page and staff's preview).
 * `issuedOn`: the date the document carries (when it was sent; a preview of a draft says today).
 */
export function clientQuote(
  row: QuoteRow,
  acceptance: Pick<typeof quoteAcceptances.$inferSelect, "name" | "at"> | null | undefined,
  issuedOn: Date,
): ClientQuote {
  return {
    token: row.token,
    number: row.number,
    revision: row.revision,
    status: row.status,
    client: row.client,
    lines: row.lines,
    vatMode: row.vatMode,
    validUntil: row.validUntil,
    depositPercent: row.depositPercent,
    payments: row.payments,
    notesHtml: row.notes.trim() ? renderMarkdown(row.notes) : "",
    issuedOn: issuedOn.toISOString(),
    acceptance: acceptance ? { name: acceptance.name, at: acceptance.at.toISOString() } : null,
    declinedAt: row.declinedAt?.toISOString() ?? null,
  };
}

/** The quote's PDF as it stands (with the acceptance stamp once accepted), made in the PDF workers. */
export async function quotePdf(
  services: { pdf: PdfPool },
  db: Db,
  business: Business,
  row: QuoteRow,
): Promise<{ filename: string; pdf: Buffer }> {
  const [acceptance] =
    row.status === "accepted"
      ? await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, row.id))
      : [];
  // Only what the document shows crosses to the worker: plain data, no row objects or handles.
  const quote = {
    number: row.number,
    client: row.client,
    lines: row.lines,
    vatMode: row.vatMode,
    validUntil: row.validUntil,
    depositPercent: row.depositPercent,
    payments: row.payments,
    notes: row.notes,
    totals: row.totals,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    revision: row.revision,
  };
  const stamp = acceptance ? { name: acceptance.name, at: acceptance.at, signature: acceptance.signature } : null;
  const pdf = await renderPdf(services, { kind: "quote", data: { quote, business, acceptance: stamp } });
  return { filename: `${business.name.replace(/[^\w-]+/g, "-")}-${row.number}.pdf`, pdf };
}

/** The outbox's attachment maker: a quote's PDF, made when the e-mail goes. */
export function quoteAttachments(services: { pdf: PdfPool }, db: () => Db, business: () => Business) {
  return async (ref: Extract<OutboxAttachment, { type: "quote-pdf" }>): Promise<MailAttachment | null> => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, ref.quoteId));
    if (!row) return null;
    const { filename, pdf } = await quotePdf(services, db(), business(), row);
    return { filename, content: pdf, contentType: "application/pdf" };
  };
}
