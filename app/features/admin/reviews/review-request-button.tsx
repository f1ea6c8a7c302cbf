import { useId } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { formatMoment } from "~/features/quotes/quote-dates";
import { requestGapStart, type ReviewRequestView } from "~/features/reviews/review-rules";
import { useMutation } from "../list/mutation";

// "Ask for a review" (issue 39), on a completed job's card and on its client's page: where the
// client's last request stands, and a button that sends one (POST /api/admin/jobs/:id/review-request;
// the server refuses a second within six months, for any of the client's jobs, and says when).

function requestState(r: ReviewRequestView): string {
  const sent = `Review requested ${formatMoment(new Date(r.sentAt))}`;
  if (r.answeredAt) return `${sent}: answered ${formatMoment(new Date(r.answeredAt))}.`;
  if (r.declinedAt) return `${sent}: the client said no thanks.`;
  const reminders = r.reminders === 0 ? "" : `, ${r.reminders} ${r.reminders === 1 ? "reminder" : "reminders"} sent`;
  return `${sent}${r.openedAt ? ", opened" : ", not opened yet"}${reminders}.`;
}

export function ReviewRequestButton({ jobId, latest }: { jobId: number; latest: ReviewRequestView | null }) {
  const { mutate, pending, formError } = useMutation();
  // One request per client in six months (the server's rule, review-rules.ts): say so, not a 409.
  const tooSoon = latest !== null && new Date(latest.sentAt) > requestGapStart(new Date());
  const gapId = useId();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-brand">
        {latest ? requestState(latest) : "This client has not been asked for a review yet."}
      </p>
      <button
        type="button"
        className={buttonClass.light}
        disabled={pending || tooSoon}
        aria-describedby={tooSoon ? gapId : undefined}
        onClick={() =>
          void mutate("POST", `/api/admin/jobs/${jobId}/review-request`, undefined, {
            success: { title: "Review request sent", description: "The client has been e-mailed a review request." },
          })
        }
      >
        Ask for a review
      </button>
      {tooSoon && (
        <p id={gapId} className="text-sm text-slate-brand">
          A client is asked for a review at most once in six months, whichever of their jobs it is for.
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {formError}
        </p>
      )}
    </div>
  );
}
