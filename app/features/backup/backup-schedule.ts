import { Cron } from "croner";

/** Scheduled backups run in the business's time zone, so "03:00" means 3 a.m. in Dublin, summer or winter. */
export const BACKUP_TIME_ZONE = "Europe/Dublin";

const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * BACKUP_SCHEDULE as a cron pattern, or null for "off". Accepts a time of day ("03:00": daily) or
 * a cron expression (5 fields, or 6 with seconds first). Throws with a readable message otherwise.
 */
export function backupCronPattern(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === "off") return null;
  const time = TIME_OF_DAY.exec(trimmed);
  if (time) return `${Number(time[2])} ${Number(time[1])} * * *`;
  try {
    // Parsing only: a paused job without a function never starts a timer.
    new Cron(trimmed, { paused: true, timezone: BACKUP_TIME_ZONE }).stop();
  } catch {
    throw new Error(
      `BACKUP_SCHEDULE must be "off", a time of day like 03:00, or a cron expression like "0 3 * * *" (got "${value}")`,
    );
  }
  return trimmed;
}
