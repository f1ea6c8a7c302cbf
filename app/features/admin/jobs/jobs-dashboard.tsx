import { Link } from "react-router";
import type { jobDaysOfWeek, jobsToSchedule } from "~/features/jobs/job-list.server";
import { formatCents } from "~/features/quotes/quote-totals";
import { WeekDays } from "./job-week-days";
import { formatDate } from "~/features/time/irish-format";

// The dashboard's two job blocks (office and owner): jobs waiting for their first day, oldest
// first, and this week's job days.

export type JobsDashboardData = {
  toSchedule: Awaited<ReturnType<typeof jobsToSchedule>>;
  week: Awaited<ReturnType<typeof jobDaysOfWeek>>;
};

export function JobsDashboard({ data }: { data: JobsDashboardData }) {
  const { toSchedule, week } = data;
  return (
    <div className="mt-10 grid gap-6 xl:grid-cols-2">
      <section aria-labelledby="jobs-to-schedule" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="jobs-to-schedule" className="text-xl font-bold">
            Jobs to schedule
          </h2>
          <Link to="/admin/jobs?status=to-schedule" className="btn-outline !min-h-10 text-sm">
            All {toSchedule.total} to schedule
          </Link>
        </div>
        {toSchedule.items.length === 0 ? (
          <p className="mt-4 text-slate-brand">Every job has a day on its programme.</p>
        ) : (
          <ul className="mt-4 divide-y divide-navy-900/10">
            {toSchedule.items.map((j) => (
              <li key={j.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link
                    to={`/admin/jobs/${j.id}/programme`}
                    className="font-semibold underline-offset-2 hover:underline"
                  >
                    {j.number}
                  </Link>{" "}
                  <span className="text-slate-brand">{j.title}</span>
                  <p className="text-sm text-slate-brand">
                    Since {formatDate(j.createdAt)} · {formatCents(j.valueCents)} net
                  </p>
                </div>
                <Link to={`/admin/jobs/${j.id}/programme`} className="btn-dark !min-h-10 text-sm">
                  Schedule<span className="sr-only"> {j.number}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="jobs-this-week" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="jobs-this-week" className="text-xl font-bold">
            This week&apos;s job days
          </h2>
          <Link to="/admin/jobs?view=week" className="btn-outline !min-h-10 text-sm">
            Open the week
          </Link>
        </div>
        <WeekDays week={week} compact />
      </section>
    </div>
  );
}
