import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobDays, jobDayStaff, jobs, type JobRow } from "~/db/schema";
import { idParam } from "~/api/id-param";
import type { Role } from "~/features/auth/access";
import { addDays, dublinDay, dublinInstant, mondayOf } from "~/features/time/dublin-time";

// Whose job is it: owners and the office see every job; crew only the jobs a job day lists them
// on (job_day_staff). Every crew-reachable call and page asks here, on the server, for the job.

export const NOT_ON_JOB_MESSAGE = "This job is not one of yours: you can open the jobs you are on.";
export const NO_SUCH_JOB_MESSAGE = "There is no job with this number.";

export type JobAccess = { status: "ok"; job: JobRow } | { status: "not-found" } | { status: "forbidden" };

/** Whether any day of the job lists this person. */
export async function isOnJob(db: Db, jobId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(jobDayStaff)
    .innerJoin(jobDays, eq(jobDays.id, jobDayStaff.dayId))
    .where(and(eq(jobDays.jobId, jobId), eq(jobDayStaff.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Whether this person may open the job: owners and the office any job, crew the jobs a day lists them on. */
export async function mayOpenJob(db: Db, jobId: number, user: { id: number; role: Role }): Promise<boolean> {
  if (user.role === "owner" || user.role === "office") return true;
  return user.role === "crew" && (await isOnJob(db, jobId, user.id));
}

/** The job for this signed-in person, or why not. `id` as it came in the path. */
export async function jobFor(db: Db, rawId: unknown, user: { id: number; role: Role }): Promise<JobAccess> {
  const id = idParam(rawId);
  if (id === null) return { status: "not-found" };
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!job) return { status: "not-found" };
  return (await mayOpenJob(db, job.id, user)) ? { status: "ok", job } : { status: "forbidden" };
}

export type MyJob = {
  id: number;
  number: string;
  title: string;
  status: JobRow["status"];
  site: JobRow["site"];
  /** The person's next (or current) day on the job; null when all their days are past. */
  nextDay: { start: Date; end: Date } | null;
  lastDay: { start: Date; end: Date } | null;
};

/**
 * The jobs this person is on, those with a day this week or next first (by that day), then the
 * later ones, then the ones whose days are all past (most recent first). `from` is the start of
 * this week (Monday, Dublin), `until` the end of next week.
 */
export async function myJobs(db: Db, userId: number, from: Date, until: Date): Promise<MyJob[]> {
  const rows = await db
    .select({
      id: jobs.id,
      number: jobs.number,
      title: jobs.title,
      status: jobs.status,
      site: jobs.site,
      start: jobDayStaff.startsAt,
      end: jobDayStaff.endsAt,
    })
    .from(jobDayStaff)
    .innerJoin(jobDays, eq(jobDays.id, jobDayStaff.dayId))
    .innerJoin(jobs, eq(jobs.id, jobDays.jobId))
    .where(eq(jobDayStaff.userId, userId))
    .orderBy(asc(jobDayStaff.startsAt));
  const byJob = new Map<number, MyJob>();
  for (const r of rows) {
    const job = byJob.get(r.id) ?? {
      id: r.id,
      number: r.number,
      title: r.title,
      status: r.status,
      site: r.site,
      nextDay: null,
      lastDay: null,
    };
    if (r.end > from && !job.nextDay) job.nextDay = { start: r.start, end: r.end };
    if (r.end <= from) job.lastDay = { start: r.start, end: r.end };
    byJob.set(r.id, job);
  }
  const soon = (j: MyJob) => (j.nextDay && j.nextDay.start < until ? 0 : j.nextDay ? 1 : 2);
  return [...byJob.values()].sort((a, b) => {
    const group = soon(a) - soon(b);
    if (group !== 0) return group;
    if (a.nextDay && b.nextDay) return a.nextDay.start.getTime() - b.nextDay.start.getTime();
    return (b.lastDay?.start.getTime() ?? 0) - (a.lastDay?.start.getTime() ?? 0);
  });
}

/** This week and next (Dublin): from this Monday's midnight to the Monday after next. */
export function myJobsWindow(now: Date): { from: Date; until: Date } {
  const monday = mondayOf(dublinDay(now));
  return { from: dublinInstant(monday, 0), until: dublinInstant(addDays(monday, 14), 0) };
}
