import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { AuditAction } from "./audit-actions";
import { actionsOf, AUDIT_PAGE_SIZE, auditTimeRange, type AuditCursor, type AuditQuery } from "./audit-query";

/** Who acted: a signed-in user, or (for a failed sign-in) just the name that was tried. */
export type AuditActor = { userId: number | null; username: string | null; ip?: string | null };

export type AuditEntry = {
  action: AuditAction;
  summary: string;
  target?: { type: string; id: string | number };
  /** Small facts for the reader (changed field names, a count, a reason). Never secrets. */
  details?: Record<string, unknown>;
};

/** Keys that must never reach the log, wherever a caller's details come from. */
const SECRET_KEY = /pass|code|secret|token|otp|totp|recovery/i;

function scrub(details: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!details) return null;
  const clean = Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
  return Object.keys(clean).length ? clean : null;
}

/**
 * Writes one audit row. An audit failure is logged as an error but does not undo or fail the
 * action it describes (that already happened); the request log keeps the same facts.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, logger?: Logger): Promise<void> {
  try {
    await db.insert(auditLog).values({
      userId: actor.userId,
      username: actor.username,
      ip: actor.ip ?? null,
      action: entry.action,
      summary: entry.summary.slice(0, 500),
      targetType: entry.target?.type ?? null,
      targetId: entry.target ? String(entry.target.id) : null,
      details: scrub(entry.details),
    });
  } catch (error) {
    logger?.error({ err: error, audit: { ...entry, details: undefined }, actor }, "could not write the audit log");
  }
}

/** The actor for a signed-in user. */
export const actorOf = (user: { id: number; username: string }, ip?: string | null): AuditActor => ({
  userId: user.id,
  username: user.username,
  ip,
});

/** Quotes a title for a summary line, shortened: 'Updated FAQ "How long does…"'. */
export function quoted(text: string | null | undefined, max = 80): string {
  const t = (text ?? "").replace(/\s+/g, " ").trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}

/** The actor of an /api/admin request: the user the admin API guard put in res.locals, and the client IP. */
export function requestActor(req: Request, res: Response): AuditActor {
  return actorOf(res.locals.user as { id: number; username: string }, req.ip);
}

/** Names of the fields an update changed (values are never logged: they may be long or personal). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  // Timestamps and a page's publishing state follow from the change itself: not fields staff changed.
  ignore: string[] = ["id", "createdAt", "updatedAt", "publishedAt", "publishedRevisionId", "hasUnpublishedChanges"],
): string[] {
  if (!before) return [];
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a) === JSON.stringify(b);
  return Object.keys(after).filter((key) => !ignore.includes(key) && !same(before[key], after[key]));
}

export type AuditListRow = {
  id: number;
  at: Date;
  userId: number | null;
  username: string | null;
  action: string;
  summary: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  /** The row's position for paging links (see AuditCursor). */
  cursor: AuditCursor;
};

export type AuditPage = {
  rows: AuditListRow[];
  /** Where the "Older" link starts (null: these are the oldest matching rows). */
  older: AuditCursor | null;
  /** Where the "Newer" link starts; "latest": the first page; null: these are the newest rows. */
  newer: AuditCursor | "latest" | null;
};

const listColumns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  summary: auditLog.summary,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  ip: auditLog.ip,
  details: auditLog.details,
  // Exact to the microsecond, whatever the session's time zone: the paging cursor.
  cursorAt: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

function whereOf(query: AuditQuery): SQL[] {
  const parts: SQL[] = [];
  const actions = actionsOf(query.activity);
  if (actions) parts.push(actions.length === 1 ? eq(auditLog.action, actions[0]!) : inArray(auditLog.action, actions));
  if (query.user) parts.push(eq(auditLog.username, query.user));
  const { since, until } = auditTimeRange(query);
  if (since) parts.push(gte(auditLog.at, since));
  if (until) parts.push(lt(auditLog.at, until));
  return parts;
}

const position = sql`(${auditLog.at}, ${auditLog.id})`;
const cursorValue = (c: AuditCursor) => sql`(${c.at}::timestamptz, ${c.id})`;

/**
 * One page of the log, newest first: AUDIT_PAGE_SIZE rows before or after a cursor (keyset
 * paging, so rows written meanwhile never shift a page). Ordered by (at, id) descending, which
 * the ascending (at, id) indexes serve read backwards.
 */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters = whereOf(query);
  const select = (extra: SQL | undefined, newestFirst: boolean) =>
    db
      .select(listColumns)
      .from(auditLog)
      .where(and(...filters, extra))
      .orderBy(...(newestFirst ? [desc(auditLog.at), desc(auditLog.id)] : [asc(auditLog.at), asc(auditLog.id)]))
      .limit(AUDIT_PAGE_SIZE + 1);
  const toRow = ({ cursorAt, ...r }: Awaited<ReturnType<typeof select>>[number]): AuditListRow => ({
    ...r,
    cursor: { at: cursorAt, id: r.id },
  });

  if (query.after) {
    const found = await select(sql`${position} > ${cursorValue(query.after)}`, false);
    // Nothing newer (the rows before it were the newest): show the first page instead.
    if (found.length > 0) {
      const rows = found.slice(0, AUDIT_PAGE_SIZE).reverse().map(toRow);
      return {
        rows,
        newer: found.length > AUDIT_PAGE_SIZE ? rows[0]!.cursor : null,
        older: rows[rows.length - 1]!.cursor,
      };
    }
  }
  const before = query.before;
  const found = await select(before ? sql`${position} < ${cursorValue(before)}` : undefined, true);
  const rows = found.slice(0, AUDIT_PAGE_SIZE).map(toRow);
  return {
    rows,
    older: found.length > AUDIT_PAGE_SIZE ? rows[rows.length - 1]!.cursor : null,
    newer: before ? (rows[0]?.cursor ?? "latest") : null,
  };
}

/**
 * Usernames for the "who" filter: everyone who did something. Names only tried at the sign-in
 * form are left out (anyone can type anything there), though filtering by one still works.
 */
export async function listAuditUsernames(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ username: auditLog.username })
    .from(auditLog)
    .where(and(isNotNull(auditLog.username), ne(auditLog.action, "sign-in.failure")))
    .orderBy(asc(auditLog.username))
    .limit(500);
  return rows.map((r) => r.username!);
}
