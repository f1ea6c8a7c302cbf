import { and, asc, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings, staffAvailability, surveySettings } from "~/db/schema";
import { staffJobDaysBetween } from "~/features/jobs/job-day-rows.server";
import { addDays, DAY_MS, dublinDay, dublinInstant } from "~/features/time/dublin-time";
import {
  candidateSlots,
  DEFAULT_SURVEY_SETTINGS,
  type BusyTime,
  type CandidateSlot,
  type StaffAvailability,
  type SurveySettings,
} from "./slots";

// What the slot rules need from the database: the business's survey settings, each staff member's
// hours, and the surveys already booked around the window asked for.

type Queryable = Pick<Db, "select">;

export async function getSurveySettings(db: Queryable): Promise<SurveySettings> {
  const [row] = await db.select().from(surveySettings).where(eq(surveySettings.id, 1));
  return row
    ? {
        surveyMinutes: row.surveyMinutes,
        bufferMinutes: row.bufferMinutes,
        noticeHours: row.noticeHours,
        horizonDays: row.horizonDays,
        openHolidays: row.openHolidays,
      }
    : DEFAULT_SURVEY_SETTINGS;
}

export async function listAvailability(db: Queryable): Promise<StaffAvailability[]> {
  const rows = await db.select().from(staffAvailability).orderBy(asc(staffAvailability.userId));
  return rows.map((r) => ({ userId: r.userId, surveys: r.surveys, hours: r.hours, daysOff: r.daysOff }));
}

/**
 * Booked surveys overlapping [from, to) (with their buffers), optionally leaving one out, and the
 * days staff are on a job (features/jobs): a surveyor on a job day offers no survey then.
 */
export async function busyBetween(db: Queryable, from: Date, to: Date, exceptId?: number): Promise<BusyTime[]> {
  const jobDays = await staffJobDaysBetween(db, from, to);
  const rows = await db
    .select({ staffId: bookings.staffId, start: bookings.startAt, blockedUntil: bookings.blockedUntil })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "booked"),
        lt(bookings.startAt, to),
        gt(bookings.blockedUntil, from),
        exceptId === undefined ? undefined : ne(bookings.id, exceptId),
      ),
    );
  return [
    ...rows.filter((r): r is BusyTime => r.staffId !== null),
    ...jobDays.map((d) => ({ staffId: d.staffId, start: d.start, blockedUntil: d.end })),
  ];
}

/** Free survey times for Irish days [from, from + days). */
export async function findFreeSlots(
  db: Queryable,
  q: { from: string; days: number; now: Date; exceptBookingId?: number; ignoreBookings?: boolean },
): Promise<CandidateSlot[]> {
  const [settings, staff] = await Promise.all([getSurveySettings(db), listAvailability(db)]);
  // A day either side: a booking's buffer can reach across midnight.
  const windowStart = new Date(dublinInstant(q.from, 0).getTime() - DAY_MS);
  const windowEnd = new Date(dublinInstant(addDays(q.from, q.days), 0).getTime() + DAY_MS);
  const busy = q.ignoreBookings ? [] : await busyBetween(db, windowStart, windowEnd, q.exceptBookingId);
  return candidateSlots({ settings, staff, busy, now: q.now, from: q.from, days: q.days });
}

/**
 * The slot starting at `start`: free (with the staff free for it), offered but taken, or never a
 * survey time at all (not in anyone's hours, before the notice, past the horizon).
 */
export async function slotAt(
  db: Queryable,
  start: Date,
  now: Date,
  exceptBookingId?: number,
): Promise<{ status: "free"; slot: CandidateSlot } | { status: "taken" } | { status: "not-offered" }> {
  const day = dublinDay(start);
  const free = await findFreeSlots(db, { from: day, days: 1, now, exceptBookingId });
  const slot = free.find((s) => s.start.getTime() === start.getTime());
  if (slot) return { status: "free", slot };
  const all = await findFreeSlots(db, { from: day, days: 1, now, ignoreBookings: true });
  return all.some((s) => s.start.getTime() === start.getTime()) ? { status: "taken" } : { status: "not-offered" };
}
