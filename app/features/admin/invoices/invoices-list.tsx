import { data } from "react-router";
import { RowLink } from "../list/row-link";
import { rowButton } from "~/components/ui/button-styles";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import {
  INVOICE_LIST_STATUSES,
  INVOICES_PAGE_SIZE,
  listInvoices,
  type InvoiceListStatus,
} from "~/features/invoices/invoice-list.server";
import { formatCents } from "~/features/quotes/quote-totals";
import { dublinDay } from "~/features/time/dublin-time";
import {
  AdminList,
  ListEmpty,
  ListHeader,
  ListLoadError,
  ListPagination,
  ListSearch,
  ListTabs,
  type Column,
  type ListNames,
} from "../list/admin-list";
import type { Route } from "./+types/invoices-list";
import {
  documentName,
  DOCUMENT_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  invoiceStatusLabel,
  irishDate,
} from "./invoice-format";
import { signedGross } from "~/features/invoices/invoice-format";

// /admin/invoices (issue 38): invoices and credit notes, newest first, by status (?status=, with
// "overdue"), searched by number or client (?q=), 50 a page as GET /api/admin/invoices. Drafts are
// raised from a job's Billing panel; a row opens the invoice (/admin/invoices/:id).

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Invoices");

const NAMES: ListNames = { one: "invoice", many: "invoices", One: "Invoice", Many: "Invoices" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireAdmin(request, context, "/admin/invoices");
  const params = new URL(request.url).searchParams;
  const asked = params.get("status") ?? "";
  const status = (INVOICE_LIST_STATUSES as ReadonlyArray<string>).includes(asked)
    ? (asked as InvoiceListStatus)
    : undefined;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const now = new Date();
  const list = await listInvoices(services.database.db, services.siteUrl, { status, q, page }, now);
  // The Irish day the Overdue tab was worked out for, so each row's label agrees with it.
  const today = dublinDay(now);
  return data(
    { status: status ?? "", q, page, pageSize: INVOICES_PAGE_SIZE, today, ...list },
    { headers: adminHeaders() },
  );
}

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

type Data = Route.ComponentProps["loaderData"];
type Row = Data["items"][number];

const TABS: ReadonlyArray<{ key: "" | InvoiceListStatus; label: string }> = [
  { key: "", label: "All" },
  ...(["draft", "issued", "part-paid", "overdue", "paid", "credited"] as const).map((key) => ({
    key,
    label: INVOICE_STATUS_LABELS[key],
  })),
];

/** The row's status under its number: an overdue invoice in red, as the Overdue tab finds it. */
function StatusLine({ doc, today }: { doc: Row; today: string }) {
  const { label, overdue } = invoiceStatusLabel(doc, today);
  return (
    <span className={`block text-sm ${overdue ? "font-semibold text-red-800" : "text-slate-brand"}`}>{label}</span>
  );
}

function columnsFor(clientNames: Data["clientNames"], today: string): ReadonlyArray<Column<Row>> {
  return [
    {
      header: "Number",
      cell: (i) => (
        <>
          <RowLink
            to={`/admin/invoices/${i.id}`}
            className="whitespace-nowrap font-semibold text-navy-900 underline-offset-2 hover:underline"
          >
            {documentName(i)}
          </RowLink>
          <StatusLine doc={i} today={today} />
        </>
      ),
    },
    { header: "Client", cell: (i) => clientNames[i.clientId] ?? "", wide: true },
    { header: "Kind", cell: (i) => DOCUMENT_KIND_LABELS[i.kind] },
    { header: "Issued", cell: (i) => irishDate(i.issuedOn) || "Not yet", className: "whitespace-nowrap" },
    { header: "Due", cell: (i) => irishDate(i.dueOn) || "–", className: "whitespace-nowrap" },
    {
      header: "Gross",
      cell: (i) => (
        <span className="tabular-nums">
          {formatCents(signedGross({ kind: i.kind, grossCents: i.totals.grossCents }))}
        </span>
      ),
      className: "whitespace-nowrap text-right",
    },
    {
      header: "Balance",
      cell: (i) => <span className="tabular-nums">{formatCents(i.balanceCents)}</span>,
      className: "whitespace-nowrap text-right",
    },
  ];
}

export default function InvoicesList({ loaderData }: Route.ComponentProps) {
  const { items, total, q, status, page, pageSize, clientNames, today } = loaderData;
  const at = (p: number) =>
    `/admin/invoices?${new URLSearchParams({ ...(status && { status }), ...(q && { q }), page: String(p) }).toString()}`;
  const first = (page - 1) * pageSize + 1;
  const en = (n: number) => n.toLocaleString("en-IE");
  return (
    <>
      <ListHeader
        title="Invoices"
        intro="Invoices and credit notes, newest first. Raise an invoice from a job's Billing panel; once issued it gets its number and never changes."
      />
      <ListTabs
        label="Filter by status"
        tabs={TABS.map((tab) => ({
          label: tab.label,
          to: tab.key === "" ? "/admin/invoices" : `/admin/invoices?status=${tab.key}`,
          current: status === tab.key,
        }))}
      />
      <ListSearch label="Search invoices" placeholder="Invoice number or client" q={q} keep={{ status }} />
      <AdminList
        names={NAMES}
        rows={items}
        columns={columnsFor(clientNames, today)}
        tableClassName="min-w-[860px]"
        searching={q !== "" || status !== ""}
        tab={q === "" && status !== "" ? INVOICE_STATUS_LABELS[status as InvoiceListStatus] : undefined}
        status={
          total === 0
            ? "No invoices"
            : `Showing ${en(first)}–${en(first + items.length - 1)} of ${en(total)} ${total === 1 ? "invoice" : "invoices"}`
        }
        empty={
          <ListEmpty
            title="No invoices yet."
            text="Open a job and use its Billing panel to raise the deposit, a stage, the final or a custom invoice."
          />
        }
        actions={(i) => (
          <RowLink to={`/admin/invoices/${i.id}`} className={rowButton.dark}>
            Open<span className="sr-only"> {documentName(i)}</span>
          </RowLink>
        )}
      />
      <ListPagination
        previous={page > 1 ? { to: at(page - 1), label: "Previous" } : undefined}
        next={first + items.length - 1 < total ? { to: at(page + 1), label: "Next" } : undefined}
      />
    </>
  );
}
