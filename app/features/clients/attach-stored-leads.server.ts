import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions } from "~/db/schema";
import { attachLeadToClient } from "./client-for-lead.server";

/**
 * A start-up step for a site upgraded to clients (issue 37): every lead stored before, not in
 * quarantine and without a client, joins its client (or makes one), oldest first so the earliest
 * enquiry names the client. In batches, each in its own transaction, so a large inbox never holds
 * one long transaction; run again it finds nothing to do. Answers how many leads it attached.
 */
export async function attachStoredLeads(
  db: Db,
  { batchSize = 200, onBatch }: { batchSize?: number; onBatch?: (attached: number) => void } = {},
): Promise<number> {
  let attached = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: contactSubmissions.id,
        name: contactSubmissions.name,
        email: contactSubmissions.email,
        phone: contactSubmissions.phone,
        clientId: contactSubmissions.clientId,
      })
      .from(contactSubmissions)
      .where(
        and(
          isNull(contactSubmissions.clientId),
          eq(contactSubmissions.spam, false),
          gt(contactSubmissions.id, afterId),
        ),
      )
      .orderBy(asc(contactSubmissions.id))
      .limit(batchSize);
    if (batch.length === 0) return attached;
    await db.transaction(async (tx) => {
      for (const lead of batch) await attachLeadToClient(tx, lead);
    });
    attached += batch.length;
    afterId = batch[batch.length - 1]!.id;
    onBatch?.(attached);
  }
}
