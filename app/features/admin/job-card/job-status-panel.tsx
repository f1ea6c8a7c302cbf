import { useState } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import type { JobStatus } from "~/db/schema";
import { AskFirstDialog } from "../list/ask-first-dialog";
import { useMutation } from "../list/mutation";
import { JOB_STATUS_LABELS } from "~/features/jobs/job-status";

// Moving a job on, for the office on its card (PUT /api/admin/jobs/{id} { status }, the server's
// rules in job-status.ts): the next step as one button, completing without the client's online
// sign-off and cancelling each asked first (neither can be undone). A job waits for its first
// programme day to be scheduled; the client's sign-off completes a snagging job by itself.

type Step = { to: JobStatus; label: string; hint: string };

const MOVED: Partial<Record<JobStatus, string>> = {
  "in-progress": "Job started",
  snagging: "Moved to snagging",
  complete: "Job completed",
  cancelled: "Job cancelled",
};

const NEXT_STEP: Partial<Record<JobStatus, Step>> = {
  scheduled: { to: "in-progress", label: "Start the job", hint: "Start it when the crew are on site." },
  "in-progress": {
    to: "snagging",
    label: "Move to snagging",
    hint: "When the works are done: the client's page then lists the snags and offers the sign-off.",
  },
};

const WAITING: Partial<Record<JobStatus, string>> = {
  "to-schedule": "Add its first day on the programme: that makes it “Scheduled”.",
  snagging:
    "Waiting for the client to sign it off at their link, which completes it and sends the handover pack. If they signed on paper, complete it here.",
};

/** The two moves that cannot be undone, asked first. */
const ASK = {
  complete: {
    to: "complete",
    title: "Complete this job?",
    action: "Complete job",
    danger: false,
    text: "The job is marked complete without the client's online sign-off, and its card can no longer be changed. No handover pack is sent: ask the client for a review from this card when you are ready.",
  },
  cancel: {
    to: "cancelled",
    title: "Cancel this job?",
    action: "Cancel job",
    danger: true,
    text: "The job is closed and its card can no longer be changed. Its days stay on the programme as they are. A cancelled job cannot be reopened: start a new one if the work goes ahead.",
  },
} as const satisfies Record<string, { to: JobStatus; title: string; action: string; danger: boolean; text: string }>;

export function JobStatusPanel({ jobId, status }: { jobId: number; status: JobStatus }) {
  const { mutate, pending, formError } = useMutation();
  const [asking, setAsking] = useState<keyof typeof ASK | null>(null);
  const next = NEXT_STEP[status];
  const hint = next?.hint ?? WAITING[status];
  const ask = asking ? ASK[asking] : null;

  async function move(to: JobStatus) {
    const done = await mutate(
      "PUT",
      `/api/admin/jobs/${jobId}`,
      { status: to },
      {
        success: { title: MOVED[to] ?? "Status changed", description: `The job is now “${JOB_STATUS_LABELS[to]}”.` },
      },
    );
    if (done.ok) setAsking(null);
  }

  return (
    <section aria-labelledby="job-status-heading" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-navy-900/10">
      <h2 id="job-status-heading" className="text-xl font-bold">
        Status: {JOB_STATUS_LABELS[status]}
      </h2>
      {hint && <p className="text-slate-brand">{hint}</p>}
      <div className="flex flex-wrap gap-3">
        {next && (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => void move(next.to)}>
            {next.label}
          </button>
        )}
        {status === "snagging" && (
          <button type="button" className={buttonClass.light} disabled={pending} onClick={() => setAsking("complete")}>
            Complete without online sign-off
          </button>
        )}
        <button type="button" className={buttonClass.light} disabled={pending} onClick={() => setAsking("cancel")}>
          Cancel job
        </button>
      </div>
      {formError && !asking && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {formError}
        </p>
      )}
      <AskFirstDialog
        open={asking}
        title={ask?.title ?? ""}
        action={ask?.action ?? ""}
        danger={ask?.danger}
        keep="Keep it as it is"
        pending={pending}
        problem={formError}
        onClose={() => setAsking(null)}
        onConfirm={() => ask && void move(ask.to)}
      >
        <p>{ask?.text}</p>
      </AskFirstDialog>
    </section>
  );
}
