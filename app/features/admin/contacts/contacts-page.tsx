import { useState } from "react";
import { data } from "react-router";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "../admin-headers";
import {
  AdminList,
  ListEmpty,
  ListHeader,
  ListLoadError,
  ListPagination,
  ListSearch,
  ListTabs,
  rowButton,
  type Column,
} from "../list/admin-list";
import type { Route } from "./+types/contacts-page";
import { contactQueryString, formatContactDate, parseContactQuery, type ContactStatusFilter } from "./contacts-query";
import { listContacts } from "./contacts.server";
import { formatEuro, LeadStatusBadge, type StaffMember } from "./lead-panel";
import { LEAD_STATUS_OPTIONS } from "./lead-schema";
import { listStaff } from "./pipeline.server";
import { ContactBadges, EnquiryDialog } from "./enquiry-dialog";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Contact Submissions");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  const query = parseContactQuery(new URL(request.url).searchParams);
  const { db } = context.services.database;
  const [{ rows, total, totalIsCapped }, staff] = await Promise.all([listContacts(db, query), listStaff(db)]);
  return data({ query, rows, total, totalIsCapped, staff }, { headers: adminHeaders() });
}

const NAMES = {
  one: "contact submission",
  many: "contact submissions",
  One: "Contact submission",
  Many: "Contact Submissions",
};

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const TABS: Array<{ status: ContactStatusFilter; label: string }> = [
  { status: "all", label: "All" },
  { status: "unread", label: "Unread" },
  { status: "read", label: "Read" },
];

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const en = (n: number) => n.toLocaleString("en-IE");

function columnsFor(staff: ReadonlyArray<StaffMember>): Array<Column<Row>> {
  return [
    {
      header: "Contact",
      cell: (row) => (
        <>
          <span className={`flex flex-wrap items-center gap-2 ${row.readAt ? "font-medium" : "font-bold"}`}>
            {!row.readAt && <span className="h-2 w-2 rounded-full bg-red-700" aria-hidden="true" />}
            {row.name}
            {!row.readAt && <span className="sr-only">(unread)</span>}
            <ContactBadges row={row} />
          </span>
          <span className="block break-all text-sm font-normal text-slate-brand">{row.email}</span>
          {row.phone && <span className="block text-sm font-normal text-slate-brand">{row.phone}</span>}
        </>
      ),
    },
    { header: "Date", cell: (row) => formatContactDate(row.createdAt), className: "whitespace-nowrap" },
    {
      header: "Service",
      cell: (row) =>
        row.service ? (
          <span className="inline-block whitespace-nowrap rounded-full bg-mist px-2.5 py-1 text-xs font-semibold">
            {row.service}
          </span>
        ) : (
          <span className="text-slate-brand">Not specified</span>
        ),
    },
    {
      header: "Message",
      wide: true,
      className: "max-w-md",
      cell: (row) => (
        <span className="line-clamp-2">
          {row.message || <span className="text-slate-brand">No message provided</span>}
        </span>
      ),
    },
    {
      header: "Pipeline",
      className: "whitespace-nowrap",
      cell: (row) => <PipelineCell row={row} staff={staff} />,
    },
  ];
}

const due = (at: Date | string | null, status: string) =>
  at !== null && status !== "won" && status !== "lost" && new Date(at).getTime() <= Date.now();

/** The lead's status, value, who has it and when to call back (overdue in red). */
function PipelineCell({ row, staff }: { row: Row; staff: ReadonlyArray<StaffMember> }) {
  const assignee = row.assigneeId === null ? null : staff.find((s) => s.id === row.assigneeId)?.username;
  return (
    <span className="flex flex-col items-start gap-1 text-sm">
      <LeadStatusBadge status={row.status} />
      {row.valueEur !== null && <span>{formatEuro(row.valueEur)}</span>}
      {assignee && <span className="text-slate-brand">{assignee}</span>}
      {row.followUpAt && row.status !== "won" && row.status !== "lost" && (
        <span className={due(row.followUpAt, row.status) ? "font-semibold text-red-700" : "text-slate-brand"}>
          {due(row.followUpAt, row.status) ? "Follow-up due " : "Follow up "}
          {formatContactDate(row.followUpAt)}
        </span>
      )}
    </span>
  );
}

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, totalIsCapped, staff } = loaderData;
  const columns = columnsFor(staff);
  // A new object for each View, so the same enquiry can be opened again at once.
  const [viewing, setViewing] = useState<{ id: number } | null>(null);
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const hasNext = query.page < pages || (totalIsCapped && rows.length === query.pageSize);
  const first = (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const { page: _page, pageSize: _size, ...filters } = query;
  const exportHref = `/api/admin/contacts/export.csv${contactQueryString(filters)}`;
  const narrowed = query.q !== "" || query.pipeline !== "" || query.assignee !== "" || query.followUp !== "";

  return (
    <>
      <ListHeader
        title={NAMES.Many}
        intro="Every enquiry from the contact form and the chat assistant, newest first."
        action={
          <a href={exportHref} download className="btn-dark !min-h-10 text-sm">
            Export CSV
          </a>
        }
      />
      <ListTabs
        label="Filter by status"
        tabs={TABS.map((tab) => ({
          label: tab.label,
          to: contactQueryString({ ...filters, status: tab.status }),
          current: query.status === tab.status,
        }))}
      />
      <ListSearch
        label="Search enquiries"
        placeholder="Search name, email, phone or message"
        q={query.q}
        keep={{ status: query.status === "all" ? undefined : query.status }}
        filter={[
          {
            name: "pipeline",
            label: "Stage",
            allLabel: "Any stage",
            value: query.pipeline,
            options: LEAD_STATUS_OPTIONS,
          },
          {
            name: "assignee",
            label: "Assigned to",
            allLabel: "Anyone",
            value: String(query.assignee),
            options: [
              { value: "none", label: "Nobody" },
              ...staff.map((s) => ({ value: String(s.id), label: s.username })),
            ],
          },
          {
            name: "followUp",
            label: "Follow-up",
            allLabel: "Any time",
            value: query.followUp,
            options: [{ value: "due", label: "Due now" }],
          },
        ]}
      />
      <AdminList
        names={NAMES}
        rows={rows}
        columns={columns}
        tableClassName="min-w-[720px]"
        rowClassName={(row) => (row.readAt ? undefined : "bg-amber-brand/5")}
        status={total === 0 ? "" : `Showing ${en(first)}–${en(last)} of ${en(total)}${totalIsCapped ? "+" : ""}`}
        searching={narrowed}
        empty={
          <ListEmpty
            title={
              query.status === "all"
                ? "No contact submissions yet. Enquiries from the contact form and the chat assistant will appear here."
                : `No ${query.status} contact submissions.`
            }
          />
        }
        actions={(row) => (
          <button type="button" className={rowButton.dark} onClick={() => setViewing({ id: row.id })}>
            View<span className="sr-only"> enquiry from {row.name}</span>
          </button>
        )}
      />
      <ListPagination
        previous={
          query.page > 1 ? { to: contactQueryString({ ...query, page: query.page - 1 }), label: "Previous" } : undefined
        }
        next={hasNext ? { to: contactQueryString({ ...query, page: query.page + 1 }), label: "Next" } : undefined}
      >
        Page {query.page}
        {totalIsCapped ? "" : ` of ${pages}`}
      </ListPagination>

      <EnquiryDialog viewing={viewing} staff={staff} onClose={() => setViewing(null)} />
    </>
  );
}
