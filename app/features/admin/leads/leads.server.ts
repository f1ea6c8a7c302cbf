import { containing } from "~/db/sql-conditions";
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { AuditEntry } from "~/features/audit/audit.server";
import { contactNotes, contactSearchText, contactSubmissions, emailOutbox, users } from "~/db/schema";
import { sourceLabel } from "~/features/leads/lead-sources";
import { clientOfLead } from "~/features/clients/clients.server";
import type { LeadListQuery } from "./leads-query";
import { leadStatusLabel } from "~/features/leads/lead-schema";
import { followUpDueBy, leadHistory } from "./pipeline.server";
import { dublinOffsetMinutes, dublinWallParts } from "~/features/time/dublin-time";

const listColumns = {
  id: contactSubmissions.id,
  name: contactSubmissions.name,
  email: contactSubmissions.email,
  phone: contactSubmissions.phone,
  service: contactSubmissions.service,
  message: contactSubmissions.message,
  readAt: contactSubmissions.readAt,
  createdAt: contactSubmissions.createdAt,
  source: contactSubmissions.source,
  leadQuality: contactSubmissions.leadQuality,
  status: contactSubmissions.status,
  valueEur: contactSubmissions.valueEur,
  assigneeId: contactSubmissions.assigneeId,
  followUpAt: contactSubmissions.followUpAt,
  spamReason: contactSubmissions.spamReason,
  clientId: contactSubmissions.clientId,
  // The inbox's "more from this client" marker: one subquery per row of the page, on the client
  // index. The outer row's columns are named in full (drizzle writes a lone column unqualified).
  otherLeads: sql<number>`(select count(*)::int from ${contactSubmissions} as others where others.client_id = contact_submissions.client_id and others.id <> contact_submissions.id)`,
};

export type LeadListRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  readAt: Date | null;
  createdAt: Date;
  source: string;
  leadQuality: string | null;
  status: string;
  valueEur: number | null;
  assigneeId: number | null;
  followUpAt: Date | null;
  /** Why it is in quarantine (only in the Spam tab's list; null in the inbox). */
  spamReason: string | null;
  /** The client it belongs to (null while in quarantine). */
  clientId: number | null;
  /** How many other enquiries its client has. */
  otherLeads: number;
};

type ListFilter = Pick<LeadListQuery, "status" | "q" | "pipeline" | "assignee" | "followUp"> & {
  spam?: boolean;
};

function whereOf(query: ListFilter): SQL | undefined {
  // The inbox and its CSV never show quarantined spam; the Spam tab shows only that.
  const parts: SQL[] = [eq(contactSubmissions.spam, query.spam === true)];
  if (query.status === "unread") parts.push(isNull(contactSubmissions.readAt));
  if (query.status === "read") parts.push(isNotNull(contactSubmissions.readAt));
  if (query.pipeline) parts.push(eq(contactSubmissions.status, query.pipeline));
  if (query.assignee === "none") parts.push(isNull(contactSubmissions.assigneeId));
  else if (query.assignee) parts.push(eq(contactSubmissions.assigneeId, query.assignee));
  if (query.followUp === "due") parts.push(followUpDueBy(sql`now()`));
  // The same expression as the trigram index, so a search uses it.
  if (query.q) parts.push(ilike(contactSearchText(contactSubmissions), containing(query.q)));
  return and(...parts);
}

/**
 * Totals are counted exactly up to this many matches; above it the inbox says "1,000+". An exact
 * count of 100,000 rows costs more than the whole page (seq scan), and nobody pages that far.
 */
export const COUNT_CAP = 1000;

/** One page of the inbox, newest first, with the number of matching enquiries (capped, see COUNT_CAP). */
export async function listLeads(
  db: Db,
  query: LeadListQuery,
): Promise<{ rows: LeadListRow[]; total: number; totalIsCapped: boolean }> {
  const where = whereOf(query);
  // Count at least far enough to know about the page being shown.
  const cap = Math.max(COUNT_CAP, query.page * query.pageSize) + 1;
  // The page's ids first, off an index in list order, then only those rows with their
  // "more from this client" counts: a far page read every row before it, counting each one's
  // other leads, to skip them (issue 40 item 5). `offset` keeps the planner from merging the two.
  const pageIds = db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(where)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.id, pageIds))
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id)),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(contactSubmissions)
        .where(where)
        .limit(cap)
        .as("matches"),
    ),
  ]);
  const counted = Number(totalRow?.n ?? 0);
  return counted >= cap
    ? { rows, total: cap - 1, totalIsCapped: true }
    : { rows, total: counted, totalIsCapped: false };
}

/**
 * A list read that shows enquiries past the first BULK_READ_AFTER of its order (newest first) is
 * reading in bulk: it goes in the audit log (`contact.list`), as the CSV export and opening an
 * enquiry do. The inbox's first pages (four at the 25 it shows) are everyday work and are not.
 */
export const BULK_READ_AFTER = 100;

