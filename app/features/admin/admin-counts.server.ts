import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
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
 * How many rows there are of each kind asked, in one statement (the dashboard's cards: one round
 * trip, not one a kind). Enquiries: those in the inbox, not quarantined spam, summed from the
 * per-day counts the database keeps (counting 100,000 leads read every one of them, 689 buffers and
 * over 100 ms on a loaded machine, issue 40 item 5).
 */
export async function countRowsOf(db: Db, what: ReadonlyArray<Counted>): Promise<Record<Counted, number>> {
  if (what.length === 0) return {} as Record<Counted, number>;
  const columns = sql.join(
    what.map((counted) =>
      counted === "contacts"
        ? sql`(select coalesce(sum(${leadDailyCounts.leads}), 0) from ${leadDailyCounts} where ${leadDailyCounts.kind} = 'status') as ${sql.identifier(counted)}`
        : sql`(select count(*) from ${COUNTED_TABLES[counted]}) as ${sql.identifier(counted)}`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<Record<Counted, string | number>>(db, sql`select ${columns}`);
  return Object.fromEntries(what.map((counted) => [counted, Number(row?.[counted] ?? 0)])) as Record<Counted, number>;
}

/** How many rows there are of one kind (GET /api/admin/<what>/count). */
export async function countRows(db: Db, what: Counted): Promise<number> {
  return (await countRowsOf(db, [what]))[what];
}
