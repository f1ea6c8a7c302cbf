import type { ReactNode } from "react";
import { data } from "react-router";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { visitsReport, type VisitsReport } from "~/features/analytics/visits-report.server";
import { DataTable, FunnelChart, StackedBarChart, StatTiles } from "../charts";
import { formatEuro } from "../leads/lead-panel";
import { ListTabs } from "../list/admin-list";
import type { Route } from "./+types/visitors-page";
import { RANGE_PRESETS, visitorsRange } from "./visitors-range";
import { formatCalendarDay } from "~/features/time/irish-format";

// The Visitors page: which pages, sources and campaigns bring visits, enquiries and won work, for
// the range chosen (7 days, 30 days, 12 months). The figures are GET /api/admin/stats/visits's.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/visitors");
  const range = visitorsRange(new URL(request.url).searchParams);
  if (!range.ok) throw data(range.message, { status: 400, headers: adminHeaders() });
  await context.services.analytics.flush();
  const { days, ...report } = await visitsReport(context.services.database.db, range.from, range.to);
  // The chart's bars (a month each over a year) and the period's totals, not its every day: the
  // page's data is serialised into it for the browser, and a year of days was most of it.
  const chart = {
    ...periods(days),
    views: days.reduce((s, d) => s + d.views, 0),
    visitors: days.reduce((s, d) => s + d.visitors, 0),
  };
  return data({ range, report, chart, enabled: context.services.env.ANALYTICS }, { headers: adminHeaders() });
}

export const meta: Route.MetaFunction = adminMeta("Visitors");

