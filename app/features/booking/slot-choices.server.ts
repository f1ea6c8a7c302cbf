import {
  addDays,
  clockTime,
  dublinDay,
  dublinInstant,
  dublinIso,
  isCalendarDay,
  longDate,
} from "~/features/time/dublin-time";
import { irishHolidayOn } from "~/features/time/irish-holidays";
import { findFreeSlots, getSurveySettings } from "./availability.server";
import { closedForHoliday, lastBookableDay, type ChoiceDay } from "./slots";
import type { Db } from "~/db/client.server";

// The day and time chooser of /book and the manage page: seven days at a time (weeks counted from
// today, so the first is never a lone Sunday) up to the owner's horizon (up to 180 days), with the
// weeks before and after it; the chosen day (or the
// first with free times) and its times. A day asked for that cannot be booked is answered with
// words, never silently swapped for another.

type Queryable = Pick<Db, "select">;

export type SlotChoices = {
  /** The first day of the week shown (today, or 7, 14… days on); its days up to the horizon. */
  weekStart: string;
  days: ChoiceDay[];
  /** The day to open for the week before and after, or null at either end of the bookable days. */
  previousWeek: string | null;
  nextWeek: string | null;
  /** Today and the last bookable day (Irish days). */
  firstDay: string;
  lastDay: string;
  /** "Friday 28 May 2027" */
  lastDayLabel: string;
  /** Whether any time at all is free up to the horizon. */
  anyFree: boolean;
  selected: string | null;
  selectedLabel: string;
  times: Array<{ value: string; label: string }>;
};

export type SlotChoicesAnswer = { ok: true; choices: SlotChoices } | { ok: false; message: string };

const dayLabel = new Intl.DateTimeFormat("en-IE", {
  timeZone: "Europe/Dublin",
  weekday: "short",
  day: "numeric",
  month: "short",
});
const dateWithYear = new Intl.DateTimeFormat("en-IE", {
  timeZone: "Europe/Dublin",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
/** Noon on an Irish day: an instant safely inside it, whatever the clocks do that night. */
const noonOf = (day: string) => dublinInstant(day, 12 * 60);

/** Why a day asked for cannot be shown, in words; null when it can. */
export function dayProblem(wanted: string, firstDay: string, lastDay: string, horizonDays: number): string | null {
  if (!isCalendarDay(wanted)) return "Please pick a day written YYYY-MM-DD, such as 2026-03-02.";
  if (wanted < firstDay) return `${dateWithYear.format(noonOf(wanted))} has passed: please pick a day from today on.`;
  if (wanted > lastDay)
    return `Surveys can be booked up to ${horizonDays} days ahead, until ${dateWithYear.format(noonOf(lastDay))}: please pick an earlier day.`;
  return null;
}

/** The chooser at `wanted` (a day that can be booked), or 400's words for one that cannot. */
export async function slotChoices(
  db: Queryable,
  now: Date,
  wanted: string | null,
  exceptBookingId?: number,
): Promise<SlotChoicesAnswer> {
  if (wanted) {
    const settings = await getSurveySettings(db);
    const problem = dayProblem(
      wanted,
      dublinDay(now),
      lastBookableDay(now, settings.horizonDays),
      settings.horizonDays,
    );
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, choices: await weekChoices(db, now, wanted, exceptBookingId) };
}

/** The week holding `wanted` (a bookable day), or the week of the first free time when null. */
export async function weekChoices(
  db: Queryable,
  now: Date,
  wanted: string | null,
  exceptBookingId?: number,
): Promise<SlotChoices> {
  const settings = await getSurveySettings(db);
  const firstDay = dublinDay(now);
  const lastDay = lastBookableDay(now, settings.horizonDays);
  const span = Math.round((noonOf(lastDay).getTime() - noonOf(firstDay).getTime()) / 86_400_000) + 1;
  const slots = await findFreeSlots(db, { from: firstDay, days: span, now, exceptBookingId });
  const byDay = new Map<string, typeof slots>();
  for (const s of slots) {
    const day = dublinDay(s.start);
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const selected = wanted ?? [...byDay.keys()][0] ?? null;
  const daysOn = (day: string) =>
    Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / 86_400_000);
  const weekStart = addDays(firstDay, 7 * Math.floor(daysOn(selected ?? firstDay) / 7));
  const days: ChoiceDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(weekStart, i);
    if (date < firstDay || date > lastDay) continue;
    const holiday = closedForHoliday(date, settings.openHolidays) ? irishHolidayOn(date)?.name : undefined;
    days.push({
      date,
      label: dayLabel.format(noonOf(date)),
      count: byDay.get(date)?.length ?? 0,
      ...(holiday ? { holiday } : {}),
    });
  }
  // Another week opens on its first day with free times (else its first day).
  const opening = (start: string) => {
    for (let day = start; day <= addDays(start, 6) && day <= lastDay; day = addDays(day, 1))
      if (byDay.has(day)) return day;
    return start;
  };
  const next = addDays(weekStart, 7);
  const chosen = selected ? (byDay.get(selected) ?? []) : [];
  return {
    weekStart,
    days,
    previousWeek: weekStart > firstDay ? opening(addDays(weekStart, -7)) : null,
    nextWeek: next <= lastDay ? opening(next) : null,
    firstDay,
    lastDay,
    lastDayLabel: dateWithYear.format(noonOf(lastDay)),
    anyFree: byDay.size > 0,
    selected,
    selectedLabel: selected ? longDate(noonOf(selected)) : "",
    times: chosen.map((s) => ({ value: dublinIso(s.start), label: clockTime(s.start) })),
  };
}
