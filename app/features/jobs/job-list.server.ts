import { and, asc, count, desc, eq, exists, gt, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { containing } from "~/db/sql-conditions";
import type { Db } from "~/db/client.server";
import { clients, jobDays, jobs, jobSearchText, type JobSite, type JobStatus } from "~/db/schema";
import { addDays, dublinDay, dublinInstant, mondayOf } from "~/features/time/dublin-time";
import { daysOfJobs, type JobDayView } from "./job-day-rows.server";

// The Jobs list (GET /api/admin/jobs and /admin/jobs) and the dashboard's two blocks.

type Queryable = Pick<Db, "select" | "$count">;

export const JOBS_PAGE_SIZE = 50;

export type JobListItem = {
  id: number;
  number: string;
  status: JobStatus;
  title: string;
  clientId: number;
  clientName: string;
  site: JobSite;
  valueCents: number;
  /** The job's days in time order (the list shows the next one). */
  days: JobDayView[];
  createdAt: Date;
};

export type JobListQuery = {
  status?: JobStatus;
  /** Irish calendar days: jobs with a day overlapping [from 00:00, to 24:00). */
  from?: string;
  to?: string;
  /** A job number or part of the title, the client's name or company, or the site's address or Eircode. */
  q?: string;
  page?: number;
};

export async function listJobs(db: Queryable, query: JobListQuery): Promise<{ items: JobListItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(jobs.status, query.status));
  if (query.from || query.to) {
    const from = query.from ? dublinInstant(query.from, 0) : null;
    const to = query.to ? dublinInstant(addDays(query.to, 1), 0) : null;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(jobDays)
          .where(
            and(
              eq(jobDays.jobId, jobs.id),
              to ? lt(jobDays.startsAt, to) : undefined,
              from ? gt(jobDays.endsAt, from) : undefined,
            ),
          ),
      ),
    );
  }
  const q = query.q?.trim();
  if (q) {
    const like = containing(q);
    // The job's number, title and site (address lines and Eircode) through jobs_search_idx, or its
    // client's name or company: the clients matching are looked up once, and their jobs through
    // jobs_client_idx. Matching each joined row's six fields instead took 50–80 ms at 10,000 jobs.
    const clientsMatching = db
      .select({ id: clients.id })
      .from(clients)
      .where(or(ilike(clients.name, like), ilike(clients.company, like)));
    conditions.push(or(ilike(jobSearchText(jobs), like), sql`${jobs.clientId} = any(array(${clientsMatching}))`)!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, query.page ?? 1);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        number: jobs.number,
        status: jobs.status,
        title: jobs.title,
        clientId: jobs.clientId,
        clientName: clients.name,
        clientCompany: clients.company,
        site: jobs.site,
        valueCents: jobs.valueCents,
        createdAt: jobs.createdAt,
      })
      .from(jobs)
      .innerJoin(clients, eq(clients.id, jobs.clientId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(JOBS_PAGE_SIZE)
      .offset((page - 1) * JOBS_PAGE_SIZE),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  const days = await daysOfJobs(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map(({ clientCompany, clientName, ...r }) => ({
      ...r,
      clientName: clientCompany ? `${clientName} (${clientCompany})` : clientName,
      days: days.get(r.id)!,
    })),
    total: totalRow?.n ?? 0,
  };
}

/** The Irish week (Monday to Sunday) holding `now`, as calendar days. */
export function weekOf(now: Date): { from: string; to: string } {
  const from = mondayOf(dublinDay(now));
  return { from, to: addDays(from, 6) };
}

export type WeekJobDay = { jobId: number; number: string; title: string; status: JobStatus; day: JobDayView };

/** Every job day in the Irish week of `now`, in time order (cancelled jobs left out). */
export async function jobDaysOfWeek(
  db: Queryable,
  now: Date,
): Promise<{ from: string; to: string; days: WeekJobDay[] }> {
  const week = weekOf(now);
  const rows = await db
    .select({ id: jobs.id, number: jobs.number, title: jobs.title, status: jobs.status })
    .from(jobs)
    .where(
      and(
        sql`${jobs.status} <> 'cancelled'`,
        exists(
          db
            .select({ one: sql`1` })
            .from(jobDays)
            .where(
              and(
                eq(jobDays.jobId, jobs.id),
                lt(jobDays.startsAt, dublinInstant(addDays(week.to, 1), 0)),
                gt(jobDays.endsAt, dublinInstant(week.from, 0)),
              ),
            ),
        ),
      ),
    );
  const byJob = await daysOfJobs(
    db,
    rows.map((r) => r.id),
  );
  const start = dublinInstant(week.from, 0).getTime();
  const end = dublinInstant(addDays(week.to, 1), 0).getTime();
  const days = rows
    .flatMap((r) =>
      byJob
        .get(r.id)!
        .filter((d) => d.start.getTime() < end && d.end.getTime() > start)
        .map((day) => ({ jobId: r.id, number: r.number, title: r.title, status: r.status, day })),
    )
    .sort((a, b) => a.day.start.getTime() - b.day.start.getTime());
  return { ...week, days };
}

/** Jobs waiting for their first day, oldest first (the dashboard's "Jobs to schedule"). */
export async function jobsToSchedule(db: Queryable, limit = 8) {
  const [items, total] = await Promise.all([
    db
      .select({
        id: jobs.id,
        number: jobs.number,
        title: jobs.title,
        valueCents: jobs.valueCents,
        createdAt: jobs.createdAt,
      })
      .from(jobs)
      .where(eq(jobs.status, "to-schedule"))
      .orderBy(asc(jobs.createdAt), asc(jobs.id))
      .limit(limit),
    db.$count(jobs, eq(jobs.status, "to-schedule")),
  ]);
  return { items, total };
}
