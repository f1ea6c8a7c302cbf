import { Link } from "react-router";

/** The dashboard's visitor block: the last 7 days' visitors and leads, and the way to the Visitors page. */
export function VisitorsSummary({ summary }: { summary: { visitors: number; views: number; leads: number } }) {
  const n = (v: number) => v.toLocaleString("en-IE");
  const rate = summary.visitors > 0 ? Math.round((summary.leads / summary.visitors) * 1000) / 10 : 0;
  return (
    <section
      aria-labelledby="visitors-summary-heading"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="visitors-summary-heading" className="text-xl font-bold">
          Visitors in the last 7 days
        </h2>
        <Link to="/admin/visitors?range=7d" className="btn-outline !min-h-10 text-sm">
          Open visitor analytics
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-4">
        {[
          ["Visitors", n(summary.visitors)],
          ["Page views", n(summary.views)],
          ["Leads", n(summary.leads)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-brand">{label}</dt>
            <dd className="mt-1 text-2xl font-bold sm:text-3xl">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-brand">
        {summary.visitors > 0
          ? `${rate.toLocaleString("en-IE")} leads for every 100 visitors.`
          : "No visitors counted yet this week."}
      </p>
    </section>
  );
}
