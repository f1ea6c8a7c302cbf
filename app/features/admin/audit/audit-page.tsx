import { data, Form, Link, useLocation } from "react-router";
import { SelectField, TextField } from "~/components/ui/form-field";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { AdminList, ListHeader, ListLoadError, ListPagination, type Column } from "~/features/admin/list/admin-list";
import { buttonClass } from "~/components/ui/button-styles";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/audit-page";
import { AUDIT_ACTION_LABELS, AUDIT_GROUPS, isAuditAction } from "~/features/audit/audit-actions";
import { auditQueryString, formatAuditTime, hasAuditFilters, parseAuditQuery } from "~/features/audit/audit-query";
import { listAudit, listAuditUsernames, staffFullNames } from "~/features/audit/audit.server";
import { staffNameAndUsername } from "~/features/auth/staff-name";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Audit Log");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/audit");
  const db = context.services.database.db;
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const [page, usernames, fullNames] = await Promise.all([
    listAudit(db, query),
    listAuditUsernames(db),
    staffFullNames(db),
  ]);
  // Times are formatted here, once: the browser's date library could word them differently
  // and break hydration.
  const rows = page.rows.map((r) => ({
    id: r.id,
    when: formatAuditTime(r.at),
    // The username as recorded, with the account's full name where one is set (as the rest of
    // the admin names staff): "Niamh Byrne (niamh)".
    who: r.username ? staffNameAndUsername(r.username, r.userId ? fullNames.byId.get(r.userId) : undefined) : "Unknown",
    what: isAuditAction(r.action) ? AUDIT_ACTION_LABELS[r.action] : r.action,
    summary: r.summary,
    changed: Array.isArray(r.details?.changed) ? (r.details.changed as unknown[]).map(String) : [],
    ip: r.ip,
  }));
  // A name from a link (e.g. a user since renamed) still shows as chosen.
  if (query.user && !usernames.includes(query.user)) usernames.unshift(query.user);
  const people = usernames.map((username) => ({
    username,
    label: staffNameAndUsername(username, fullNames.byUsername.get(username)),
  }));
  return data({ query, rows, older: page.older, newer: page.newer, people }, { headers: adminHeaders() });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const NAMES = { one: "audit log entry", many: "audit log entries", One: "Audit log entry", Many: "Audit log entries" };

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const columns: Array<Column<Row>> = [
  {
    header: "Time",
    cell: (row) => (
      <time dateTime={row.when.iso}>
        {row.when.date}, {row.when.time}
      </time>
    ),
    className: "whitespace-nowrap",
  },
  { header: "Who", cell: (row) => row.who, className: "whitespace-nowrap font-medium" },
  { header: "What", cell: (row) => row.what },
  {
    header: "Details",
    wide: true,
    className: "max-w-md",
    cell: (row) => (
      <>
        <p className="break-words">{row.summary}</p>
        {row.changed.length > 0 && <p className="mt-1 text-xs text-slate-brand">Changed: {row.changed.join(", ")}</p>}
      </>
    ),
  },
  {
    header: "IP",
    cell: (row) => <span className="break-all text-slate-brand">{row.ip ?? "—"}</span>,
    className: "whitespace-nowrap",
  },
];

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, older, newer, people } = loaderData;
  const location = useLocation();
  const filters = { activity: query.activity, user: query.user, from: query.from, to: query.to };
  const filtered = hasAuditFilters(query);
  const clear = (
    <Link to="/admin/audit" className="mt-3 inline-block font-semibold text-teal-brand underline underline-offset-2">
      Clear filters
    </Link>
  );

  return (
    <>
      <ListHeader title="Audit Log" intro="Who did what and when, newest first. Times are Irish time." />

      {/* A plain GET form: filters work before (and without) JavaScript. Keyed by the URL so
          "Clear filters" and paging links reset the fields to what is shown. */}
      <Form
        key={location.search}
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className="mt-6 grid gap-4 rounded-xl bg-white p-4 ring-1 ring-navy-900/10 sm:grid-cols-2 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(10.5rem,2fr)_minmax(10.5rem,2fr)]"
      >
        <SelectField label="Activity" name="activity" defaultValue={query.activity ?? ""}>
          <option value="">All activity</option>
          {Object.entries(AUDIT_GROUPS).map(([group, { label, actions }]) => (
            <optgroup key={group} label={label}>
              <option value={group}>{`All ${label.toLowerCase()}`}</option>
              {Object.entries(actions).map(([action, actionLabel]) => (
                <option key={action} value={action}>
                  {actionLabel}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField label="Who" name="user" defaultValue={query.user ?? ""}>
          <option value="">Everyone</option>
          {people.map(({ username, label }) => (
            <option key={username} value={username}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" name="from" defaultValue={query.from ?? ""} />
        <TextField label="To" type="date" name="to" defaultValue={query.to ?? ""} />
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-dark flex-1 sm:flex-none">
            Filter
          </button>
          {filtered && (
            <Link to="/admin/audit" className={`${buttonClass.light} flex-1 sm:flex-none`}>
              Clear filters
            </Link>
          )}
        </div>
      </Form>

      <AdminList
        names={NAMES}
        caption="Audit log entries, newest first"
        rows={rows}
        columns={columns}
        tableClassName="min-w-[720px]"
        searching={filtered}
        noMatches={
          <>
            <p className="text-slate-brand">No activity matches these filters.</p>
            {clear}
          </>
        }
        empty={<p className="text-slate-brand">No activity recorded yet.</p>}
      />

      <ListPagination
        previous={
          newer
            ? {
                to: auditQueryString(newer === "latest" ? filters : { ...filters, after: newer }),
                label: (
                  <>
                    <span aria-hidden="true">←</span> Newer
                  </>
                ),
              }
            : undefined
        }
        next={
          older
            ? {
                to: auditQueryString({ ...filters, before: older }),
                label: (
                  <>
                    Older <span aria-hidden="true">→</span>
                  </>
                ),
              }
            : undefined
        }
      />
    </>
  );
}
