import { Link } from "react-router";
import type { BillingFlags } from "~/features/invoices/billing-flags.server";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";

// The dashboard's billing to-do (issue 38), shown only when there is something to do: payments
// received with no invoice issued for them (with the day the invoice is due by), and retention
// whose release date has come with no retention invoice raised.

const LINK = "font-semibold underline-offset-2 hover:underline";

export function BillingToDo({ flags }: { flags: BillingFlags }) {
  const { unmatched, retention } = flags;
  if (unmatched.length === 0 && retention.length === 0) return null;
  return (
    <section
      aria-labelledby="billing-to-do"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
    >
      <h2 id="billing-to-do" className="text-xl font-bold">
        Billing to do
      </h2>
      <ul className="mt-4 divide-y divide-navy-900/10">
        {unmatched.map((p) => (
          <li key={`payment-${p.paymentId}`} className="py-3">
            <Link to={`/admin/clients/${p.clientId}`} className={LINK}>
              {formatCents(p.amountCents)} received from {p.clientName} with no invoice for it
            </Link>
            <p className="text-sm text-slate-brand">
              Paid {formatDay(p.paidOn)} · issue the invoice by {formatDay(p.issueInvoiceBy)}
            </p>
          </li>
        ))}
        {retention.map((r) => (
          <li key={`retention-${r.jobId}-${r.release}`} className="py-3">
            <Link to={`/admin/jobs/${r.jobId}`} className={LINK}>
              Retention due on job {r.number}: raise the retention invoice
            </Link>
            <p className="text-sm text-slate-brand">
              {r.release === "completion" ? "Half at completion" : "Half after the defects period"},{" "}
              {formatCents(r.amountCents)} before VAT, due {formatDay(r.dueOn)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
