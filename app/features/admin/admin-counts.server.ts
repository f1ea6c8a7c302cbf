import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, faqs, leadDailyCounts, pages, projects, testimonials, users } from "~/db/schema";

/** What the dashboard counts (the JSON API's /api/admin/<what>/count answers the same numbers). */
export const COUNTED_TABLES = {
  pages,
  projects,
  testimonials,
  faqs,
  contacts: contactSubmissions,
  users,
} as const;

export type Counted = keyof typeof COUNTED_TABLES;

/**
 * How many rows there are of one kind (enquiries: those in the inbox, not quarantined spam, summed
 * from the per-day counts the database keeps: counting 100,000 leads read every one of them, 689
 * buffers and over 100 ms on a loaded machine, issue 40 item 5).
 */
export async function countRows(db: Db, what: Counted): Promise<number> {
  if (what !== "contacts") return db.$count(COUNTED_TABLES[what]);
  const [row] = await db
    .select({ n: sql<string | null>`sum(${leadDailyCounts.leads})` })
    .from(leadDailyCounts)
    .where(eq(leadDailyCounts.kind, "status"));
  return Number(row?.n ?? 0);
}
