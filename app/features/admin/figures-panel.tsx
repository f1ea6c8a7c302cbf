import { Link } from "react-router";

// A dashboard block of figures (quotes, billing): a heading with a link to the page behind the
// figures, then up to four tiles, each with what it counts written under it.

export type Figure = { label: string; value: string; note: string };

export function FiguresPanel({
  id,
  title,
  link,
  items,
}: {
  id: string;
  title: string;
  link: { to: string; label: string };
  items: Figure[];
}) {
  return (
    <section aria-labelledby={id} className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <Link to={link.to} className="btn-outline !min-h-10 text-sm">
          {link.label}
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
