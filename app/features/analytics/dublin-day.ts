// Analytics days are Irish calendar days (the owner's day), as YYYY-MM-DD.

const format = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Dublin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The Irish calendar day of an instant. */
export const dublinDay = (at: Date | number): string => format.format(at);

/** A YYYY-MM-DD day moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); 0 for the same day. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Whether a YYYY-MM-DD string is a real calendar day. */
export const isDay = (day: string): boolean => {
  if (!DAY_PATTERN.test(day)) return false;
  // Month 13 or day 32 is an invalid Date, whose toISOString throws.
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/**
 * The Irish day of `now`, worked out once per day: the formatter costs microseconds, too much for
 * every counted request, so the day is kept until the next hour boundary could change it.
 */
export function dayClock(): (now: number) => string {
  let day = "";
  let validUntil = 0;
  return (now) => {
    if (now >= validUntil) {
      day = dublinDay(now);
      // Irish midnight is on a UTC hour boundary (offset 0 or +1): look again at the next one.
      validUntil = Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000;
    }
    return day;
  };
}
