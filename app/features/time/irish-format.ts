// How people read dates and times here (issue 35 item 8): "28 November 2026, 12:47" and
// "8:00–18:00" — the day and the hour without a leading zero, the month in full, a 24-hour clock,
// an en dash between times. Always Dublin's clocks; machine formats (ISO, ICS) live elsewhere.

import { TIME_ZONE } from "./dublin-time";

type Instant = Date | number | string;

// Each format is made once: a new Intl.DateTimeFormat costs about 0.1 ms, as much as a list row's
// whole render (an admin list of 50 invoices formatted 100 calendar days with new ones).
const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, options: Intl.DateTimeFormatOptions, timeZone = TIME_ZONE) {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat("en-IE", { timeZone, ...options })));
  return f;
}
/** A calendar day (or month) has no time of day: read and formatted at noon UTC, never shifted. */
const calendar = (key: string, options: Intl.DateTimeFormatOptions, day: string) =>
  format(`calendar-${key}`, options, "UTC").format(new Date(`${day}T12:00:00Z`));

const asDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** "28 November 2026" */
export const formatDate = (instant: Instant) =>
  format("date", { day: "numeric", month: "long", year: "numeric" }).format(asDate(instant));

/** "12:47", "8:05", "0:30" (24-hour, the hour without a leading zero) */
export const formatTime = (instant: Instant) =>
  format("time", { hour: "numeric", minute: "2-digit", hourCycle: "h23" }).format(asDate(instant));

/** "12:47:03", "8:05:09": to the second, where the order of events matters (the audit log). */
export const formatTimeSeconds = (instant: Instant) =>
  format("time-seconds", { hour: "numeric", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(
    asDate(instant),
  );

/** "28 November 2026, 12:47" */
export const formatDateTime = (instant: Instant) => `${formatDate(instant)}, ${formatTime(instant)}`;

/** A calendar day "2026-11-28" (no time of day, so no time zone) → "28 November 2026". */
export const formatCalendarDay = (day: string) =>
  calendar("day", { day: "numeric", month: "long", year: "numeric" }, day);

/** "2026-11" → "November 2026". */
export const formatCalendarMonth = (yyyyMm: string) =>
  calendar("month", { month: "long", year: "numeric" }, `${yyyyMm.slice(0, 7)}-15`);

/** "2026-11-28" → "Saturday, 28 November" (long) or "Sat, 28 Nov" (short): a calendar's day headings. */
export const formatCalendarWeekday = (day: string, width: "long" | "short") =>
  calendar(`weekday-${width}`, { weekday: width, day: "numeric", month: width }, day);

/** A wall-clock time "08:00" (as survey and opening hours are stored) → "8:00". */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${h}:${String(m).padStart(2, "0")}`;
}

const timeOf = (t: Date | string) => (typeof t === "string" ? formatClock(t) : formatTime(t));

/** "8:00–18:00": from two instants or two wall-clock times ("08:00", "18:00"). */
export const formatTimeRange = (from: Date | string, to: Date | string) => `${timeOf(from)}–${timeOf(to)}`;
