// Quote dates are Irish calendar days ("YYYY-MM-DD"): a quote valid until the 30th can be accepted
// until midnight in Dublin that day, whatever the server's time zone. Today's Irish day and adding
// days are in features/time.

import { dublinDay } from "~/features/time/dublin-time";

/** Past its last day (Irish time). */
export const isExpired = (validUntil: string, now: Date) => dublinDay(now) > validUntil;

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
