import { actionsOfGroup, isAuditAction, isAuditGroup, type AuditAction, type AuditGroup } from "./audit-actions";
import { addDays, dublinInstant, isCalendarDay } from "~/features/time/dublin-time";
import { formatDate, formatTimeSeconds } from "~/features/time/irish-format";

/** How /admin/audit is filtered and paged: read from the URL by the loader, written back into links. */

export const AUDIT_PAGE_SIZE = 50;

/**
 * A position in the log, newest first: the row's time in UTC with microseconds (as PostgreSQL
 * stores it; a JavaScript Date would round it to milliseconds and skip or repeat rows) and its id.
 */
export type AuditCursor = { at: string; id: number };

export type AuditQuery = {
  /** A group of actions (e.g. "content") or one action (e.g. "faq.update"); null: everything. */
  activity: AuditGroup | AuditAction | null;
  /** Exact username as stored on the rows. */
  user: string | null;
  /** Irish calendar dates, YYYY-MM-DD, both inclusive. */
  from: string | null;
  to: string | null;
  /** Rows older than this one (the "Older" link). */
  before: AuditCursor | null;
  /** Rows newer than this one (the "Newer" link). */
  after: AuditCursor | null;
};

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([1-9]\d{0,15})$/;

export function parseCursor(value: string | null): AuditCursor | null {
  const m = value ? CURSOR.exec(value) : null;
  if (!m || Number.isNaN(Date.parse(m[1]!))) return null;
  return { at: m[1]!, id: Number(m[2]) };
}

export const cursorText = (cursor: AuditCursor) => `${cursor.at}_${cursor.id}`;

/** A real calendar date as YYYY-MM-DD (2026-02-30 is not) from 2000 on, or null. */
export function parseDate(value: string | null): string | null {
  const day = value?.trim();
  return isCalendarDay(day) && day >= "2000" ? day : null;
}

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const activity = params.get("activity") ?? "";
  const user = (params.get("user") ?? "").trim().slice(0, 100);
  const before = parseCursor(params.get("before"));
  return {
    activity: isAuditGroup(activity) || isAuditAction(activity) ? activity : null,
    user: user || null,
    from: parseDate(params.get("from")),
    to: parseDate(params.get("to")),
    before,
    // One direction at a time; "before" wins if a hand-made URL has both.
    after: before ? null : parseCursor(params.get("after")),
  };
}

/** Query string for a state of the page (empty values left out, so URLs stay short). */
export function auditQueryString(query: Partial<AuditQuery>): string {
  const params = new URLSearchParams();
  if (query.activity) params.set("activity", query.activity);
  if (query.user) params.set("user", query.user);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.before) params.set("before", cursorText(query.before));
  else if (query.after) params.set("after", cursorText(query.after));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export const hasAuditFilters = (query: AuditQuery) => Boolean(query.activity || query.user || query.from || query.to);

/** The actions an activity filter stands for (null: no filter). */
export function actionsOf(activity: AuditQuery["activity"]): AuditAction[] | null {
  if (!activity) return null;
  return isAuditGroup(activity) ? actionsOfGroup(activity) : [activity];
}

/** The instant an Irish calendar date (YYYY-MM-DD) begins. */
export const dublinDayStart = (date: string): Date => dublinInstant(date, 0);

/** The half-open range of instants the date filters cover: since ≤ at < until. */
export function auditTimeRange(query: Pick<AuditQuery, "from" | "to">): { since: Date | null; until: Date | null } {
  let until: Date | null = null;
  if (query.to) {
    until = dublinDayStart(addDays(query.to, 1));
  }
  return { since: query.from ? dublinDayStart(query.from) : null, until };
}

/** An entry's time in Irish time, e.g. { date: "21 November 2026", time: "7:05:12" }. */
export function formatAuditTime(value: Date | string): { iso: string; date: string; time: string } {
  const d = new Date(value);
  return { iso: d.toISOString(), date: formatDate(d), time: formatTimeSeconds(d) };
}
