import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { quotes, type QuoteRow } from "~/db/schema";
import { dublinDay } from "~/features/time/dublin-time";
import type { QuoteStatus } from "./quote-types";
import { quoteView } from "./quotes.server";

// The Quotes list for staff (and a lead's own quotes): newest first, filtered by status.

export type QuoteListRow = {
  id: number;
  leadId: number;
  number: string;
  status: QuoteStatus;
  expired: boolean;
  client: QuoteRow["client"];
  netCents: number;
  grossCents: number;
  validUntil: string;
  createdAt: Date;
  sentAt: Date | null;
  url: string;
};

export const QUOTE_LIST_FILTERS = [
  "all",
  "open",
  "expired",
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
] as const;
export type QuoteListFilter = (typeof QUOTE_LIST_FILTERS)[number];

/** The Quotes list, newest first: by status, or "open" (sent or viewed, still valid), or "expired". */
export async function listQuotes(
  db: Db,
  siteUrl: string,
  filter: QuoteListFilter,
  options: { leadId?: number; limit?: number } = {},
  now = new Date(),
): Promise<QuoteListRow[]> {
  const today = dublinDay(now);
  const conditions = [
    options.leadId === undefined ? undefined : eq(quotes.submissionId, options.leadId),
    filter === "all"
      ? undefined
      : filter === "open"
        ? and(inArray(quotes.status, ["sent", "viewed"]), sql`${quotes.validUntil} >= ${today}`)
        : filter === "expired"
          ? and(inArray(quotes.status, ["draft", "sent", "viewed"]), sql`${quotes.validUntil} < ${today}`)
          : eq(quotes.status, filter),
  ];
  const rows = await db
    .select()
    .from(quotes)
    .where(and(...conditions))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(options.limit ?? 500);
  return rows.map((r) => {
    const v = quoteView(r, siteUrl, null, now);
    return {
      id: v.id,
      leadId: v.leadId,
      number: v.number,
      status: v.status,
      expired: v.expired,
      client: v.client,
      netCents: r.netCents,
      grossCents: r.grossCents,
      validUntil: v.validUntil,
      createdAt: v.createdAt,
      sentAt: v.sentAt,
      url: v.url,
    };
  });
}
