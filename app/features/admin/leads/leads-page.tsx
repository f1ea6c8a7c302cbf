import { useState } from "react";
import { data } from "react-router";
import { idParam } from "~/api/id-param";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import {
  AdminList,
  ListEmpty,
  ListHeader,
  ListLoadError,
  ListPagination,
  ListSearch,
  ListTabs,
  type Column,
} from "../list/admin-list";
import { rowButton } from "~/components/ui/button-styles";
import type { Route } from "./+types/leads-page";
import { leadQueryString, formatLeadDate, parseLeadQuery, type LeadStatusFilter } from "./leads-query";
import { bulkReadEntry, COUNT_CAP, listLeads } from "./leads.server";
import { actorOf, recordAudit } from "~/features/audit/audit.server";
import { formatEuro, LeadStatusBadge, type StaffMember } from "./lead-panel";
import { LEAD_STATUS_OPTIONS } from "~/features/leads/lead-schema";
import { listStaff } from "./pipeline.server";
import { LeadBadges, LeadDialog } from "./lead-dialog";
import { countQuarantined } from "~/features/leads/quarantine.server";
import { spamReasonLabel } from "~/features/leads/lead-sources";
import { useMutation } from "../list/mutation";
import { MailBanner } from "../settings/mail-banner";
import { ExportLink } from "../list/export-link";
import { EmailAddress, PhoneNumber } from "./contact-text";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Contact Submissions");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context, "/admin/contacts");
  const params = new URL(request.url).searchParams;
  const query = parseLeadQuery(params);
  // ?lead=<id> (a booking's link to its lead) opens that enquiry.
  const openLead = idParam(params.get("lead"));
  const { db } = context.services.database;
  const [{ rows, total, totalIsCapped }, staff, quarantined, mail] = await Promise.all([
    listLeads(db, query),
    listStaff(db),
    countQuarantined(db, COUNT_CAP),
    context.services.mail.status(),
  ]);
  // Paging past the first 100 enquiries here is a bulk read too, on record as through the API.
  const bulk = bulkReadEntry(query, rows.length);
  if (bulk) {
    const actor = actorOf(user, context.clientIp);
    const fetchSite = request.headers.get("sec-fetch-site") ?? undefined;
    await recordAudit(db, { ...actor, request: { method: request.method, fetchSite } }, bulk, context.logger);
  }
  const spamRetentionDays = context.services.env.SPAM_RETENTION_DAYS;
  const spamCount = quarantined > COUNT_CAP ? `${en(COUNT_CAP)}+` : quarantined > 0 ? en(quarantined) : "";
  return data(
    { query, rows, total, totalIsCapped, staff, spamCount, spamRetentionDays, openLead, mail },
    { headers: adminHeaders() },
  );
}

const NAMES = {
  one: "contact submission",
  many: "contact submissions",
  One: "Contact submission",
  Many: "Contact Submissions",
};

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const TABS: Array<{ status: LeadStatusFilter; label: string }> = [
  { status: "all", label: "All" },
  { status: "unread", label: "Unread" },
  { status: "read", label: "Read" },
];

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const en = (n: number) => n.toLocaleString("en-IE");

