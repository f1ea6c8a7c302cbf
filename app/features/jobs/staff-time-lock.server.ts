import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * Holds the given staff members' time until the transaction ends: a transaction-scoped advisory
 * lock per staff member, taken in ascending id order (so two holders never wait on each other).
 * Scheduling a job day and booking a survey both take it before they check and write someone's
 * time, so the check holds across every server sharing the database.
 */
export async function lockStaffTime(tx: Db, staffIds: ReadonlyArray<number>): Promise<void> {
  for (const id of [...new Set(staffIds)].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-time:${id}`}))`);
}
