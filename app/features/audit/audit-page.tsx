import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { adminHeaders, adminMeta } from "~/features/admin/admin-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/audit-page";
import { AUDIT_ACTION_LABELS, AUDIT_GROUPS, isAuditAction } from "./audit-actions";
import { auditQueryString, formatAuditTime, hasAuditFilters, parseAuditQuery } from "./audit-query";
import { listAudit, listAuditUsernames } from "./audit.server";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Audit Log");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  const db = context.services.database.db;
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const [page, usernames] = await Promise.all([listAudit(db, query), listAuditUsernames(db)]);
  // Times are formatted here, once: the browser's date library could word them differently
  // and break hydration.
  const rows = page.rows.map((r) => ({
    id: r.id,
    when: formatAuditTime(r.at),
    who: r.username ?? "Unknown",
    what: isAuditAction(r.action) ? AUDIT_ACTION_LABELS[r.action] : r.action,
    summary: r.summary,
    changed: Array.isArray(r.details?.changed) ? (r.details.changed as unknown[]).map(String) : [],
    ip: r.ip,
  }));
  // A name from a link (e.g. a user since renamed) still shows as chosen.
  if (query.user && !usernames.includes(query.user)) usernames.unshift(query.user);
  return data({ query, rows, older: page.older, newer: page.newer, usernames }, { headers: adminHeaders() });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const fieldClass = "mt-1 block h-11 w-full min-w-0 rounded-md border border-slate-brand/40 bg-white px-3";
const labelClass = "block text-sm font-semibold";

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, older, newer, usernames } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/audit";
  const filters = { activity: query.activity, user: query.user, from: query.from, to: query.to };
  const filtered = hasAuditFilters(query);

  return (
    <>
      <h1 className="text-3xl font-bold">Audit Log</h1>
      <p className="mt-1 text-slate-brand">Who did what and when, newest first. Times are Irish time.</p>

      {/* A plain GET form: filters work before (and without) JavaScript. Keyed by the URL so
          "Clear filters" and paging links reset the fields to what is shown. */}
      <Form
        key={location.search}
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className="mt-6 grid gap-4 rounded-xl bg-white p-4 ring-1 ring-navy-900/10 sm:grid-cols-2 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(10.5rem,2fr)_minmax(10.5rem,2fr)]"
      >
        <div>
          <label htmlFor="audit-activity" className={labelClass}>
            Activity
          </label>
          <select id="audit-activity" name="activity" defaultValue={query.activity ?? ""} className={fieldClass}>
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
          </select>
        </div>
        <div>
          <label htmlFor="audit-user" className={labelClass}>
            Who
          </label>
          <select id="audit-user" name="user" defaultValue={query.user ?? ""} className={fieldClass}>
            <option value="">Everyone</option>
            {usernames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className={labelClass}>
            From
          </label>
          <input id="audit-from" type="date" name="from" defaultValue={query.from ?? ""} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="audit-to" className={labelClass}>
            To
          </label>
          <input id="audit-to" type="date" name="to" defaultValue={query.to ?? ""} className={fieldClass} />
        </div>
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-dark h-11 flex-1 sm:flex-none">
            Filter
          </button>
          {filtered && (
            <Link to="/admin/audit" className="btn-outline h-11 flex-1 sm:flex-none">
              Clear filters
            </Link>
          )}
        </div>
      </Form>

      <p className="sr-only" aria-live="polite">
        {loading ? "Loading…" : ""}
      </p>

      <div className={`mt-6 ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        {rows.length === 0 ? (
          <div className="rounded-xl bg-white p-8 text-center ring-1 ring-navy-900/10">
            <p className="text-slate-brand">
              {filtered ? "No activity matches these filters." : "No activity recorded yet."}
            </p>
            {filtered && (
              <Link
                to="/admin/audit"
                className="mt-3 inline-block font-semibold text-teal-brand underline underline-offset-2"
              >
                Clear filters
              </Link>
            )}
          </div>
        ) : (
          <>
            <AuditCards rows={rows} />
            <AuditTable rows={rows} />
          </>
        )}
      </div>

      {(newer || older) && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
          {newer ? (
            <Link
              to={auditQueryString(newer === "latest" ? filters : { ...filters, after: newer })}
              className="btn-outline !min-h-10 text-sm"
            >
              <span aria-hidden="true">←</span> Newer
            </Link>
          ) : (
            <span />
          )}
          {older ? (
            <Link to={auditQueryString({ ...filters, before: older })} className="btn-outline !min-h-10 text-sm">
              Older <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}

function When({ when }: { when: Row["when"] }) {
  return (
    <time dateTime={when.iso}>
      {when.date}, {when.time}
    </time>
  );
}

function Changed({ fields }: { fields: string[] }) {
  if (fields.length === 0) return null;
  return <p className="mt-1 text-xs text-slate-brand">Changed: {fields.join(", ")}</p>;
}

/** Phones: one card per entry instead of a table wider than the screen. */
function AuditCards({ rows }: { rows: Row[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Audit log entries">
      {rows.map((row) => (
        <li key={row.id} className="rounded-xl bg-white p-4 ring-1 ring-navy-900/10">
          <p className="text-sm text-slate-brand">
            <When when={row.when} />
          </p>
          <p className="mt-1 font-semibold">
            <span className="break-all">{row.who}</span>
            <span className="font-normal text-slate-brand"> · </span>
            {row.what}
          </p>
          <p className="mt-1 break-words text-sm">{row.summary}</p>
          <Changed fields={row.changed} />
          {row.ip && <p className="mt-1 break-all text-xs text-slate-brand">IP {row.ip}</p>}
        </li>
      ))}
    </ul>
  );
}

function AuditTable({ rows }: { rows: Row[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-navy-900/10 md:block">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="border-b border-mist bg-paper text-xs uppercase tracking-wider text-slate-brand">
          <tr>
            <th scope="col" className="px-4 py-3">
              Time
            </th>
            <th scope="col" className="px-4 py-3">
              Who
            </th>
            <th scope="col" className="px-4 py-3">
              What
            </th>
            <th scope="col" className="px-4 py-3">
              Details
            </th>
            <th scope="col" className="px-4 py-3">
              IP
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-mist">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap px-4 py-3 align-top">
                <When when={row.when} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 align-top font-medium">{row.who}</td>
              <td className="px-4 py-3 align-top">{row.what}</td>
              <td className="max-w-md px-4 py-3 align-top">
                <p className="break-words">{row.summary}</p>
                <Changed fields={row.changed} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 align-top text-slate-brand">{row.ip ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