/** The filter of a list read or export in words, for its audit summary: "unread, search "x"". */
export function describeLeadFilter(query: LeadListQuery): string {
  return [
    query.spam && "Spam",
    query.status !== "all" && query.status,
    query.pipeline,
    query.assignee !== "" && `assignee ${query.assignee}`,
    query.followUp && "follow-up due",
    query.q && `search "${query.q.slice(0, 100)}"`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** The audit entry for a page of the list, when it is a bulk read (see BULK_READ_AFTER); otherwise null. */
export function bulkReadEntry(query: LeadListQuery, rows: number): AuditEntry | null {
  const first = (query.page - 1) * query.pageSize + 1;
  const last = first + rows - 1;
  if (rows === 0 || last <= BULK_READ_AFTER) return null;
  const filter = describeLeadFilter(query);
  return {
    action: "contact.list",
    summary: `Listed enquiries ${first}–${last}${filter ? ` (${filter})` : ""}`,
    details: { page: query.page, pageSize: query.pageSize, rows, filter: filter || undefined },
  };
}

export type LeadDetail = Awaited<ReturnType<typeof getLead>>;

/** One enquiry with everything staff may need, including how its notification e-mail fared. */
export async function getLead(db: Db, id: number) {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  if (!row) return null;
  const [[mail], [assignee], history, client] = await Promise.all([
    db
      .select({
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        sentAt: emailOutbox.sentAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.submissionId, id), eq(emailOutbox.kind, "notification")))
      .orderBy(desc(emailOutbox.id))
      .limit(1),
    row.assigneeId === null
      ? []
      : db.select({ username: users.username }).from(users).where(eq(users.id, row.assigneeId)),
    leadHistory(db, row),
    clientOfLead(db, row),
  ]);
  return {
    ...row,
    // Its client (features/clients) and the client's other enquiries, newest first.
    client,
    assignee: assignee ? { id: row.assigneeId!, username: assignee.username } : null,
    notification: mail ?? null,
    ...history,
  };
}

/** Erases an enquiry and its queued e-mail (GDPR erasure). */
export async function deleteLead(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .delete(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return gone.length > 0;
}

const CSV_COLUMNS = [
  "id",
  "received",
  "name",
  "email",
  "phone",
  "service",
  "message",
  "read",
  "read_at",
  "source",
  "lead_quality",
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "pipeline status",
  "value_eur",
  "assignee",
  "follow_up_at",
  "notes",
] as const;

/** A time as staff read it in Dublin, with its offset so it is exact: "2026-07-01 09:30:00 +01:00". */
export function csvTime(value: Date): string {
  const p = dublinWallParts(value);
  const two = (n: number) => String(n).padStart(2, "0");
  const offset = dublinOffsetMinutes(value);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)} +${two(offset / 60)}:00`;
}

/**
 * A CSV cell: quoted when it holds a comma, a semicolon (the separator in many European
 * spreadsheets), a quote or a line break, and a leading =, +, -, @, tab or CR neutralised with an
 * apostrophe, so a spreadsheet never runs a formula someone typed into the contact form.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? csvTime(value)
        : typeof value === "string"
          ? value
          : typeof value === "number" || typeof value === "boolean"
            ? String(value)
            : (JSON.stringify(value) ?? "");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Each lead's notes as one cell's text, oldest first: "[time] author: note". */
async function notesText(db: Db, ids: number[]): Promise<Map<number, string>> {
  const notes = await db
    .select({
      submissionId: contactNotes.submissionId,
      authorName: contactNotes.authorName,
      body: contactNotes.body,
      createdAt: contactNotes.createdAt,
    })
    .from(contactNotes)
    .where(inArray(contactNotes.submissionId, ids))
    .orderBy(contactNotes.createdAt, contactNotes.id);
  const out = new Map<number, string>();
  for (const n of notes) {
    const line = `[${csvTime(n.createdAt)}] ${n.authorName}: ${n.body}`;
    const before = out.get(n.submissionId);
    out.set(n.submissionId, before === undefined ? line : `${before}\n${line}`);
  }
  return out;
}

/**
 * All enquiries matching the filter (never quarantined spam), newest first, as CSV lines (header
 * first), fetched 1,000 at a time by id (exact, unlike a cursor on timestamps, which JavaScript
 * rounds to milliseconds). Words are the ones staff read in the inbox; times are Dublin's.
 */
export async function* exportLeadsCsv(db: Db, query: ListFilter): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
  let beforeId: number | undefined;
  for (;;) {
    const rows = await db
      .select({ ...getTableColumns(contactSubmissions), assignee: users.username })
      .from(contactSubmissions)
      .leftJoin(users, eq(users.id, contactSubmissions.assigneeId))
      .where(
        and(
          whereOf({ ...query, spam: false }),
          beforeId === undefined ? undefined : lt(contactSubmissions.id, beforeId),
        ),
      )
      .orderBy(desc(contactSubmissions.id))
      .limit(1000);
    if (rows.length === 0) return;
    const notes = await notesText(
      db,
      rows.map((r) => r.id),
    );
    yield rows
      .map((r) =>
        [
          r.id,
          r.createdAt,
          r.name,
          r.email,
          r.phone,
          r.service,
          r.message,
          r.readAt ? "read" : "unread",
          r.readAt,
          sourceLabel(r.source),
          r.leadQuality,
          r.landingPage,
          r.referrer,
          r.utm?.utm_source,
          r.utm?.utm_medium,
          r.utm?.utm_campaign,
          leadStatusLabel(r.status),
          r.valueEur,
          r.assignee,
          r.followUpAt,
          notes.get(r.id),
        ]
          .map(csvCell)
          .join(","),
      )
      .join("\r\n")
      .concat("\r\n");
    beforeId = rows[rows.length - 1]!.id;
  }
}

/** Unread enquiries for the navigation badge and dashboard, counted up to COUNT_CAP ("1,000+"). */
export async function countUnread(db: Db): Promise<{ count: number; capped: boolean }> {
  const [row] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(contactSubmissions)
      .where(and(isNull(contactSubmissions.readAt), eq(contactSubmissions.spam, false)))
      .limit(COUNT_CAP + 1)
      .as("unread"),
  );
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