/** The Spam tab: who sent it, when, why a check flagged it, and what they wrote. */
const SPAM_COLUMNS: Array<Column<Row>> = [
  {
    header: "Contact",
    cell: (row) => (
      <>
        <span className="block font-medium">{row.name}</span>
        <span className="block text-sm text-slate-brand">
          <EmailAddress email={row.email} />
        </span>
        {row.phone && (
          <span className="block text-sm text-slate-brand">
            <PhoneNumber phone={row.phone} />
          </span>
        )}
      </>
    ),
  },
  { header: "Date", cell: (row) => formatLeadDate(row.createdAt), className: "whitespace-nowrap" },
  { header: "Why it is here", className: "max-w-56 text-sm", cell: (row) => spamReasonLabel(row.spamReason) },
  {
    header: "Message",
    wide: true,
    className: "max-w-md",
    cell: (row) => <span className="line-clamp-3">{row.message}</span>,
  },
];

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
            <LeadBadges row={row} />
            {row.otherLeads > 0 && (
              <span className="rounded-full border border-navy-900 px-2 py-0.5 text-xs font-semibold">
                +{row.otherLeads} from this client
              </span>
            )}
          </span>
          <span className="block text-sm font-normal text-slate-brand">
            <EmailAddress email={row.email} />
          </span>
          {row.phone && (
            <span className="block text-sm font-normal text-slate-brand">
              <PhoneNumber phone={row.phone} />
            </span>
          )}
        </>
      ),
    },
    { header: "Date", cell: (row) => formatLeadDate(row.createdAt), className: "whitespace-nowrap" },
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
  const assignee = row.assigneeId === null ? null : staff.find((s) => s.id === row.assigneeId)?.name;
  return (
    <span className="flex flex-col items-start gap-1 text-sm">
      <LeadStatusBadge status={row.status} />
      {row.valueEur !== null && <span>{formatEuro(row.valueEur)} before VAT</span>}
      {assignee && <span className="text-slate-brand">{assignee}</span>}
      {row.followUpAt && row.status !== "won" && row.status !== "lost" && (
        <span className={due(row.followUpAt, row.status) ? "font-semibold text-red-700" : "text-slate-brand"}>
          {due(row.followUpAt, row.status) ? "Follow-up due " : "Follow up "}
          {formatLeadDate(row.followUpAt)}
        </span>
      )}
    </span>
  );
}

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, totalIsCapped, staff, spamCount, spamRetentionDays, openLead, mail } = loaderData;
  const columns = query.spam ? SPAM_COLUMNS : columnsFor(staff);
  const { mutate, pending } = useMutation();
  const release = (row: Row) =>
    mutate(
      "PATCH",
      `/api/admin/contacts/${row.id}`,
      { spam: false },
      {
        success: {
          title: "Moved to the inbox",
          description: `${row.name}'s enquiry is in the inbox, and its notification and auto-reply are on their way.`,
        },
        failure: "Failed to move the enquiry",
      },
    );
  // A new object for each View, so the same enquiry can be opened again at once.
  const [viewing, setViewing] = useState<{ id: number } | null>(() => (openLead ? { id: openLead } : null));
  // A link to another enquiry while on this page (?lead=, e.g. "Also from this client") opens it.
  const [linkedLead, setLinkedLead] = useState(openLead);
  if (openLead !== linkedLead) {
    setLinkedLead(openLead);
    if (openLead) setViewing({ id: openLead });
  }
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const hasNext = query.page < pages || (totalIsCapped && rows.length === query.pageSize);
  const first = (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const { page: _page, pageSize: _size, ...filters } = query;
  const exportHref = `/api/admin/contacts/export.csv${leadQueryString(filters)}`;
  const narrowed = query.q !== "" || query.pipeline !== "" || query.assignee !== "" || query.followUp !== "";
  const spamLabel = spamCount ? `Spam (${spamCount})` : "Spam";

  return (
    <>
      <ListHeader
        title={NAMES.Many}
        intro="Every enquiry from the contact form and the chat assistant, newest first."
        action={
          query.spam ? undefined : (
            <ExportLink href={exportHref} fileName="enquiries.csv" className="btn-dark !min-h-10 text-sm">
              Export CSV
            </ExportLink>
          )
        }
      />
      <MailBanner mail={mail} />
      <ListTabs
        label="Filter by status"
        tabs={[
          ...TABS.map((tab) => ({
            label: tab.label,
            to: leadQueryString({ ...filters, spam: false, status: tab.status }),
            current: !query.spam && query.status === tab.status,
          })),
          { label: spamLabel, to: leadQueryString({ spam: true }), current: query.spam },
        ]}
      />
      {query.spam && (
        <p className="mt-4 max-w-3xl text-slate-brand">
          Messages a spam check caught. Nothing here was e-mailed to you or answered, and each is deleted after{" "}
          {spamRetentionDays} days. If one is a real enquiry, choose <strong>Not spam</strong>: it moves to the inbox
          and its notification and auto-reply go out then.
        </p>
      )}
      <ListSearch
        label="Search enquiries"
        placeholder="Search name, email, phone or message"
        q={query.q}
        keep={{ status: query.status === "all" ? undefined : query.status, spam: query.spam ? "1" : undefined }}
        filter={
          query.spam
            ? []
            : [
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
                    ...staff.map((s) => ({ value: String(s.id), label: s.name })),
                  ],
                },
                {
                  name: "followUp",
                  label: "Follow-up",
                  allLabel: "Any time",
                  value: query.followUp,
                  options: [{ value: "due", label: "Due now" }],
                },
              ]
        }
      />
      <AdminList
        names={NAMES}
        rows={rows}
        columns={columns}
        tableClassName="min-w-[720px]"
        rowClassName={(row) => (row.readAt || query.spam ? undefined : "bg-amber-brand/5")}
        status={total === 0 ? "" : `Showing ${en(first)}–${en(last)} of ${en(total)}${totalIsCapped ? "+" : ""}`}
        searching={narrowed}
        empty={
          <ListEmpty
            title={
              query.spam
                ? "Nothing in Spam. Messages a spam check catches wait here for you to review."
                : query.status === "all"
                  ? "No contact submissions yet. Enquiries from the contact form and the chat assistant will appear here."
                  : `No ${query.status} contact submissions.`
            }
          />
        }
        actions={(row) => (
          <>
            <button type="button" className={rowButton.dark} onClick={() => setViewing({ id: row.id })}>
              View<span className="sr-only"> enquiry from {row.name}</span>
            </button>
            {query.spam && (
              <button type="button" className={rowButton.light} disabled={pending} onClick={() => void release(row)}>
                Not spam<span className="sr-only">: move {row.name}'s enquiry to the inbox</span>
              </button>
            )}
          </>
        )}
      />
      <ListPagination
        previous={
          query.page > 1 ? { to: leadQueryString({ ...query, page: query.page - 1 }), label: "Previous" } : undefined
        }
        next={hasNext ? { to: leadQueryString({ ...query, page: query.page + 1 }), label: "Next" } : undefined}
      >
        Page {query.page}
        {totalIsCapped ? "" : ` of ${pages}`}
      </ListPagination>

      <LeadDialog viewing={viewing} staff={staff} onClose={() => setViewing(null)} />
    </>
  );
}
