import { Link } from "react-router";
import type { jobDaysOfWeek } from "~/features/jobs/job-list.server";
import { dayWhen, JobStatusBadge } from "./job-status-badge";

// The job days of one Irish week, grouped by day: the Jobs list's "This week" and the dashboard.

type Week = Awaited<ReturnType<typeof jobDaysOfWeek>>;

const weekday = new Intl.DateTimeFormat("en-IE", {
  timeZone: "Europe/Dublin",
  weekday: "long",
  day: "numeric",
  month: "long",
});

/** The week's job days, grouped by the Irish day they start on. */
export function WeekDays({ week, compact = false }: { week: Week; compact?: boolean }) {
  const byDay = new Map<string, Week["days"]>();
  for (const d of week.days) {
    const label = weekday.format(new Date(d.day.start));
    byDay.set(label, [...(byDay.get(label) ?? []), d]);
  }
  if (week.days.length === 0)
    return <p className="mt-6 rounded-lg bg-mist p-4">No job days this week (Monday to Sunday, Irish time).</p>;
  return (
    <div className={compact ? "mt-4 space-y-4" : "mt-6 space-y-6"}>
      {[...byDay.entries()].map(([label, days]) => (
        <section key={label} aria-label={label}>
          <h2 className="text-lg font-bold">{label}</h2>
          <ul className="mt-2 divide-y divide-navy-900/10 rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
            {days.map((d) => (
              <li key={d.day.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <Link
                    to={`/admin/jobs/${d.jobId}/programme`}
                    className="font-semibold underline-offset-2 hover:underline"
                  >
                    {d.number}
                  </Link>{" "}
                  <span className="text-slate-brand">{d.title}</span>
                  <p className="text-sm">
                    {dayWhen(d.day.start, d.day.end)} · Crew: {d.day.staff.map((s) => s.name).join(", ") || "none"}
                  </p>
                </div>
                <JobStatusBadge status={d.status} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
