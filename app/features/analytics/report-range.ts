import { addDays, daysBetween, isCalendarDay } from "~/features/time/dublin-time";

/** The longest range one report covers (a leap year and a day). */
export const MAX_REPORT_DAYS = 367;

/** Parses ?from=&to= (YYYY-MM-DD): the range, or the message for a 400. Both missing: the last 30 days. */
export function parseReportRange(
  from: unknown,
  to: unknown,
  today: string,
): { ok: true; from: string; to: string } | { ok: false; message: string } {
  if (from === undefined && to === undefined) return { ok: true, from: addDays(today, -29), to: today };
  if (!isCalendarDay(from) || !isCalendarDay(to))
    return { ok: false, message: "from and to must both be dates as YYYY-MM-DD, e.g. from=2026-11-01&to=2026-11-30." };
  if (from > to) return { ok: false, message: "from must be on or before to." };
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS)
    return { ok: false, message: `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter range.` };
  return { ok: true, from, to };
}
