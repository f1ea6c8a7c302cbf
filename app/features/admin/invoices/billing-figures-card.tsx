import { formatCalendarMonth } from "~/features/time/irish-format";
import { FiguresPanel, type Figure } from "../figures-panel";
import type { BillingFigures } from "~/features/invoices/billing-figures.server";
import { formatCents } from "~/features/quotes/quote-totals";

// The dashboard's billing block (issue 38 item 7): owed, overdue, retention held and paid this
// month. Each figure says whether it includes VAT, so nobody reads a gross value as a net one.

const invoicesCount = (n: number) => `${n.toLocaleString("en-IE")} invoice${n === 1 ? "" : "s"}`;

export function BillingFiguresCard({ figures }: { figures: BillingFigures }) {
  const items: Figure[] = [
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
      note: `Including VAT · payments received in ${formatCalendarMonth(figures.month)}`,
    },
  ];
  return (
    <FiguresPanel
      id="billing-figures-heading"
      title="Billing"
      link={{ to: "/admin/vat-summary", label: "Open the VAT summary" }}
      items={items}
    />
  );
}
