import { lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { contactSubmissions } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { startDailyJob } from "~/features/schedule/daily-job.server";

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

/**
 * Purges as above and puts it in the audit log as done by "system". A run from the command line
 * is always recorded (someone chose to run it; details name the shell user); the daily run only
 * when it deleted something, so the log is not one empty line a day.
 */
export async function purgeAndRecord(
  db: Db,
  months: number,
  trigger: "schedule" | "command",
  logger?: Logger,
): Promise<number> {
  const deleted = await purgeOldSubmissions(db, months);
  if (deleted === 0 && trigger === "schedule") return deleted;
  const shellUser =
    trigger === "command" ? process.env.SUDO_USER || process.env.USER || process.env.LOGNAME || null : null;
  await recordAudit(
    db,
    { userId: null, username: "system", ip: null },
    {
      action: "contact.purge",
      summary: `Erased ${deleted} enquir${deleted === 1 ? "y" : "ies"} older than ${months} month${months === 1 ? "" : "s"} (${trigger === "command" ? "run from the command line" : "daily retention"})`,
      details: { deleted, months, trigger, ...(shellUser ? { shellUser } : {}) },
    },
    logger,
  );
  return deleted;
}

/** With RETENTION_MONTHS set, purges shortly after start and then once a day. Returns a stop function. */
export function startRetentionSchedule(services: AppServices): () => void {
  const months = services.env.RETENTION_MONTHS;
  if (!months) return () => {};
  return startDailyJob("retention purge", services.logger, async () => {
    const count = await purgeAndRecord(services.database.db, months, "schedule", services.logger);
    services.logger.info({ deleted: count, months }, "retention: purged old enquiries");
  });
}
