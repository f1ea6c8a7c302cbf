// Irish wall-clock time ↔ instants, with no date library: Intl knows Europe/Dublin's rules (GMT in
// winter, IST = UTC+1 from the last Sunday of March to the last Sunday of October). Times are stored
// in UTC; survey hours, audit filters, CSV times and reminder hours are read on Dublin's clocks.

export const TIME_ZONE = "Europe/Dublin";

import { WEEKDAYS, type Weekday } from "~/db/column-types";

export { WEEKDAYS, type Weekday };

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

let parts: Intl.DateTimeFormat | undefined;
/** What Dublin's clocks and calendar show at an instant (24-hour clock). */
export function dublinWallParts(instant: Date | number) {
  parts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(instant)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Dublin's offset from UTC at an instant, in minutes (0 or 60). */
export function dublinOffsetMinutes(instant: Date): number {
  const p = dublinWallParts(instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);
}

/** The Irish calendar day of an instant (a Date or milliseconds), "YYYY-MM-DD". The app's one copy. */
export function dublinDay(instant: Date | number): string {
  const p = dublinWallParts(instant);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** "HH:MM" → minutes after midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The instant at which Dublin's clocks show `minutes` after midnight on `day`. A time the spring
 * change skips (01:00–01:59 on the last Sunday of March) is read as the same time an hour later; a
 * time the autumn change repeats (01:00–01:59 on the last Sunday of October) is its first showing.
 */
export function dublinInstant(day: string, minutes: number): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  // Try the later offset first so a repeated hour resolves to its first (summer-time) showing.
  const offsets = [
    ...new Set([dublinOffsetMinutes(new Date(asUtc - 60 * MINUTE)), dublinOffsetMinutes(new Date(asUtc))]),
  ].sort((a, b) => b - a);
  for (const offset of offsets) {
    const candidate = new Date(asUtc - offset * MINUTE);
    if (dublinOffsetMinutes(candidate) === offset) return candidate;
  }
  // Skipped: no instant shows this time; the clocks read an hour later then.
  return new Date(asUtc - Math.min(...offsets) * MINUTE);
}

/** "YYYY-MM-DD" plus n days (calendar days: a clock change does not shift them). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day `months` later, on the month's last day when it is shorter (31 January + 1 → 28 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); 0 for the same day. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Monday of the Irish week holding `day`. */
export function mondayOf(day: string): string {
  return addDays(day, -WEEKDAYS.indexOf(weekdayOf(day)));
}

/** A real calendar date written YYYY-MM-DD (2028-02-29, not 2027-02-29); false for anything but text. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** ISO 8601 with Dublin's offset, e.g. "2026-03-30T10:00:00+01:00". */
export function dublinIso(instant: Date): string {
  const offset = dublinOffsetMinutes(instant);
  const local = new Date(instant.getTime() + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, options: Intl.DateTimeFormatOptions) {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat("en-IE", { timeZone: TIME_ZONE, ...options })));
  return f;
}

/** "Tuesday 3 March" */
export const longDate = (instant: Date) =>
  format("long-date", { weekday: "long", day: "numeric", month: "long" }).format(instant);
/** "10:30", "8:00" (24-hour, no leading zero on the hour) */
export const clockTime = (instant: Date) =>
  format("clock", { hour: "numeric", minute: "2-digit", hourCycle: "h23" }).format(instant);
const longDateYear = (instant: Date) =>
  format("long-date-year", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(instant);
/** "Tuesday 3 March 2026, 10:30" */
export const surveyStart = (start: Date) => `${longDateYear(start)}, ${clockTime(start)}`;
/** "Tuesday 3 March 2026, 10:30–11:30" */
export const surveyWhen = (start: Date, end: Date) => `${surveyStart(start)}–${clockTime(end)}`;
