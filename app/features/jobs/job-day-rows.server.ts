import { and, asc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import { jobDays, jobDayStaff, jobs, users } from "~/db/schema";

// Reading the programme: a job's days with their crew, and who is on a job day in a time window
// (clash checks, survey slots, calendar feeds). Cancelled jobs hold nobody's time.

type Queryable = Pick<Db, "select">;

export type JobDayView = {
  id: number;
  start: Date;
  end: Date;
  staff: Array<{ id: number; name: string }>;
  note: string;
};

/** The days of the given jobs, in time order, each with its crew (by name). */
export async function daysOfJobs(db: Queryable, jobIds: number[]): Promise<Map<number, JobDayView[]>> {
  const out = new Map<number, JobDayView[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return out;
  const days = await db
    .select()
    .from(jobDays)
    .where(inArray(jobDays.jobId, jobIds))
    .orderBy(asc(jobDays.startsAt), asc(jobDays.id));
  const crew =
    days.length === 0
      ? []
      : await db
          .select({ dayId: jobDayStaff.dayId, id: users.id, name: staffNameSql })
          .from(jobDayStaff)
          .innerJoin(users, eq(users.id, jobDayStaff.userId))
          .where(
            inArray(
              jobDayStaff.dayId,
              days.map((d) => d.id),
            ),
          )
          .orderBy(asc(staffNameSql));
  for (const day of days)
    out.get(day.jobId)!.push({
      id: day.id,
      start: day.startsAt,
      end: day.endsAt,
      note: day.note,
      staff: crew.filter((c) => c.dayId === day.id).map(({ id, name }) => ({ id, name })),
    });
  return out;
}

export async function daysOfJob(db: Queryable, jobId: number): Promise<JobDayView[]> {
  return (await daysOfJobs(db, [jobId])).get(jobId)!;
}

export type StaffJobDay = {
  staffId: number;
  start: Date;
  end: Date;
  dayId: number;
  jobId: number;
  jobNumber: string;
  title: string;
  site: { address: string[]; eircode: string };
  note: string;
};

/** Job days of live jobs overlapping [from, to), per staff member (all staff, or those given). */
export async function staffJobDaysBetween(
  db: Queryable,
  from: Date,
  to: Date,
  staffIds?: number[],
): Promise<StaffJobDay[]> {
  if (staffIds?.length === 0) return [];
  return db
    .select({
      staffId: jobDayStaff.userId,
      start: jobDayStaff.startsAt,
      end: jobDayStaff.endsAt,
      dayId: jobDayStaff.dayId,
      jobId: jobs.id,
      jobNumber: jobs.number,
      title: jobs.title,
      site: jobs.site,
      note: jobDays.note,
    })
    .from(jobDayStaff)
    .innerJoin(jobDays, eq(jobDays.id, jobDayStaff.dayId))
    .innerJoin(jobs, eq(jobs.id, jobDays.jobId))
    .where(
      and(
        lt(jobDayStaff.startsAt, to),
        gt(jobDayStaff.endsAt, from),
        ne(jobs.status, "cancelled"),
        staffIds ? inArray(jobDayStaff.userId, staffIds) : undefined,
      ),
    )
    .orderBy(asc(jobDayStaff.startsAt));
}