const n = (v: number) => v.toLocaleString("en-IE");
const dayMonth = new Intl.DateTimeFormat("en-IE", { day: "numeric", month: "short", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-IE", { month: "short", year: "2-digit", timeZone: "UTC" });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const pct = (part: number, of: number) => (of > 0 ? `${Math.round((part / of) * 100)}%` : "–");

/** Daily figures, or monthly ones for a range longer than two months (a bar a day would be a smear). */
function periods(days: VisitsReport["days"]) {
  if (days.length <= 62)
    return { unit: "day", rows: days.map((d) => ({ label: dayMonth.format(asDate(d.date)), ...d })) } as const;
  const months = new Map<string, { label: string; views: number; visitors: number }>();
  for (const d of days) {
    const key = d.date.slice(0, 7);
    const m = months.get(key) ?? { label: monthYear.format(asDate(`${key}-01`)), views: 0, visitors: 0 };
    m.views += d.views;
    m.visitors += d.visitors;
    months.set(key, m);
  }
  return { unit: "month", rows: [...months.values()] } as const;
}

function sourceLabel(source: string) {
  if (source === "other") return "Other sites (not listed one by one)";
  return source === "direct" ? "Direct (typed, bookmarked or not told)" : source;
}

export default function VisitorsPage({ loaderData }: Route.ComponentProps) {
  const { range, report, chart, enabled } = loaderData;
  const { unit, rows, views, visitors } = chart;
  const visits = report.sources.reduce((s, r) => s + r.visits, 0);
  const leads = report.sources.reduce((s, r) => s + r.leads, 0);
  const quoted = report.sources.reduce((s, r) => s + r.quoted, 0);
  const won = report.sources.reduce((s, r) => s + r.won, 0);
  const wonEur = report.sources.reduce((s, r) => s + r.wonEur, 0);
  const busiest = rows.reduce((a, b) => (b.visitors > a.visitors ? b : a), rows[0]!);
  const bringWork = [...report.pages]
    .filter((p) => p.entries > 0 || p.leads > 0)
    .sort((a, b) => b.wonEur - a.wonEur || b.leads - a.leads || b.entries - a.entries)
    .slice(0, 25);
  const funnelColumns = ["Visits", "Leads", "Quoted", "Won", "Won value (before VAT)"];
  const funnelRow = (r: { visits: number; leads: number; quoted: number; won: number; wonEur: number }) => [
    n(r.visits),
    n(r.leads),
    n(r.quoted),
    n(r.won),
    formatEuro(r.wonEur),
  ];

  return (
    <>
      <h1 className="text-3xl font-bold">Visitors</h1>
      <p className="mt-2 max-w-3xl text-slate-brand">
        Which pages and campaigns bring visitors, enquiries and won jobs. Counted on our own server without cookies:
        bots, staff and browsers that ask not to be tracked are left out.
      </p>
      <ListTabs
        label="Date range"
        tabs={RANGE_PRESETS.map((p) => ({
          label: p.label,
          to: `/admin/visitors?range=${p.value}`,
          current: range.preset === p.value,
        }))}
      />
      <p className="mt-3 text-sm text-slate-brand">
        {formatCalendarDay(range.from)} to {formatCalendarDay(range.to)} (Irish time).
        {!enabled && " Counting is switched off on this server (ANALYTICS=off): no new visits are recorded."}
      </p>

      <StatTiles
        className="mt-6"
        stats={[
          ["Visitors", n(visitors)],
          ["Page views", n(views)],
          ["Leads", `${n(leads)} (${pct(leads, visits)} of visits)`],
          ["Won value (before VAT)", formatEuro(wonEur)],
        ]}
      />

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <StackedBarChart
          title={unit === "day" ? "Visitors per day" : "Visitors per month"}
          summary={
            visitors > 0
              ? `${n(visitors)} visitors and ${n(views)} page views; the busiest ${unit} was ${busiest.label} with ${n(busiest.visitors)} visitors.`
              : "No visitors counted in this range yet."
          }
          categoryHeader={unit === "day" ? "Day" : "Month"}
          categories={rows.map((r) => r.label)}
          series={[{ name: "Visitors", values: rows.map((r) => r.visitors) }]}
        />
        <FunnelChart
          title="From visit to won job"
          summary={`Of ${n(visits)} visits, ${n(leads)} became leads (${pct(leads, visits)}), ${n(quoted)} were quoted and ${n(won)} won, worth ${formatEuro(wonEur)}.`}
          steps={[
            { label: "Visits", value: visits },
            { label: "Leads", value: leads },
            { label: "Quoted", value: quoted },
            { label: "Won", value: won },
          ]}
        />
      </div>

      <Card title="Pages that bring work" className="mt-6">
        <p className="mt-1 text-sm text-slate-brand">
          The page each visit began on, by the value of the jobs won from the leads those visits sent.
        </p>
        {bringWork.length ? (
          <TableScroll label="Landing pages by won value">
            <DataTable
              caption="Landing pages by won value"
              columns={["Page", "Visits began here", "Views", "Leads", "Won value (before VAT)"]}
              rows={bringWork.map((p) => [p.path, n(p.entries), n(p.views), n(p.leads), formatEuro(p.wonEur)])}
            />
          </TableScroll>
        ) : (
          <p className="mt-2 text-slate-brand">No visits in this range yet.</p>
        )}
      </Card>

      <div className="mt-6 grid gap-6">
        <Card title="Sources" className="min-w-0">
          <p className="mt-1 text-sm text-slate-brand">
            Where visits came from: the utm_source tag, else the site that linked here.
          </p>
          {report.sources.length ? (
            <TableScroll label="Sources by won value">
              <DataTable
                caption="Sources by won value"
                columns={["Source", ...funnelColumns]}
                rows={report.sources.map((s) => [sourceLabel(s.source), ...funnelRow(s)])}
              />
            </TableScroll>
          ) : (
            <p className="mt-2 text-slate-brand">No visits in this range yet.</p>
          )}
        </Card>
        <Card title="Campaigns" className="min-w-0">
          <p className="mt-1 text-sm text-slate-brand">
            Visits whose address carried a utm_campaign tag (an advert, a newsletter, a flyer&apos;s QR code).
          </p>
          {report.campaigns.length ? (
            <TableScroll label="Campaigns by won value">
              <DataTable
                caption="Campaigns by won value"
                columns={["Campaign", ...funnelColumns]}
                rows={report.campaigns.map((c) => [
                  c.campaign === "other" ? "Other campaigns (not listed one by one)" : c.campaign,
                  ...funnelRow(c),
                ])}
              />
            </TableScroll>
          ) : (
            <p className="mt-2 text-slate-brand">No tagged campaign visits in this range.</p>
          )}
        </Card>
      </div>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card title="Most viewed pages" className="min-w-0">
          {report.pages.length ? (
            <TableScroll label="Pages by views">
              <DataTable
                caption="Pages by views"
                columns={["Page", "Views", "Visitors"]}
                rows={report.pages.slice(0, 25).map((p) => [p.path, n(p.views), n(p.visitors)])}
              />
            </TableScroll>
          ) : (
            <p className="mt-2 text-slate-brand">No page views in this range yet.</p>
          )}
        </Card>
        <Card title="Devices" className="min-w-0">
          {report.devices.length ? (
            <TableScroll label="Devices">
              <DataTable
                caption="Devices"
                columns={["Device", "Visitors", "Visits", "Views", "Leads"]}
                rows={report.devices.map((d) => [
                  d.device.charAt(0).toUpperCase() + d.device.slice(1),
                  n(d.visitors),
                  n(d.visits),
                  n(d.views),
                  n(d.leads),
                ])}
              />
            </TableScroll>
          ) : (
            <p className="mt-2 text-slate-brand">No visits in this range yet.</p>
          )}
        </Card>
      </div>
      <p className="mt-6 max-w-3xl text-sm text-slate-brand">
        A visitor is counted once a day: without cookies the same person on two days cannot be told apart, so over a
        range &ldquo;visitors&rdquo; adds up each day&apos;s. A visit ends after 30 minutes without a page view.
      </p>
    </>
  );
}

/** A table that may be wider than a phone: it scrolls sideways, and the keyboard can reach it. */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Table: ${label}`}>
      {children}
    </div>
  );
}
