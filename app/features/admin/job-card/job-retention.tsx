import type { RetentionView } from "~/features/invoices/retention.server";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";

// The retention on a job, on its card for the office (issue 38): what is held back now and the two
// halves, each with its release date (half at completion, half after the defects period) and
// whether its retention invoice has been raised. Staff are e-mailed on each date as well.

const HALVES = { completion: "Half at completion", defects: "Half after the defects period" } as const;

export function JobRetention({ retention }: { retention: RetentionView }) {
  return (
    <section aria-labelledby="retention-heading" className="space-y-2">
      <h2 id="retention-heading" className="text-xl font-bold">
        Retention
      </h2>
      <p>
        <span className="font-semibold">Held:</span>{" "}
        <span className="tabular-nums">{formatCents(retention.heldCents)}</span> before VAT
      </p>
      <ul className="divide-y divide-mist rounded-lg bg-white ring-1 ring-navy-900/10" aria-label="Retention releases">
        {retention.releases.map((half) => (
          <li key={half.release} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div>
              <p className="font-semibold">
                {HALVES[half.release]}: <span className="tabular-nums">{formatCents(half.amountCents)}</span>
              </p>
              <p className="text-sm text-slate-brand">
                {half.dueOn ? `Due ${formatDay(half.dueOn)}` : "Due once the job is complete"}
              </p>
            </div>
            <span className="text-sm font-semibold">
              {half.invoicedId !== null ? "Invoice raised" : "Not invoiced yet"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
