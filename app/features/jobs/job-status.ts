import type { JobStatus } from "~/db/schema";

// A job's status rules, pure (tested alone): to-schedule → scheduled → in-progress → snagging →
// complete, and cancelled from anything not complete. The first day on the programme makes a
// job "scheduled" (firstDayStatus); staff move it on from there (PUT /api/admin/jobs/:id).

/** The statuses in their order (the schema's list, without importing the table into the browser). */
export const JOB_STATUSES = [
  "to-schedule",
  "scheduled",
  "in-progress",
  "snagging",
  "complete",
  "cancelled",
] as const satisfies ReadonlyArray<JobStatus>;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  "to-schedule": "To schedule",
  scheduled: "Scheduled",
  "in-progress": "In progress",
  snagging: "Snagging",
  complete: "Complete",
  cancelled: "Cancelled",
};

const NEXT: Record<JobStatus, JobStatus | null> = {
  "to-schedule": "scheduled",
  scheduled: "in-progress",
  "in-progress": "snagging",
  snagging: "complete",
  complete: null,
  cancelled: null,
};

export type StatusMove = { ok: true } | { ok: false; message: string };

/** Whether a job may move from `from` to `to`; `hasDays`: its programme has at least one day. */
export function checkStatusMove(from: JobStatus, to: JobStatus, hasDays: boolean): StatusMove {
  if (from === to) return { ok: true };
  const label = (s: JobStatus) => `“${JOB_STATUS_LABELS[s]}”`;
  if (from === "complete") return { ok: false, message: `This job is complete: its status can no longer change.` };
  if (from === "cancelled")
    return { ok: false, message: `This job was cancelled: its status can no longer change. Start a new job instead.` };
  if (to === "cancelled") return { ok: true };
  if (NEXT[from] !== to) {
    const next = NEXT[from]!;
    return {
      ok: false,
      message: `A job cannot go from ${label(from)} to ${label(to)}: from ${label(from)} it moves on to ${label(next)} (or is cancelled).`,
    };
  }
  if (to === "scheduled" && !hasDays)
    return { ok: false, message: "Add a day to the job's programme first: that makes it “Scheduled”." };
  return { ok: true };
}

/** The status after a day is added: a job waiting to be scheduled is scheduled; others keep theirs. */
export const firstDayStatus = (status: JobStatus): JobStatus => (status === "to-schedule" ? "scheduled" : status);

/** Whether the programme may still change (days added or removed). */
export const programmeOpen = (status: JobStatus) => status !== "complete" && status !== "cancelled";
