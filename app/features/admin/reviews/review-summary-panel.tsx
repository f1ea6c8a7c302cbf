import type { ReviewSummary } from "~/features/reviews/review-rules";

// The testimonials page's panel (issue 39): how the review requests are doing.

const en = (n: number) => n.toLocaleString("en-IE");

export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  const figures = [
    { label: "Review requests sent", value: en(summary.sent) },
    { label: "Opened", value: en(summary.opened) },
    { label: "Answered", value: en(summary.answered) },
    { label: "Average stars", value: summary.averageStars === null ? "None yet" : summary.averageStars.toFixed(1) },
  ];
  return (
    <section aria-labelledby="review-summary-heading" className="mt-4">
      <h2 id="review-summary-heading" className="text-base font-semibold">
        Review requests
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-white p-3 ring-1 ring-navy-900/10">
            <dt className="text-sm text-slate-brand">{f.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
