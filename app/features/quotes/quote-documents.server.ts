import { eq } from "drizzle-orm";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { quoteAcceptances, quotes, type OutboxAttachment, type QuoteRow } from "~/db/schema";
import type { MailAttachment } from "~/features/mail/mailer.server";
import { renderQuotePdf } from "./quote-pdf.server";

/** The quote's PDF as it stands (with the acceptance stamp once accepted). */
export async function quotePdf(db: Db, business: Business, row: QuoteRow): Promise<{ filename: string; pdf: Buffer }> {
  const [acceptance] =
    row.status === "accepted"
      ? await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, row.id))
      : [];
  const pdf = await renderQuotePdf(row, business, acceptance ?? null);
  return { filename: `${business.name.replace(/[^\w-]+/g, "-")}-${row.number}.pdf`, pdf };
}

/** The outbox's attachment maker: a quote's PDF, made when the e-mail goes. */
export function quoteAttachments(db: () => Db, business: () => Business) {
  return async (ref: OutboxAttachment): Promise<MailAttachment | null> => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, ref.quoteId));
    if (!row) return null;
    const { filename, pdf } = await quotePdf(db(), business(), row);
    return { filename, content: pdf, contentType: "application/pdf" };
  };
}
