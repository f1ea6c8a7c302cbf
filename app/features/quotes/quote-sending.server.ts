import type { Db } from "~/db/client.server";
import { emailOutbox, type QuoteRow } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { isExpired } from "./quote-dates";
import { quoteSentEmail, quoteUpdatedEmail } from "./quote-emails.server";
import { centsToEuros, changeLead, type TimelineActor } from "~/features/leads/change-lead.server";
import { QUOTE_MESSAGES, type QuoteErrors } from "./quote-schema";

// Sending a quote to the client: the first time, again, or as an update (the next revision), each
// in the transaction that changes the quote.

/** Why a quote cannot go to the client now (no lines, validity passed), or null. */
export function unsendable(lineCount: number, validUntil: string, now: Date): QuoteErrors | null {
  if (lineCount === 0) return { lines: QUOTE_MESSAGES.lines };
  if (isExpired(validUntil, now))
    return { validUntil: "The quote's validity has passed: set a later date before sending it" };
  return null;
}

/** The client's e-mail with the link and the PDF, and the lead "quoted" at the quote's net value. */
export async function queueQuoteEmail(
  tx: Db,
  services: Pick<AppServices, "siteUrl" | "business">,
  row: QuoteRow,
  kind: "sent" | "updated",
  actor: TimelineActor,
  timeline: string,
  message: string | null = null,
) {
  const link = `${services.siteUrl}/q/${row.token}`;
  await tx.insert(emailOutbox).values({
    submissionId: row.submissionId,
    kind: "quote",
    attachment: { type: "quote-pdf", quoteId: row.id },
    ...(kind === "sent"
      ? quoteSentEmail(row, link, services.business, message)
      : quoteUpdatedEmail(row, link, services.business)),
  });
  await changeLead(tx, row.submissionId, { status: "quoted", valueEur: centsToEuros(row.netCents) }, actor, {
    quote: [row.number, timeline],
  });
}
