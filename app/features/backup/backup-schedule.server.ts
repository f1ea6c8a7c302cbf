import { Cron } from "croner";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { BACKUP_TIME_ZONE } from "./backup-schedule";
import { createBackupFile, pruneScheduledBackups, type BackupFile } from "./backup.server";

const CLAIM_KEY = "backup.last-scheduled-run";

/**
 * Claims the scheduled backup at `slot` for this server. Every server sharing a database fires at
 * the same scheduled time; one atomic upsert on app_meta lets exactly one of them through (the
 * row is moved forward only if it holds an earlier slot; a concurrent second upsert waits for the
 * first, then sees the new value and changes nothing). Answers whether this server won.
 */
export async function claimScheduledBackup(db: Db, slot: Date): Promise<boolean> {
  const value = slot.toISOString(); // fixed width: text order is time order
  const claimed = await db
    .insert(appMeta)
    .values({ key: CLAIM_KEY, value })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value, updatedAt: sql`now()` },
      setWhere: sql`${appMeta.value} < ${value}`,
    })
    .returning({ key: appMeta.key });
  return claimed.length > 0;
}

/** The scheduled backup for `slot`, if this server claims it: the file, then older scheduled files pruned. */
export async function runScheduledBackup(services: AppServices, slot: Date): Promise<BackupFile | null> {
  const { env, logger, database } = services;
  if (!(await claimScheduledBackup(database.db, slot))) {
    logger.info({ slot }, "scheduled backup: another server sharing the database is taking it");
    return null;
  }
  const backup = await createBackupFile(database, env.BACKUP_DIR, { trigger: "scheduled", at: slot });
  const deleted = pruneScheduledBackups(env.BACKUP_DIR, env.BACKUP_KEEP);
  logger.info({ file: backup.file, bytes: backup.bytes, rows: backup.rows, deleted }, "scheduled backup written");
  return backup;
}

/**
 * Takes a backup on BACKUP_SCHEDULE (Irish time) with croner: a maintained, dependency-free cron
 * library (Node 18+) that handles time zones and daylight-saving changes, which a setTimeout loop
 * would get wrong twice a year. Answers a function that stops the schedule.
 */
export function startBackupSchedule(services: AppServices): () => void {
  const pattern = services.env.BACKUP_SCHEDULE;
  if (!pattern) return () => {};
  const job = new Cron(
    pattern,
    {
      timezone: BACKUP_TIME_ZONE,
      protect: true, // a slow backup is never overlapped by the next one
      unref: true,
      catch: (error) => services.logger.error({ err: error }, "scheduled backup failed"),
    },
    async (self) => {
      // The scheduled time (not "now", which is a little later and differs between servers).
      const slot = self.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date();
      await runScheduledBackup(services, slot);
    },
  );
  services.logger.info({ schedule: pattern, timeZone: BACKUP_TIME_ZONE, next: job.nextRun() }, "backups scheduled");
  return () => job.stop();
}
