import type { JobStatus } from "~/db/schema";
import { JOB_STATUS_LABELS } from "~/features/jobs/job-status";
import { jobDayWhen } from "~/features/jobs/card/job-dates";

// A job's status as a small pill: the Jobs list, the programme page and the dashboard.

const COLOURS: Record<JobStatus, string> = {
  "to-schedule": "bg-amber-100 text-amber-900",
  scheduled: "bg-sky-100 text-sky-900",
  "in-progress": "bg-violet-100 text-violet-900",
  snagging: "bg-orange-100 text-orange-900",
  complete: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ${COLOURS[status]}`}>
      {JOB_STATUS_LABELS[status]}
    </span>
  );
}

/** "Monday 30 March 2026, 8:00–17:00" in Irish time (a night shift ends on the next day's time). */
export const dayWhen = (start: string | Date, end: string | Date) => jobDayWhen(new Date(start), new Date(end));
