import { dublinDay } from "~/features/time/dublin-time";

// Analytics days are Irish calendar days (the owner's day), as YYYY-MM-DD: dublinDay, addDays and
// the rest are in features/time; this is the counter's cached clock.

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
