import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, faqs, pages, projects, testimonials, users } from "~/db/schema";

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

/** How many rows there are of one kind (enquiries: those in the inbox, not quarantined spam). */
export function countRows(db: Db, what: Counted): Promise<number> {
  return what === "contacts"
    ? db.$count(contactSubmissions, eq(contactSubmissions.spam, false))
    : db.$count(COUNTED_TABLES[what]);
}
