// Ireland's public holidays, as plain rules (Organisation of Working Time Act 1997, with St
// Brigid's Day from 2023). A small pure module rather than date-holidays: that library carries
// every country's data and its own date type for ten Irish rules, and its Irish list adds days
// (Good Friday, substitute days) the booking page must not treat as closed. The day itself is
// the holiday: a holiday on a Saturday or Sunday is not moved to the Monday.

export type IrishHoliday = { date: string; name: string };

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** 0 = Sunday … 6 = Saturday. */
const weekday = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();

/** The first Monday of a month. */
function firstMonday(y: number, m: number): string {
  return iso(y, m, 1 + ((8 - weekday(y, m, 1)) % 7));
}

/** The last Monday of a month. */
function lastMonday(y: number, m: number): string {
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return iso(y, m, last - ((weekday(y, m, last) + 6) % 7));
}

/** Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(y, month, day);
}

/** St Brigid's Day: the first Monday in February, or 1 February when that is a Friday. */
function stBrigidsDay(y: number): string {
  return weekday(y, 2, 1) === 5 ? iso(y, 2, 1) : firstMonday(y, 2);
}

/** A year's ten public holidays, in date order. */
export function irishHolidays(y: number): IrishHoliday[] {
  const easter = new Date(`${easterSunday(y)}T00:00:00Z`);
  easter.setUTCDate(easter.getUTCDate() + 1);
  return [
    { date: iso(y, 1, 1), name: "New Year's Day" },
    { date: stBrigidsDay(y), name: "St Brigid's Day" },
    { date: iso(y, 3, 17), name: "St Patrick's Day" },
    { date: easter.toISOString().slice(0, 10), name: "Easter Monday" },
    { date: firstMonday(y, 5), name: "May bank holiday" },
    { date: firstMonday(y, 6), name: "June bank holiday" },
    { date: firstMonday(y, 8), name: "August bank holiday" },
    { date: lastMonday(y, 10), name: "October bank holiday" },
    { date: iso(y, 12, 25), name: "Christmas Day" },
    { date: iso(y, 12, 26), name: "St Stephen's Day" },
  ].sort((p, q) => p.date.localeCompare(q.date));
}

/** The holiday on an Irish calendar day ("YYYY-MM-DD"), if it is one. */
export function irishHolidayOn(day: string): IrishHoliday | undefined {
  return irishHolidays(Number(day.slice(0, 4))).find((h) => h.date === day);
}

/** The holidays from `from` to `to` inclusive ("YYYY-MM-DD"), in date order. */
export function irishHolidaysBetween(from: string, to: string): IrishHoliday[] {
  const out: IrishHoliday[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
    out.push(...irishHolidays(y).filter((h) => h.date >= from && h.date <= to));
  return out;
}
