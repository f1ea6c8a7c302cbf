import { data } from "react-router";
import { RowLink } from "../list/row-link";
import { rowButton } from "~/components/ui/button-styles";
import type { JobStatus } from "~/db/schema";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { jobDaysOfWeek, JOBS_PAGE_SIZE, listJobs } from "~/features/jobs/job-list.server";
import { JOB_STATUS_LABELS, JOB_STATUSES } from "~/features/jobs/job-status";
import { formatCents } from "~/features/quotes/quote-totals";
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
import type { Route } from "./+types/jobs-list";
import { dayWhen, JobStatusBadge } from "./job-status-badge";
import { WeekDays } from "./job-week-days";

// /admin/jobs: every job, newest first, by status (?status=), searched by number or client (?q=),
// and "This week" (?view=week): the job days of the Irish week, in time order. A job opens its job
// card (/admin/jobs/:id); "Programme" its days.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Jobs");

const NAMES: ListNames = { one: "job", many: "jobs", One: "Job", Many: "Jobs" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/jobs");
  const params = new URL(request.url).searchParams;
  const db = context.services.database.db;
  if (params.get("view") === "week") return data({ view: "week" as const, week: await jobDaysOfWeek(db, new Date()) });
  const asked = params.get("status") ?? "";
  const status = (JOB_STATUSES as ReadonlyArray<string>).includes(asked) ? (asked as JobStatus) : undefined;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const list = await listJobs(db, { status, q, page });
  return data(
    { view: "list" as const, status: status ?? "", q, page, pageSize: JOBS_PAGE_SIZE, ...list },
    { headers: adminHeaders() },
  );
}

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

type ListData = Extract<Route.ComponentProps["loaderData"], { view: "list" }>;
type Row = ListData["items"][number];

const columns: ReadonlyArray<Column<Row>> = [
  {
    header: "Job",
    cell: (j) => (
      <>
        <RowLink
          to={`/admin/jobs/${j.id}`}
          className="whitespace-nowrap font-semibold text-navy-900 underline-offset-2 hover:underline"
        >
          {j.number}
        </RowLink>
        <span className="block text-sm text-slate-brand">{j.title}</span>
        {/* Where: the site's last address line, the town as a rule (the search finds any line). */}
        {j.site.address.length > 0 && (
          <span className="block text-sm text-slate-brand">{j.site.address[j.site.address.length - 1]}</span>
        )}
      </>
    ),
  },
  { header: "Client", cell: (j) => j.clientName, wide: true },
  { header: "Status", cell: (j) => <JobStatusBadge status={j.status} /> },
  {
    header: "Next day",
    cell: (j) => {
      const next = j.days.find((d) => new Date(d.end).getTime() > Date.now()) ?? null;
      return next ? dayWhen(next.start, next.end) : j.days.length ? "All days done" : "Not scheduled";
    },
    className: "whitespace-nowrap",
  },
  {
    header: "Value (net)",
    cell: (j) => <span className="tabular-nums">{formatCents(j.valueCents)}</span>,
    className: "whitespace-nowrap text-right",
  },
];

const TABS = [
  { key: "", label: "All" },
  ...JOB_STATUSES.map((s) => ({ key: s, label: JOB_STATUS_LABELS[s] })),
  { key: "week", label: "This week" },
];

export default function JobsList({ loaderData }: Route.ComponentProps) {
  const current = loaderData.view === "week" ? "week" : loaderData.status;
  return (
    <>
      <ListHeader
        title="Jobs"
        intro="Every job, newest first: made when a client accepts a quote. Schedule each one's days on its programme."
      />
      <ListTabs
        label="Filter by status"
        tabs={TABS.map((tab) => ({
          label: tab.label,
          to:
            tab.key === ""
              ? "/admin/jobs"
              : tab.key === "week"
                ? "/admin/jobs?view=week"
                : `/admin/jobs?status=${tab.key}`,
          current: current === tab.key,
        }))}
      />
      {loaderData.view === "week" ? <WeekDays week={loaderData.week} /> : <JobRows list={loaderData} />}
    </>
  );
}

function JobRows({ list }: { list: ListData }) {
  const { items, total, q, status, page, pageSize } = list;
  const at = (p: number) =>
    `/admin/jobs?${new URLSearchParams({ ...(status && { status }), ...(q && { q }), page: String(p) }).toString()}`;
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <ListSearch label="Search jobs" placeholder="Job number, client or site" q={q} keep={{ status }} />
      <AdminList
        names={NAMES}
        rows={items}
        columns={columns}
        tableClassName="min-w-[760px]"
        searching={q !== "" || status !== ""}
        tab={q === "" && status !== "" ? JOB_STATUS_LABELS[status as JobStatus] : undefined}
        status={
          total === 0
            ? "No jobs"
            : `Showing ${first.toLocaleString("en-IE")}–${(first + items.length - 1).toLocaleString("en-IE")} of ${total.toLocaleString("en-IE")} ${total === 1 ? "job" : "jobs"}`
        }
        empty={
          <ListEmpty
            title="No jobs yet."
            text="A job appears here when a client accepts a quote online, or when you start one from a client's page."
          />
        }
        actions={(j) => (
          <>
            <RowLink to={`/admin/jobs/${j.id}`} className={rowButton.dark}>
              Open<span className="sr-only"> job {j.number}</span>
            </RowLink>
            <RowLink to={`/admin/jobs/${j.id}/programme`} className={rowButton.light}>
              Programme<span className="sr-only"> of job {j.number}</span>
            </RowLink>
          </>
        )}
      />
      <ListPagination
        previous={page > 1 ? { to: at(page - 1), label: "Previous" } : undefined}
        next={first + items.length - 1 < total ? { to: at(page + 1), label: "Next" } : undefined}
      />
    </>
  );
}
