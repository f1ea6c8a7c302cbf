import { formatCalendarMonth } from "~/features/time/irish-format";
import { FiguresPanel, type Figure } from "../figures-panel";
import { formatCents } from "~/features/quotes/quote-totals";
import type { QuoteFigures } from "~/features/quotes/quote-figures.server";

// The dashboard's quotes block: the value out with clients now, and this month's sending and
// answers. Every figure says what it counts, so nobody reads a gross value as a net one.

export function QuoteFiguresCard({ figures }: { figures: QuoteFigures }) {
  const month = formatCalendarMonth(figures.monthStart);
  const { accepted, declined, sent } = figures.month;
  const items: Figure[] = [
    {
      label: "Open quotes' value",
      value: formatCents(figures.open.grossCents),
      note: `Including VAT · ${figures.open.count} sent or viewed, still valid`,
    },
    { label: "Quotes sent", value: String(sent), note: `In ${month}` },
    { label: "Quotes accepted", value: String(accepted), note: `In ${month}` },
    {
      label: "Acceptance rate",
      value: figures.acceptanceRatePercent === null ? "–" : `${figures.acceptanceRatePercent}%`,
      note:
        accepted + declined === 0
          ? `No client has answered yet in ${month}`
          : `${accepted} accepted of ${accepted + declined} answered in ${month}`,
    },
  ];
  return (
    <FiguresPanel
      id="quote-figures-heading"
      title="Quotes"
      link={{ to: "/admin/quotes", label: "Open the quotes list" }}
      items={items}
    />
  );
}
