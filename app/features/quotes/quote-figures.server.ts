import { and, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { quotes } from "~/db/schema";
import { dublinDay, dublinInstant } from "~/features/time/dublin-time";

// The dashboard's quote figures: what is out with clients now, and this calendar month (Irish
// time) so far. One query over the quotes table, the open value summed in the database.

export type QuoteFigures = {
  /** Sent or viewed, still valid: how many and their value including VAT (cents). */
  open: { count: number; grossCents: number };
  /** This month: quotes first sent or sent again (by their last sending), accepted, declined. */
  month: { sent: number; accepted: number; declined: number };
  /** accepted ÷ (accepted + declined) this month, 0–100 rounded; null when no client answered yet. */
  acceptanceRatePercent: number | null;
  /** "YYYY-MM" of the month counted (Dublin). */
  monthStart: string;
};

const toNumber = (v: unknown) => Number(v ?? 0);

export async function quoteFigures(db: Db, now = new Date()): Promise<QuoteFigures> {
  const today = dublinDay(now);
  const monthStartDay = `${today.slice(0, 7)}-01`;
  // An ISO string cast in SQL: PGlite and node-postgres read it the same way.
  const from = sql`${dublinInstant(monthStartDay, 0).toISOString()}::timestamptz`;
  const open = and(inArray(quotes.status, ["sent", "viewed"]), gte(quotes.validUntil, today));
  const [row] = await db
    .select({
      openCount: sql<number>`count(*) filter (where ${open})`,
      openGross: sql<string>`coalesce(sum(${quotes.grossCents}) filter (where ${open}), 0)`,
      sent: sql<number>`count(*) filter (where ${quotes.sentAt} >= ${from})`,
      accepted: sql<number>`count(*) filter (where ${quotes.status} = 'accepted' and ${quotes.acceptedAt} >= ${from})`,
      declined: sql<number>`count(*) filter (where ${quotes.status} = 'declined' and ${quotes.declinedAt} >= ${from})`,
    })
    .from(quotes)
    // Only quotes that were ever sent can count in any figure (drafts never do).
    .where(inArray(quotes.status, ["sent", "viewed", "accepted", "declined"]));
  const accepted = toNumber(row?.accepted);
  const declined = toNumber(row?.declined);
  const answered = accepted + declined;
  return {
    open: { count: toNumber(row?.openCount), grossCents: toNumber(row?.openGross) },
    month: { sent: toNumber(row?.sent), accepted, declined },
    acceptanceRatePercent: answered ? Math.round((accepted * 100) / answered) : null,
    monthStart: monthStartDay.slice(0, 7),
  };
}
