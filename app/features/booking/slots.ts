import {
  addDays,
  DAY_MS,
  dublinDay,
  dublinInstant,
  dublinOffsetMinutes,
  minutesOf,
  mondayOf,
  weekdayOf,
} from "~/features/time/dublin-time";
import { irishHolidayOn } from "~/features/time/irish-holidays";

const wallMinutes = (instant: Date) => {
  const local = instant.getTime() / 60_000 + dublinOffsetMinutes(instant);
  return ((local % 1440) + 1440) % 1440;
};

// Which site-survey times are free: pure, so the rules (hours, buffer, notice, horizon, days off,
// clock changes) are tested without a database. The database still has the last word on a booking
// (booking_claims), because two visitors can see the same free time at once. Irish public
// holidays are closed unless the owner opened that date.

export type SurveySettings = {
  surveyMinutes: number;
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
  /** Public holidays ("YYYY-MM-DD") opened for surveys; every other public holiday offers none. */
  openHolidays: string[];
};

export const DEFAULT_SURVEY_SETTINGS: SurveySettings = {
  surveyMinutes: 60,
  bufferMinutes: 30,
  noticeHours: 24,
  horizonDays: 28,
  openHolidays: [],
};

/** One day of the chooser (slot-choices.server.ts). */
export type ChoiceDay = {
  date: string;
  /** "Tue 3 Mar" */
  label: string;
  /** Free times that day (0: none). */
  count: number;
  /** The public holiday it is, when closed for it. */
  holiday?: string;
};

/** The last Irish day a visitor may book: the horizon counts from now. */
export const lastBookableDay = (now: Date, horizonDays: number): string =>
  dublinDay(new Date(now.getTime() + horizonDays * DAY_MS));

/** Whether a day is a public holiday the owner has not opened. */
export const closedForHoliday = (day: string, openHolidays: ReadonlyArray<string>): boolean =>
  irishHolidayOn(day) !== undefined && !openHolidays.includes(day);

import type { WeekHours } from "~/db/column-types";

export type { WeekHours };

export type StaffAvailability = {
  userId: number;
  surveys: boolean;
  hours: WeekHours;
  /** Irish calendar days, "YYYY-MM-DD". */
  daysOff: string[];
};

/** A booking that holds a staff member: from its start until its end plus the buffer after it. */
export type BusyTime = { staffId: number; start: Date; blockedUntil: Date };

export type CandidateSlot = { start: Date; end: Date; staffIds: number[] };

export type SlotQuery = {
  settings: SurveySettings;
  staff: StaffAvailability[];
  busy: BusyTime[];
  now: Date;
  /** First Irish day to list, and how many days. */
  from: string;
  days: number;
};

/**
 * Survey times within each range of a staff member's hours on a day: from the range's start, one
 * survey plus its buffer apart, each ending within the range (the buffer after the last may not).
 */
export function dayStarts(day: string, ranges: Array<[string, string]>, settings: SurveySettings): Date[] {
  const step = settings.surveyMinutes + settings.bufferMinutes;
  const starts: Date[] = [];
  for (const [from, to] of ranges) {
    const end = minutesOf(to);
    for (let m = minutesOf(from); m + settings.surveyMinutes <= end; m += step) {
      const start = dublinInstant(day, m);
      // A time the spring change skips is not offered (the clocks never show it).
      if (dublinDay(start) === day && wallMinutes(start) === m) starts.push(start);
    }
  }
  return starts;
}

/** Whether a survey at [start, end) keeps clear of a booking and both buffers. */
export function clashes(start: Date, end: Date, busy: BusyTime, bufferMinutes: number): boolean {
  return start < busy.blockedUntil && busy.start.getTime() < end.getTime() + bufferMinutes * 60_000;
}

/**
 * Every free survey time in the window, with the staff members free for it; the same time offered
 * by several staff is one slot. Not on a public holiday the owner left closed; only staff who do
 * surveys; not on a day off; not before the minimum notice; not past the horizon; not clashing
 * with a booking (plus buffer) of that staff member.
 */
export function candidateSlots(q: SlotQuery): CandidateSlot[] {
  const { settings, now } = q;
  const earliest = now.getTime() + settings.noticeHours * 3_600_000;
  const latest = now.getTime() + settings.horizonDays * DAY_MS;
  const survey = settings.surveyMinutes * 60_000;
  const byStart = new Map<number, CandidateSlot>();
  for (let i = 0; i < q.days; i++) {
    const day = addDays(q.from, i);
    if (closedForHoliday(day, settings.openHolidays)) continue;
    const weekday = weekdayOf(day);
    for (const person of q.staff) {
      if (!person.surveys || person.daysOff.includes(day)) continue;
      const busy = q.busy.filter((b) => b.staffId === person.userId);
      for (const start of dayStarts(day, person.hours[weekday] ?? [], settings)) {
        const end = new Date(start.getTime() + survey);
        if (start.getTime() < earliest || start.getTime() > latest) continue;
        if (busy.some((b) => clashes(start, end, b, settings.bufferMinutes))) continue;
        const slot = byStart.get(start.getTime());
        if (slot) slot.staffIds.push(person.userId);
        else byStart.set(start.getTime(), { start, end, staffIds: [person.userId] });
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Who gets a booking at a free time: the staff member with the fewest surveys that Irish week (then
 * the fewest in all, then the lowest id, so the choice is stable); the rest follow as fallbacks in
 * case another booking takes the first one's time at the same moment.
 */
export function rankStaff(
  staffIds: number[],
  start: Date,
  bookings: Array<{ staffId: number; start: Date }>,
): number[] {
  const week = mondayOf(dublinDay(start));
  const weekEnd = addDays(week, 7);
  const count = (id: number) =>
    bookings.filter((b) => {
      const day = dublinDay(b.start);
      return b.staffId === id && day >= week && day < weekEnd;
    }).length;
  return [...staffIds].sort((a, b) => count(a) - count(b) || a - b);
}
