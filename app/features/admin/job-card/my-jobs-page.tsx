import { data, Link } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { myJobs, myJobsWindow } from "~/features/jobs/card/job-access.server";
import { jobDayWhen } from "~/features/jobs/card/job-dates";
import type { Route } from "./+types/my-jobs-page";
import { JOB_STATUS_LABELS } from "~/features/jobs/job-status";

// "My jobs": the jobs a job day lists the signed-in person on, this week's and next week's first.
// The crew's home in the admin (the dashboard sends them here).

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("My Jobs");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context, "/admin/my-jobs");
  const now = new Date();
  const { from, until } = myJobsWindow(now);
  const jobs = await myJobs(context.services.database.db, user.id, from, until);
  return data(
    {
      jobs: jobs.map((j) => ({
        id: j.id,
        number: j.number,
        title: j.title,
        status: j.status,
        // The whole site address: the town is often the last line, and the crew drive to it.
        place: [...j.site.address, j.site.eircode].filter(Boolean).join(", "),
        soon: j.nextDay !== null && j.nextDay.start < until,
        when: j.nextDay
          ? jobDayWhen(j.nextDay.start, j.nextDay.end)
          : j.lastDay
            ? jobDayWhen(j.lastDay.start, j.lastDay.end)
            : null,
        past: j.nextDay === null,
      })),
    },
    { headers: adminHeaders() },
  );
}

export default function MyJobsPage({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  const soon = jobs.filter((j) => j.soon);
  const later = jobs.filter((j) => !j.soon);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold">My Jobs</h1>
      {jobs.length === 0 && <p className="text-slate-brand">You are not on any job yet.</p>}
      {soon.length > 0 && <JobList heading="This week and next" jobs={soon} />}
      {later.length > 0 && <JobList heading="Other jobs" jobs={later} />}
    </div>
  );
}

function JobList({ heading, jobs }: { heading: string; jobs: Route.ComponentProps["loaderData"]["jobs"] }) {
  return (
    <section aria-label={heading} className="space-y-2">
      <h2 className="text-xl font-bold">{heading}</h2>
      <ul className="divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
        {jobs.map((j) => (
          <li key={j.id}>
            <Link to={`/admin/jobs/${j.id}`} className="block min-h-14 px-4 py-3 hover:bg-mist">
              <span className="block font-semibold">
                <span className="whitespace-nowrap">{j.number}</span> · {j.title || j.place}
              </span>
              <span className="block text-sm text-slate-brand">
                {JOB_STATUS_LABELS[j.status]}
                {j.when && ` · ${j.past ? "Last day" : "Next day"}: ${j.when}`}
              </span>
              {j.title && j.place && <span className="block text-sm text-slate-brand">{j.place}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
