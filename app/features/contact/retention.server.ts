import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions } from "~/db/schema";
import type { AppServices } from "~/services.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes enquiries older than `months` (GDPR storage limitation). Their queued e-mails go with
 * them (ON DELETE CASCADE). Returns how many were deleted.
 */
export async function purgeOldSubmissions(db: Db, months: number): Promise<number> {
  const deleted = await db
    .delete(contactSubmissions)
    .where(lt(contactSubmissions.createdAt, sql`now() - make_interval(months => ${months})`))
    .returning({ id: contactSubmissions.id });
  return deleted.length;
}

/** With RETENTION_MONTHS set, purges shortly after start and then once a day. Returns a stop function. */
export function startRetentionSchedule(services: AppServices): () => void {
  const months = services.env.RETENTION_MONTHS;
  if (!months) return () => {};
  const run = async () => {
    try {
      const count = await purgeOldSubmissions(services.database.db, months);
      services.logger.info({ deleted: count, months }, "retention: purged old enquiries");
    } catch (error) {
      services.logger.error({ err: error }, "retention purge failed");
    }
  };
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
