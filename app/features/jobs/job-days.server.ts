import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings, jobDays, jobDayStaff, jobs, type JobRow } from "~/db/schema";
import { jobDayWhen } from "./card/job-dates";
import { clashSentence, findClashes, type BusyItem, type Clash } from "./job-clashes";
import { daysOfJob, staffJobDaysBetween, type JobDayView } from "./job-day-rows.server";
import { queueProgrammeChange, type ProgrammeContext } from "./job-programme.server";
import type { JobDayInput } from "./job-schema";
import { firstDayStatus, JOB_STATUS_LABELS, programmeOpen } from "./job-status";
import { existingStaff } from "./jobs.server";
import { lockStaffTime } from "./staff-time-lock.server";

// The programme's days (POST/DELETE /api/admin/jobs/:id/days). A day clashes when one of its crew
// is already on a site survey or another job's day then; staff may still schedule it
// (`allowClash: true`).
//
// Across servers: the check and the insert run under a transaction-scoped advisory lock per staff
// member (lockStaffTime), which a survey booking takes too before it
// claims a surveyor (features/booking/slot-claims.server.ts). So of two requests that would
// double-book someone, on any server, the second waits for the first to commit and then sees it.
// An advisory lock rather than the booking claims table: a job day is hours long, on any staff
// member, and its blocks would need a booking row to belong to.

type Queryable = Pick<Db, "select">;

/** What the staff are already on between start and end: surveys booked and days of live jobs. */
export async function staffBusy(db: Queryable, staffIds: number[], start: Date, end: Date): Promise<BusyItem[]> {
  if (staffIds.length === 0) return [];
  const [surveys, days] = await Promise.all([
    db
      .select({ id: bookings.id, staffId: bookings.staffId, start: bookings.startAt, end: bookings.endAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          inArray(bookings.staffId, staffIds),
          lt(bookings.startAt, end),
          gt(bookings.endAt, start),
        ),
      ),
    staffJobDaysBetween(db, start, end, staffIds),
  ]);
  return [
    ...surveys.map((s) => ({
      kind: "survey" as const,
      staffId: s.staffId!,
      start: s.start,
      end: s.end,
      bookingId: s.id,
    })),
    ...days.map((d) => ({
      kind: "job-day" as const,
      staffId: d.staffId,
      start: d.start,
      end: d.end,
      dayId: d.dayId,
      jobId: d.jobId,
      jobNumber: d.jobNumber,
    })),
  ];
}

export type ClashView = {
  staff: { id: number; name: string };
  kind: "survey" | "job-day";
  start: Date;
  end: Date;
  bookingId: number | null;
  jobId: number | null;
  jobNumber: string | null;
  message: string;
};

const clashView = (c: Clash): ClashView => ({
  staff: { id: c.staffId, name: c.staffName },
  kind: c.kind,
  start: c.start,
  end: c.end,
  bookingId: c.kind === "survey" ? c.bookingId : null,
  jobId: c.kind === "job-day" ? c.jobId : null,
  jobNumber: c.kind === "job-day" ? c.jobNumber : null,
  message: clashSentence(c, jobDayWhen),
});

export type AddDayResult =
  | { status: "ok"; day: JobDayView; job: JobRow; clashes: ClashView[]; emailed: boolean }
  | { status: "not-found" }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "closed"; message: string }
  | { status: "clash"; message: string; clashes: ClashView[] };

const closedMessage = (job: JobRow) =>
  `Job ${job.number} is ${JOB_STATUS_LABELS[job.status].toLowerCase()}: its programme can no longer change.`;

export async function addJobDay(
  db: Db,
  ctx: ProgrammeContext,
  jobId: number,
  input: JobDayInput,
  now = new Date(),
): Promise<AddDayResult> {
  return db.transaction(async (tx): Promise<AddDayResult> => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!job) return { status: "not-found" };
    if (!programmeOpen(job.status)) return { status: "closed", message: closedMessage(job) };
    const ids = [...new Set(input.staffIds)];
    const staff = await existingStaff(tx, ids);
    const missing = ids.filter((id) => !staff.some((s) => s.id === id));
    if (missing.length)
      return {
        status: "invalid",
        errors: { staffIds: `No member of staff with id ${missing.join(", ")}: choose from the staff list` },
      };
    await lockStaffTime(tx, ids);
    const clashes = findClashes(
      { start: input.start, end: input.end, staff },
      await staffBusy(tx, ids, input.start, input.end),
    ).map(clashView);
    if (clashes.length && !input.allowClash)
      return {
        status: "clash",
        message: `${clashes.map((c) => c.message).join("; ")}. Choose other staff or times, or schedule it anyway.`,
        clashes,
      };
    const [day] = await tx
      .insert(jobDays)
      .values({ jobId, startsAt: input.start, endsAt: input.end, note: input.note })
      .returning();
    await tx
      .insert(jobDayStaff)
      .values(ids.map((userId) => ({ dayId: day!.id, userId, startsAt: input.start, endsAt: input.end })));
    const [updated] = await tx
      .update(jobs)
      .set({ status: firstDayStatus(job.status), updatedAt: now })
      .where(eq(jobs.id, jobId))
      .returning();
    const view: JobDayView = {
      id: day!.id,
      start: day!.startsAt,
      end: day!.endsAt,
      note: day!.note,
      staff: [...staff].sort((a, b) => a.name.localeCompare(b.name)),
    };
    const emailed = await queueProgrammeChange(tx, ctx, updated!, "added", view, now);
    return { status: "ok", day: view, job: updated!, clashes, emailed };
  });
}

export type RemoveDayResult =
  | { status: "ok"; day: JobDayView; job: JobRow; emailed: boolean }
  | { status: "not-found" }
  | { status: "closed"; message: string };

/**
 * DELETE /api/admin/jobs/:id/days/:dayId. A scheduled job whose last day goes is back to "to-schedule"
 * (it shows again under the dashboard's jobs to schedule).
 */
export async function removeJobDay(
  db: Db,
  ctx: ProgrammeContext,
  jobId: number,
  dayId: number,
  now = new Date(),
): Promise<RemoveDayResult> {
  return db.transaction(async (tx): Promise<RemoveDayResult> => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!job) return { status: "not-found" };
    const day = (await daysOfJob(tx, jobId)).find((d) => d.id === dayId);
    if (!day) return { status: "not-found" };
    if (!programmeOpen(job.status)) return { status: "closed", message: closedMessage(job) };
    await tx.delete(jobDays).where(eq(jobDays.id, dayId));
    const left = await tx.$count(jobDays, eq(jobDays.jobId, jobId));
    const [updated] = await tx
      .update(jobs)
      .set({ status: left === 0 && job.status === "scheduled" ? "to-schedule" : job.status, updatedAt: now })
      .where(eq(jobs.id, jobId))
      .returning();
    const emailed = await queueProgrammeChange(tx, ctx, updated!, "removed", day, now);
    return { status: "ok", day, job: updated!, emailed };
  });
}
