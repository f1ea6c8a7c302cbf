import { isLeadStatus, type LeadStatusValue } from "~/features/leads/lead-schema";
import { formatDate, formatDateTime } from "~/features/time/irish-format";

/** How the inbox is filtered and paged; shared by the page, the API and the CSV export. */
export type LeadStatusFilter = "all" | "unread" | "read";
export type LeadListQuery = {
  /** Read or unread (the tabs). */
  status: LeadStatusFilter;
  /** The pipeline status, or "" for any. */
  pipeline: LeadStatusValue | "";
  /** A user id, "none" (nobody assigned), or "" for anyone. */
  assignee: number | "none" | "";
  /** "due": open leads whose follow-up time has passed. */
  followUp: "due" | "";
  /** The Spam tab: quarantined submissions instead of the inbox (?spam=1). */
  spam: boolean;
  q: string;
  page: number;
  pageSize: number;
};

export const DEFAULT_PAGE_SIZE = 25;
/** A larger pageSize is read as this one (the answer's X-Page-Size says so): see BULK_READ_AFTER. */
export const MAX_PAGE_SIZE = 50;

export function parseLeadQuery(params: URLSearchParams): LeadListQuery {
  const status = params.get("status") ?? "";
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const pageSize = Number.parseInt(params.get("pageSize") ?? "", 10);
  // ?status= also takes a pipeline status (the values never clash with read/unread), so an API
  // caller can ask for ?status=won; ?pipeline= is the same and combines with a read/unread tab.
  const pipeline = params.get("pipeline") ?? (isLeadStatus(status) ? status : "");
  const assignee = params.get("assignee") ?? "";
  return {
    status: status === "unread" || status === "read" ? status : "all",
    pipeline: isLeadStatus(pipeline) ? pipeline : "",
    assignee: assignee === "none" ? "none" : /^[1-9]\d{0,8}$/.test(assignee) ? Number(assignee) : "",
    followUp: params.get("followUp") === "due" ? "due" : "",
    spam: params.get("spam") === "1" || params.get("spam") === "true",
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: Number.isFinite(pageSize) && pageSize > 0 ? Math.min(pageSize, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
  };
}

/** Query string for a state of the inbox (defaults left out, so URLs stay short). */
export function leadQueryString(query: Partial<LeadListQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.pipeline) params.set("pipeline", query.pipeline);
  if (query.assignee) params.set("assignee", String(query.assignee));
  if (query.followUp) params.set("followUp", query.followUp);
  if (query.spam) params.set("spam", "1");
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.pageSize && query.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** A lead's day in Irish time, e.g. "21 November 2026" (issue 35 item 8). */
export function formatLeadDate(value: Date | string): string {
  return formatDate(value);
}

/** A lead's moment in Irish time, e.g. "21 November 2026, 7:05" (issue 35 item 8). */
export function formatLeadDateTime(value: Date | string): string {
  return formatDateTime(value);
}
