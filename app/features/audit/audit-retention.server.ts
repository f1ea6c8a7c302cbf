import type { AppServices } from "~/services.server";
import { purgeOldAudit, recordAudit } from "./audit.server";
import { startDailyJob } from "~/features/schedule/daily-job.server";

/**
 * Purges audit rows older than AUDIT_RETENTION_DAYS and, when it deleted any, says so in the log
 * itself (as "system"), so a gap in the log is explained. Returns how many were deleted.
 */
export async function purgeAuditAndRecord(services: Pick<AppServices, "database" | "env" | "logger">): Promise<number> {
  const days = services.env.AUDIT_RETENTION_DAYS;
  const { db } = services.database;
  const deleted = await purgeOldAudit(db, days);
  if (deleted > 0) {
    await recordAudit(
      db,
      { userId: null, username: "system", ip: null },
      {
        action: "audit.purge",
        summary: `Erased ${deleted} audit log entr${deleted === 1 ? "y" : "ies"} older than ${days} day${days === 1 ? "" : "s"} (AUDIT_RETENTION_DAYS)`,
        details: { deleted, days },
      },
      services.logger,
    );
  }
  return deleted;
}

/** Purges shortly after start, then once a day. Returns a stop function. */
export function startAuditRetentionSchedule(services: AppServices): () => void {
  return startDailyJob("audit retention purge", services.logger, async () => {
    const deleted = await purgeAuditAndRecord(services);
    services.logger.info({ deleted, days: services.env.AUDIT_RETENTION_DAYS }, "retention: purged old audit entries");
  });
}
