// Irish VAT periods: most businesses file a return every two months, January–February,
// March–April, … November–December (Revenue's "bi-monthly" periods). Pure; days are YYYY-MM-DD.

export type VatPeriod = { from: string; to: string };

const two = (n: number) => String(n).padStart(2, "0");

/** The last day of a month (1–12) of a year. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The two-month VAT period a day falls in. */
export function vatPeriodOf(day: string): VatPeriod {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = month % 2 === 1 ? month : month - 1;
  return { from: `${year}-${two(first)}-01`, to: `${year}-${two(first + 1)}-${two(lastDayOf(year, first + 1))}` };
}

/** The period before the one a day falls in (November–December of last year before January–February). */
export function previousVatPeriod(day: string): VatPeriod {
  const { from } = vatPeriodOf(day);
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7));
  return month === 1 ? vatPeriodOf(`${year - 1}-12-01`) : vatPeriodOf(`${year}-${two(month - 2)}-01`);
}

const monthName = new Intl.DateTimeFormat("en-IE", { month: "long", timeZone: "UTC" });

/** "March–April 2026" for a two-month period; null for any other range. */
export function vatPeriodLabel(range: VatPeriod): string | null {
  const period = vatPeriodOf(range.from);
  if (period.from !== range.from || period.to !== range.to) return null;
  const at = (day: string) => monthName.format(new Date(`${day}T12:00:00Z`));
  return `${at(period.from)}–${at(period.to)} ${period.from.slice(0, 4)}`;
}
