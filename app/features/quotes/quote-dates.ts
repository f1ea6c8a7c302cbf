// Quote dates are Irish calendar days ("YYYY-MM-DD"): a quote valid until the 30th can be accepted
// until midnight in Dublin that day, whatever the server's time zone.

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Dublin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in Dublin, as YYYY-MM-DD. */
export const dublinDate = (at: Date) => dayFormat.format(at);

/** A YYYY-MM-DD day plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Past its last day (Irish time). */
export const isExpired = (validUntil: string, now: Date) => dublinDate(now) > validUntil;

const longDay = new Intl.DateTimeFormat("en-IE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** "30 September 2026" for a YYYY-MM-DD day. */
export const formatDay = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));

const longTime = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Dublin",
});
/** "3 June 2026 at 14:05" (Irish time). */
export const formatMoment = (at: Date) => longTime.format(at);
