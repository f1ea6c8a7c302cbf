import { buttonClass } from "~/components/ui/button-styles";
import { formatMoment } from "~/features/quotes/quote-dates";
import type { ReviewRequestView } from "~/features/reviews/review-rules";
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
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-brand">
        {latest ? requestState(latest) : "This client has not been asked for a review yet."}
      </p>
      <button
        type="button"
        className={buttonClass.light}
        disabled={pending}
        onClick={() =>
          void mutate("POST", `/api/admin/jobs/${jobId}/review-request`, undefined, {
            success: { title: "Review request sent", description: "The client has been e-mailed a review request." },
          })
        }
      >
        Ask for a review
      </button>
      {formError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {formError}
        </p>
      )}
    </div>
  );
}
