import { data, Link } from "react-router";
import { RowLink } from "../list/row-link";
import { rowButton } from "~/components/ui/button-styles";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { formatCents } from "~/features/quotes/quote-totals";
import { listQuotes, QUOTE_LIST_FILTERS, type QuoteListFilter } from "~/features/quotes/quote-list.server";
import {
  AdminList,
  ListEmpty,
  ListHeader,
  ListLoadError,
  ListTabs,
  type Column,
  type ListNames,
} from "../list/admin-list";
import type { Route } from "./+types/quotes-list";
import { QuoteStatusBadge } from "./quote-status-badge";
import { formatCalendarDay, formatDate } from "~/features/time/irish-format";

// /admin/quotes: every quote, newest first, by status (?status=, the same filters as
// GET /api/admin/quotes). Quotes are made on an enquiry (its dialog's "Create quote"); a row opens
// the editor.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Quotes");

const NAMES: ListNames = { one: "quote", many: "quotes", One: "Quote", Many: "Quotes" };

const TABS: ReadonlyArray<{ filter: QuoteListFilter; label: string }> = [
  { filter: "all", label: "All" },
  { filter: "draft", label: "Drafts" },
  { filter: "open", label: "Open" },
  { filter: "sent", label: "Sent" },
  { filter: "viewed", label: "Viewed" },
  { filter: "accepted", label: "Accepted" },
  { filter: "declined", label: "Declined" },
  { filter: "expired", label: "Expired" },
];

const EMPTY: Record<QuoteListFilter, string> = {
  all: "No quotes yet. Open an enquiry in Contact Submissions and choose Create quote to write the first one.",
  draft: "No drafts. Quotes you are still writing appear here until you send them.",
  open: "No open quotes: nothing sent is waiting for a client's answer.",
  sent: "No quotes waiting to be opened by the client.",
  viewed: "No quotes the client has opened and not yet answered.",
  accepted: "No accepted quotes yet.",
  declined: "No declined quotes.",
  expired: "No expired quotes: every unanswered quote is still within its validity.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/quotes");
  const asked = new URL(request.url).searchParams.get("status") ?? "all";
  const filter: QuoteListFilter = (QUOTE_LIST_FILTERS as ReadonlyArray<string>).includes(asked)
    ? (asked as QuoteListFilter)
    : "all";
  const quotes = await listQuotes(context.services.database.db, context.services.siteUrl, filter);
  return data({ filter, quotes }, { headers: adminHeaders() });
}

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

type Row = Route.ComponentProps["loaderData"]["quotes"][number];

const columns: ReadonlyArray<Column<Row>> = [
  {
    header: "Quote",
    cell: (q) => (
      <RowLink to={`/admin/quotes/${q.id}`} className="font-semibold text-navy-900 underline-offset-2 hover:underline">
        {q.number}
      </RowLink>
    ),
    className: "whitespace-nowrap",
  },
  {
    header: "Client",
    cell: (q) => (
      <>
        {q.client.name}
        {q.client.company && <span className="block text-sm text-slate-brand">{q.client.company}</span>}
      </>
    ),
    wide: true,
  },
  { header: "Status", cell: (q) => <QuoteStatusBadge quote={q} /> },
  {
    header: "Total inc. VAT",
    cell: (q) => <span className="tabular-nums">{formatCents(q.grossCents)}</span>,
    className: "whitespace-nowrap text-right",
  },
  { header: "Created", cell: (q) => formatDate(q.createdAt), className: "whitespace-nowrap" },
  {
    header: "Sent",
    cell: (q) => (q.sentAt ? formatDate(q.sentAt) : "Not yet"),
    className: "whitespace-nowrap",
  },
  {
    header: "Valid until",
    cell: (q) => formatCalendarDay(q.validUntil),
    className: "whitespace-nowrap",
  },
];

export default function QuotesList({ loaderData }: Route.ComponentProps) {
  const { filter, quotes } = loaderData;
  return (
    <>
      <ListHeader
        title="Quotes"
        intro="Every quote written on an enquiry, newest first. To write a new one, open the enquiry in Contact Submissions and choose Create quote."
        action={
          <Link to="/admin/contacts" className="btn-outline !min-h-10 text-sm">
            Go to enquiries
          </Link>
        }
      />
      <ListTabs
        label="Filter by status"
        tabs={TABS.map((tab) => ({
          label: tab.label,
          to: tab.filter === "all" ? "/admin/quotes" : `/admin/quotes?status=${tab.filter}`,
          current: filter === tab.filter,
        }))}
      />
      <AdminList
        names={NAMES}
        rows={quotes}
        columns={columns}
        tableClassName="min-w-[760px]"
        status={`${quotes.length.toLocaleString("en-IE")} ${quotes.length === 1 ? "quote" : "quotes"}`}
        empty={
          <ListEmpty title={EMPTY[filter]}>
            {filter === "all" && (
              <Link to="/admin/contacts" className="btn-dark !min-h-10 text-sm">
                Open the enquiries
              </Link>
            )}
          </ListEmpty>
        }
        actions={(q) => (
          <RowLink to={`/admin/quotes/${q.id}`} className={rowButton.dark}>
            {q.status === "accepted" || q.status === "declined" ? "View" : "Edit"}
            <span className="sr-only"> quote {q.number}</span>
          </RowLink>
        )}
      />
    </>
  );
}
