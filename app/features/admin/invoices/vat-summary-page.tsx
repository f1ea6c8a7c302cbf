import { data, Form } from "react-router";
import { TextField } from "~/components/ui/form-field";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { vatSummary } from "~/features/invoices/vat-summary.server";
import { vatPeriodLabel } from "~/features/invoices/vat-periods";
import { formatCents, formatRate } from "~/features/quotes/quote-totals";
import { DataTable, StatTiles } from "../charts";
import { ListTabs } from "../list/admin-list";
import { ExportLink } from "../list/export-link";
import type { Route } from "./+types/vat-summary-page";
import { vatSummaryRange } from "./vat-summary-range";
import { formatCalendarDay } from "~/features/time/irish-format";

// The VAT summary (issue 38 item 7): the sales side of the two-monthly VAT return, from the
// invoices and credit notes issued in the period, as GET /api/admin/vat-summary answers it.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/vat-summary");
  const range = vatSummaryRange(new URL(request.url).searchParams);
  if (!range.ok) throw data(range.message, { status: 400, headers: adminHeaders() });
  const summary = await vatSummary(context.services.database.db, range.from, range.to);
  return data({ range, summary }, { headers: adminHeaders() });
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("VAT summary");

export default function VatSummaryPage({ loaderData }: Route.ComponentProps) {
  const { range, summary } = loaderData;
  const period = vatPeriodLabel(range);
  const vatTotal = summary.vat.reduce((s, v) => s + v.vatCents, 0);
  const query = `from=${range.from}&to=${range.to}`;
  return (
    <>
      <h1 className="text-3xl font-bold">VAT summary</h1>
      <p className="mt-2 max-w-3xl text-slate-brand">
        The sales side of the VAT return: invoices issued in the period less credit notes, by the day they were issued,
        and the payments received in it.
      </p>
      <ListTabs
        label="VAT period"
        tabs={[
          { label: "This VAT period", to: "/admin/vat-summary", current: range.choice === "current" },
          {
            label: "Previous VAT period",
            to: "/admin/vat-summary?period=previous",
            current: range.choice === "previous",
          },
        ]}
      />
      <Form
        key={query}
        method="get"
        aria-label="Custom dates"
        className="mt-4 flex flex-wrap items-end gap-4 rounded-xl bg-white p-4 ring-1 ring-navy-900/10"
      >
        <TextField label="From" type="date" name="from" defaultValue={range.from} required />
        <TextField label="To" type="date" name="to" defaultValue={range.to} required />
        <button type="submit" className="btn-dark">
          Show these dates
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-brand">
        {period ? `${period}: ` : ""}
        {formatCalendarDay(range.from)} to {formatCalendarDay(range.to)} (Irish calendar days).{" "}
        <ExportLink
          href={`/api/admin/invoices/export.csv?${query}`}
          fileName="invoices.csv"
          className="font-semibold underline underline-offset-4"
        >
          Download these invoices as CSV
        </ExportLink>
      </p>

      <StatTiles
        className="mt-6"
        stats={[
          ["Sales, excluding VAT", formatCents(summary.netCents)],
          ["VAT on sales", formatCents(vatTotal)],
          ["Reverse-charge sales, excluding VAT", formatCents(summary.reverseChargeNetCents)],
          ["Payments received, including VAT", formatCents(summary.paidCents)],
        ]}
      />

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card title="VAT by rate">
          <p className="mt-1 text-sm text-slate-brand">
            Sales at each rate excluding VAT, and the VAT charged on them.
          </p>
          {summary.vat.length ? (
            <DataTable
              caption="VAT by rate"
              columns={["Rate", "Sales, excluding VAT", "VAT"]}
              rows={summary.vat.map((v) => [formatRate(v.rate), formatCents(v.netCents), formatCents(v.vatCents)])}
            />
          ) : (
            <p className="mt-3">No VAT-rated invoices were issued in this period.</p>
          )}
        </Card>
        <Card title="Reverse charge and RCT">
          <dl className="mt-2 grid gap-3">
            <div>
              <dt className="text-sm font-semibold text-slate-brand">Reverse-charge sales, excluding VAT</dt>
              <dd className="text-xl font-bold tabular-nums">{formatCents(summary.reverseChargeNetCents)}</dd>
              <dd className="text-sm text-slate-brand">
                No VAT charged: the principal contractor accounts for it. Not included in the sales above.
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-brand">RCT withheld by principal contractors</dt>
              <dd className="text-xl font-bold tabular-nums">{formatCents(summary.rctWithheldCents)}</dd>
              <dd className="text-sm text-slate-brand">From payments received in the period.</dd>
            </div>
          </dl>
        </Card>
      </div>
    </>
  );
}
