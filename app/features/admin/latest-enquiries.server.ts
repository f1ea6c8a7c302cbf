import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, users } from "~/db/schema";

/** How many the dashboard lists. */
export const LATEST_ENQUIRIES = 5;

/** The newest enquiries in the inbox (never the ones held as spam), newest first. */
export function latestEnquiries(db: Db, limit = LATEST_ENQUIRIES) {
  return db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      service: contactSubmissions.service,
      source: contactSubmissions.source,
      status: contactSubmissions.status,
      readAt: contactSubmissions.readAt,
      createdAt: contactSubmissions.createdAt,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.spam, false))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit);
}

export type LatestEnquiry = Awaited<ReturnType<typeof latestEnquiries>>[number];

/** True when the user has never signed in before this visit (just registered, or a first sign-in). */
export async function isFirstVisit(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ previous: users.previousSignInAt }).from(users).where(eq(users.id, userId));
  return !row?.previous;
}
