import { formatQuantity } from "./price-list";
import { estimateWhere, formatRange, type StoredEstimate } from "./stored-estimate";

const LABEL = "text-sm font-semibold uppercase tracking-wider text-slate-brand";

/**
 * An instant estimate at a glance: what, how much, where. On the contact form (the estimate a
 * visitor is sending) and in the inbox's enquiry dialog (the estimate a lead came with).
 */
export function EstimateSummary({ estimate, heading }: { estimate: StoredEstimate; heading: string }) {
  const estimated = new Date(estimate.estimatedAt);
  return (
    <section aria-label={heading} className="rounded-lg bg-paper p-4 ring-1 ring-navy-900/10">
      <h3 className={LABEL}>{heading}</h3>
      <p className="mt-1 text-xl font-bold text-navy-900">
        {formatRange(estimate)} <span className="text-base font-medium text-slate-brand">+ VAT</span>
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-[15px] sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-brand">Work</dt>
        <dd>
          {estimate.itemLabel}, {formatQuantity(estimate.quantity, estimate.unit)}
        </dd>
        <dt className="text-slate-brand">Options</dt>
        <dd>{estimate.options.length ? estimate.options.map((o) => o.label).join("; ") : "None"}</dd>
        <dt className="text-slate-brand">Where</dt>
        <dd>{estimateWhere(estimate)}</dd>
        <dt className="text-slate-brand">Estimated</dt>
        <dd>
          <time dateTime={estimate.estimatedAt}>
            {estimated.toLocaleDateString("en-IE", {
              day: "numeric",
              month: "long",
              year: "numeric",
              timeZone: "Europe/Dublin",
            })}
          </time>
        </dd>
      </dl>
    </section>
  );
}
