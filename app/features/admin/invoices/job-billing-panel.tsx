import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import type { JobBilling } from "~/features/invoices/job-billing.server";
import type { InvoiceView } from "~/features/invoices/invoice-view";
import { formatCents } from "~/features/quotes/quote-totals";
import { useMutation } from "../list/mutation";
import { LinesDialog } from "./invoice-dialogs";
import { documentName, DOCUMENT_KIND_LABELS, invoiceStatusLabel, irishDate } from "./invoice-format";
import { signedGross } from "~/features/invoices/invoice-format";

// The job card's "Billing" panel (issue 38), for the office and owners: the schedule the client
// accepted, what has been billed, the job's invoices and credit notes, and the buttons that raise
// the next draft from the schedule (or a custom one) and open it.

function DocumentStatus({ doc, today }: { doc: JobBilling["documents"][number]; today: string }) {
  const { label, overdue } = invoiceStatusLabel(doc, today);
  return overdue ? <span className="font-semibold text-red-800">{label}</span> : <>{label}</>;
}

export function JobBillingPanel({ jobId, billing }: { jobId: number; billing: JobBilling }) {
  const navigate = useNavigate();
  const { mutate, pending, formError, fieldErrors } = useMutation();
  const [custom, setCustom] = useState(false);
  const [stage, setStage] = useState("0");
  const { schedule } = billing;

  async function raise(body: Record<string, unknown>) {
    const done = await mutate<InvoiceView>("POST", `/api/admin/jobs/${jobId}/invoices`, body, {
      success: { title: "Draft invoice made", description: "Check it, then issue it." },
      failure: "No invoice made",
      revalidate: false,
    });
    if (done.ok) void navigate(`/admin/invoices/${done.data.id}`);
  }

  return (
    <section aria-labelledby="billing-heading" className="space-y-3">
      <h2 id="billing-heading" className="text-xl font-bold">
        Billing
      </h2>
      {schedule ? (
        <div className="space-y-1">
          <p>
            Accepted {formatCents(billing.acceptedGrossCents)}
            {billing.vatMode === "reverse-charge" ? " (reverse charge, no VAT)" : " including VAT"}; billed so far{" "}
            {formatCents(billing.billedGrossCents)}.
          </p>
          <ul className="list-inside list-disc text-slate-brand">
            {schedule.depositPercent > 0 && <li>Deposit {schedule.depositPercent}%</li>}
            {schedule.stages.map((s, i) => (
              <li key={i}>
                Stage {i + 1}: {s.label}, {s.percent}%
              </li>
            ))}
            {schedule.retentionPercent > 0 && (
              <li>
                Retention {schedule.retentionPercent}%, half at completion, half after {schedule.defectsMonths} months
              </li>
            )}
          </ul>
        </div>
      ) : (
        <p className="text-slate-brand">
          This job was not made from an accepted quote, so it has no payment schedule: bill it with custom invoices.
        </p>
      )}
      {billing.documents.length > 0 && (
        <ul className="divide-y divide-mist rounded-lg border border-mist">
          {billing.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <Link to={`/admin/invoices/${d.id}`} className="font-semibold underline">
                  {documentName(d)}
                </Link>{" "}
                <span className="text-slate-brand">
                  {DOCUMENT_KIND_LABELS[d.kind]}
                  {d.stage !== null && ` ${d.stage + 1}`} · <DocumentStatus doc={d} today={billing.today} />
                  {d.issuedOn && ` · ${irishDate(d.issuedOn)}`}
                </span>
              </span>
              <span className="tabular-nums">{formatCents(signedGross(d))}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3">
        {schedule && (
          <>
            {schedule.depositPercent > 0 && (
              <button
                type="button"
                className={buttonClass.light}
                disabled={pending}
                onClick={() => void raise({ kind: "deposit" })}
              >
                Raise deposit invoice
              </button>
            )}
            {schedule.stages.length > 0 && (
              <span className="flex flex-wrap items-end gap-2">
                <label className="text-sm font-semibold">
                  Stage
                  <select
                    className="mt-1 block rounded-md border border-slate-300 px-3 py-2"
                    value={stage}
                    onChange={(e) => setStage(e.target.value)}
                  >
                    {schedule.stages.map((s, i) => (
                      <option key={i} value={String(i)}>
                        {i + 1}: {s.label}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className={buttonClass.light}
                  disabled={pending}
                  onClick={() => void raise({ kind: "stage", stage: Number(stage) })}
                >
                  Raise stage invoice
                </button>
              </span>
            )}
            <button
              type="button"
              className={buttonClass.light}
              disabled={pending}
              onClick={() => void raise({ kind: "final" })}
            >
              Raise final invoice
            </button>
            {schedule.retentionPercent > 0 && (
              <button
                type="button"
                className={buttonClass.light}
                disabled={pending}
                onClick={() => void raise({ kind: "retention" })}
              >
                Raise retention invoice
              </button>
            )}
          </>
        )}
        <button type="button" className={buttonClass.light} disabled={pending} onClick={() => setCustom(true)}>
          Custom invoice
        </button>
      </div>
      {formError && !custom && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {formError}
        </p>
      )}
      <LinesDialog
        open={custom}
        title="Custom invoice"
        submitLabel="Make draft"
        initial={[]}
        pending={pending}
        problem={formError}
        serverErrors={fieldErrors}
        onClose={() => setCustom(false)}
        onSubmit={(body) => void raise({ kind: "custom", ...body })}
      />
    </section>
  );
}
