import { Link } from "react-router";
import { formatCents } from "~/features/quotes/quote-totals";
import type { QuoteFigures } from "~/features/quotes/quote-figures.server";

// The dashboard's quotes block: the value out with clients now, and this month's sending and
// answers. Every figure says what it counts, so nobody reads a gross value as a net one.

const monthName = (yyyyMm: string) =>
  new Intl.DateTimeFormat("en-IE", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${yyyyMm}-01T12:00:00Z`),
  );

export function QuoteFiguresCard({ figures }: { figures: QuoteFigures }) {
  const month = monthName(figures.monthStart);
  const { accepted, declined, sent } = figures.month;
  const items = [
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
    <section
      aria-labelledby="quote-figures-heading"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="quote-figures-heading" className="text-xl font-bold">
          Quotes
        </h2>
        <Link to="/admin/quotes" className="btn-outline !min-h-10 text-sm">
          Open the quotes list
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
