// The Availability screen's rules (zod/mini: the page checks with it too). Times are Irish
// wall-clock "HH:MM" on a 5-minute grid (the booking claims are 5-minute blocks); a day's ranges
// must not overlap. Errors are named by their full path, e.g. "staff.0.hours.mon.0".
import * as z from "zod/mini";
import { isCalendarDay, minutesOf, WEEKDAYS } from "~/features/time/dublin-time";
import { irishHolidayOn } from "~/features/time/irish-holidays";

export const AVAILABILITY_LIMITS = {
  surveyMinutes: [15, 480],
  bufferMinutes: [0, 240],
  noticeHours: [0, 720],
  horizonDays: [1, 180],
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

const whole = (name: string, [min, max]: readonly [number, number], step = 1) =>
  z.number({ error: `${name} must be a whole number from ${min} to ${max}` }).check(
    z.int(`${name} must be a whole number from ${min} to ${max}`),
    z.gte(min, `${name} must be a whole number from ${min} to ${max}`),
    z.lte(max, `${name} must be a whole number from ${min} to ${max}`),
    z.refine((n) => n % step === 0, `${name} must be a multiple of ${step} minutes`),
  );

const rangeMessage = 'Each range is a start and an end time, such as ["09:00", "17:00"], on a 5-minute step';

const Range = z
  .tuple([z.string({ error: rangeMessage }), z.string({ error: rangeMessage })], { error: rangeMessage })
  .check(
    z.refine(
      ([from, to]) =>
        TIME.test(from) &&
        TIME.test(to) &&
        minutesOf(from) % 5 === 0 &&
        minutesOf(to) % 5 === 0 &&
        minutesOf(from) < minutesOf(to),
      rangeMessage,
    ),
  );

const DayRanges = z.array(Range, { error: "Each day is a list of time ranges" }).check(
  z.maxLength(6, "At most 6 ranges a day"),
  z.refine((ranges) => {
    const sorted = ranges
      .filter(([a, b]) => TIME.test(a) && TIME.test(b))
      .map(([a, b]) => [minutesOf(a), minutesOf(b)] as const)
      .sort((x, y) => x[0] - y[0]);
    return sorted.every((r, i) => i === 0 || r[0] >= sorted[i - 1]![1]);
  }, "A day's ranges must not overlap"),
);

const Hours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, DayRanges])) as Record<(typeof WEEKDAYS)[number], typeof DayRanges>,
  { error: "hours needs mon, tue, wed, thu, fri, sat and sun" },
);

export const StaffAvailabilitySchema = z.object({
  userId: z
    .number({ error: "userId must be a user's id" })
    .check(z.int("userId must be a user's id"), z.positive("userId must be a user's id")),
  surveys: z.boolean({ error: "surveys must be true or false" }),
  hours: Hours,
  daysOff: z
    .array(z.string().check(z.refine(isCalendarDay, "A day off is a date written YYYY-MM-DD")), {
      error: "daysOff is a list of dates written YYYY-MM-DD",
    })
    .check(z.maxLength(400, "At most 400 days off")),
});

export const AvailabilitySchema = z.object({
  surveyMinutes: whole("Survey length", AVAILABILITY_LIMITS.surveyMinutes, 5),
  bufferMinutes: whole("Buffer", AVAILABILITY_LIMITS.bufferMinutes, 5),
  noticeHours: whole("Minimum notice", AVAILABILITY_LIMITS.noticeHours),
  horizonDays: whole("Horizon", AVAILABILITY_LIMITS.horizonDays),
  // Left out: the holidays opened so far stay as they are.
  openHolidays: z.optional(
    z
      .array(
        z
          .string()
          .check(
            z.refine(
              (d) => isCalendarDay(d) && irishHolidayOn(d) !== undefined,
              "Only an Irish public holiday, written YYYY-MM-DD, can be opened",
            ),
          ),
        { error: "openHolidays is a list of dates written YYYY-MM-DD" },
      )
      .check(z.maxLength(100, "At most 100 opened holidays")),
  ),
  staff: z
    .array(StaffAvailabilitySchema, { error: "staff must be a list" })
    .check(
      z.refine(
        (staff) => new Set(staff.map((s) => s.userId)).size === staff.length,
        "Each staff member may appear once",
      ),
    ),
});

export type AvailabilityInput = z.infer<typeof AvailabilitySchema>;

/** The first message for each path, joined with dots: { "staff.0.hours.mon.0": "…" }. */
export function availabilityErrors(values: unknown): Record<string, string> {
  const parsed = AvailabilitySchema.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    out[key] ??= issue.message;
  }
  return out;
}
