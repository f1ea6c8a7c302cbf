import { Link } from "react-router";
import type { BillingFigures } from "~/features/invoices/billing-figures.server";
import { formatCents } from "~/features/quotes/quote-totals";

// The dashboard's billing block (issue 38 item 7): owed, overdue, retention held and paid this
// month. Each figure says whether it includes VAT, so nobody reads a gross value as a net one.

const monthName = (yyyyMm: string) =>
  new Intl.DateTimeFormat("en-IE", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${yyyyMm}-01T12:00:00Z`),
  );

const invoicesCount = (n: number) => `${n.toLocaleString("en-IE")} invoice${n === 1 ? "" : "s"}`;

export function BillingFiguresCard({ figures }: { figures: BillingFigures }) {
  const items = [
    {
      label: "Owed",
      value: formatCents(figures.owedCents),
      note: `Including VAT · ${invoicesCount(figures.owedCount)} issued, not yet paid in full`,
    },
    {
      label: "Overdue",
      value: formatCents(figures.overdueCents),
      note: `Including VAT · ${invoicesCount(figures.overdueCount)} past the due date`,
    },
    {
      label: "Retention held",
      value: formatCents(figures.retentionHeldCents),
      note: "Excluding VAT · held back from stage invoices, not yet released",
    },
    {
      label: "Paid this month",
      value: formatCents(figures.paidThisMonthCents),
      note: `Including VAT · payments received in ${monthName(figures.month)}`,
    },
  ];
  return (
    <section
      aria-labelledby="billing-figures-heading"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="billing-figures-heading" className="text-xl font-bold">
          Billing
        </h2>
        <Link to="/admin/vat-summary" className="btn-outline !min-h-10 text-sm">
          Open the VAT summary
        </Link>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-lg bg-paper p-4">
            <dt className="text-sm font-semibold text-slate-brand">{item.label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{item.value}</dd>
            <dd className="mt-1 text-sm text-slate-brand">{item.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
