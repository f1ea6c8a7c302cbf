import { Link } from "react-router";
import { DataTable, FunnelChart, StackedBarChart, StatTiles } from "./charts";
import { formatLeadDateTime } from "./leads/leads-query";
import { formatEuro, LeadStatusBadge } from "./leads/lead-panel";
import type { LeadStats } from "./leads/lead-stats.server";
import type { FollowUpRow } from "./leads/pipeline.server";

// The dashboard's lead sections: follow-ups due today and overdue, then the lead analytics (the
// same figures as GET /api/admin/stats/leads) as server-rendered charts with their data tables.

type Json<T> = { [K in keyof T]: T[K] extends Date ? string | Date : T[K] };

const dayMonth = new Intl.DateTimeFormat("en-IE", { day: "numeric", month: "short", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-IE", { month: "short", year: "2-digit", timeZone: "UTC" });
const weekLabel = (day: string) => dayMonth.format(new Date(`${day}T00:00:00Z`));
const monthLabel = (month: string) => monthYear.format(new Date(`${month}-01T00:00:00Z`));
// Made once: a number format with options is built anew by each toLocaleString call (0.1 ms or so).
const compactEuro = new Intl.NumberFormat("en-IE", { notation: "compact" });
const oneDecimal = new Intl.NumberFormat("en-IE", { maximumFractionDigits: 1 });

export function FollowUpsDue({
  followUps,
  now,
}: {
  followUps: ReadonlyArray<Json<FollowUpRow>>;
  /** When the page was made (server time), so server and browser agree on what is overdue. */
  now: string;
}) {
  const overdue = followUps.filter((f) => new Date(f.followUpAt) < new Date(now));
  const today = followUps.filter((f) => new Date(f.followUpAt) >= new Date(now));
  const list = (rows: typeof followUps, empty: string) =>
    rows.length === 0 ? (
      <p className="mt-2 text-slate-brand">{empty}</p>
    ) : (
      <ul className="mt-2 divide-y divide-mist">
        {rows.map((f) => (
          <li key={f.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0">
              <span className="font-semibold">{f.name}</span>
              {f.service && <span className="text-slate-brand"> · {f.service}</span>}
              <span className="block text-sm text-slate-brand">
                {formatLeadDateTime(f.followUpAt)}
                {f.assignee ? ` · ${f.assignee}` : " · not assigned"}
              </span>
            </span>
            <LeadStatusBadge status={f.status} />
          </li>
        ))}
      </ul>
    );
  return (
    <section
      aria-labelledby="follow-ups-heading"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="follow-ups-heading" className="text-xl font-bold">
          Follow-ups
        </h2>
        <Link to="/admin/contacts?followUp=due" className="btn-outline !min-h-10 text-sm">
          Open follow-ups due
        </Link>
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-red-700">Overdue ({overdue.length})</h3>
          {list(overdue, "Nothing overdue.")}
        </div>
        <div>
          <h3 className="font-semibold">Due later today ({today.length})</h3>
          {list(today, "Nothing else due today.")}
        </div>
      </div>
    </section>
  );
}

export function LeadAnalytics({ stats }: { stats: LeadStats }) {
  const weeks = stats.weeks.map((w) => weekLabel(w.weekStart));
  const total = stats.weeks.reduce((n, w) => n + w.total, 0);
  const busiest = stats.weeks.reduce((a, b) => (b.total > a.total ? b : a), stats.weeks[0]!);
  const chat = stats.weeks.reduce((n, w) => n + w.bySource.chat, 0);
  const booked = stats.weeks.reduce((n, w) => n + w.bySource.booking, 0);
  const services = [...new Set(stats.weeks.flatMap((w) => Object.keys(w.byService)))].sort(
    (a, b) =>
      stats.weeks.reduce((n, w) => n + (w.byService[b] ?? 0), 0) -
      stats.weeks.reduce((n, w) => n + (w.byService[a] ?? 0), 0),
  );
  const serviceTotals = services.map((s) => [s, stats.weeks.reduce((n, w) => n + (w.byService[s] ?? 0), 0)] as const);
  const { reached } = stats;
  const wonMonths = stats.wonByMonth.reduce((n, m) => n + m.wonValueEur, 0);
  const bestMonth = stats.wonByMonth.reduce((a, b) => (b.wonValueEur > a.wonValueEur ? b : a), stats.wonByMonth[0]!);
  const pct = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 100) : 0);

  return (
    <section aria-labelledby="lead-analytics-heading" className="mt-10">
      <h2 id="lead-analytics-heading" className="text-xl font-bold">
        Leads in the last 12 weeks
      </h2>
      <p className="mt-1 text-slate-brand">
        Since {weekLabel(stats.since)}, by the week each enquiry arrived (Irish time).
      </p>
      <StatTiles
        className="mt-4"
        stats={[
          ["Leads", total.toLocaleString("en-IE")],
          ["Won", `${reached.won.toLocaleString("en-IE")} (${pct(reached.won, reached.total)}%)`],
          ["Won value (before VAT)", formatEuro(stats.wonValueEur)],
          [
            "Median time to first contact",
            stats.medianFirstContactHours === null
              ? "No leads contacted yet"
              : hoursText(stats.medianFirstContactHours),
          ],
        ]}
      />
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <StackedBarChart
          title="Leads per week by source"
          summary={`${total.toLocaleString("en-IE")} leads in 12 weeks, ${chat.toLocaleString("en-IE")} from the chat assistant, ${booked.toLocaleString("en-IE")} survey bookings and ${(total - chat - booked).toLocaleString("en-IE")} from the contact form; the busiest week began ${weekLabel(busiest.weekStart)} with ${busiest.total.toLocaleString("en-IE")}.`}
          categoryHeader="Week of"
          categories={weeks}
          series={[
            { name: "Contact form", values: stats.weeks.map((w) => w.bySource.form) },
            { name: "Chat", values: stats.weeks.map((w) => w.bySource.chat) },
            { name: "Booking", values: stats.weeks.map((w) => w.bySource.booking) },
          ]}
        />
        <StackedBarChart
          title="Leads per week by service"
          summary={
            serviceTotals.length
              ? `Most asked about: ${serviceTotals
                  .slice(0, 3)
                  .map(([s, n]) => `${s} (${n.toLocaleString("en-IE")})`)
                  .join(", ")}.`
              : "No leads in these weeks."
          }
          categoryHeader="Week of"
          categories={weeks}
          series={services.map((s) => ({ name: s, values: stats.weeks.map((w) => w.byService[s] ?? 0) }))}
        />
        <FunnelChart
          title="Pipeline funnel"
          summary={`Of ${reached.total.toLocaleString("en-IE")} leads, ${pct(reached.contacted, reached.total)}% were contacted, ${pct(reached.quoted, reached.total)}% quoted and ${pct(reached.won, reached.total)}% won; ${stats.funnel.lost.toLocaleString("en-IE")} lost and ${stats.funnel.new.toLocaleString("en-IE")} still new.`}
          steps={[
            { label: "Received", value: reached.total },
            { label: "Contacted", value: reached.contacted },
            { label: "Quoted", value: reached.quoted },
            { label: "Won", value: reached.won },
          ]}
        />
        <StackedBarChart
          title="Won value per month (before VAT)"
          summary={
            wonMonths > 0
              ? `${formatEuro(wonMonths)} won in 12 months, before VAT; best month ${monthLabel(bestMonth.month)} with ${formatEuro(bestMonth.wonValueEur)}.`
              : "No jobs won in the last 12 months."
          }
          categoryHeader="Month"
          categories={stats.wonByMonth.map((m) => monthLabel(m.month))}
          series={[
            { name: "Won value (before VAT)", values: stats.wonByMonth.map((m) => m.wonValueEur), colour: "#2f7f7a" },
          ]}
          formatValue={formatEuro}
          formatTick={(n) => `€${compactEuro.format(n)}`}
        />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
          <h3 className="text-lg font-semibold">Top referrers</h3>
          {stats.topReferrers.length ? (
            <DataTable
              caption="Top referring sites, by leads"
              columns={["Site", "Leads"]}
              rows={stats.topReferrers.map((r) => [r.referrer, r.leads.toLocaleString("en-IE")])}
            />
          ) : (
            <p className="mt-2 text-slate-brand">No referring sites recorded.</p>
          )}
        </div>
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
          <h3 className="text-lg font-semibold">Top campaigns</h3>
          {stats.topCampaigns.length ? (
            <DataTable
              caption="Top UTM campaigns, by leads"
              columns={["Campaign", "Leads"]}
              rows={stats.topCampaigns.map((c) => [c.campaign, c.leads.toLocaleString("en-IE")])}
            />
          ) : (
            <p className="mt-2 text-slate-brand">No campaign tags (utm_campaign) recorded.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function hoursText(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${oneDecimal.format(hours)} h`;
  return `${oneDecimal.format(hours / 24)} days`;
}
