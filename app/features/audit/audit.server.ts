import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import type { AuditAction } from "./audit-actions";
import { actionsOf, AUDIT_PAGE_SIZE, auditTimeRange, type AuditCursor, type AuditQuery } from "./audit-query";

/** Who acted: a signed-in user, or (for a failed sign-in) just the name that was tried. */
export type AuditActor = {
  userId: number | null;
  username: string | null;
  ip?: string | null;
  /** The HTTP request the action came with (requestActor fills it in); see isCrossSiteRead. */
  request?: { method: string; fetchSite: string | undefined };
};

/**
 * A GET (or HEAD) that does not come from the site's own pages. The session cookie is SameSite=Lax,
 * so a link on another site opens, say, an enquiry in a signed-in user's name: such a request is
 * answered, but writes no audit row (anyone could otherwise fill the log in someone's name).
 * Browsers send Sec-Fetch-Site; a request without it (a script, curl) is not from the site either.
 */
export const isCrossSiteRead = (request: AuditActor["request"]): boolean =>
  request !== undefined &&
  (request.method === "GET" || request.method === "HEAD") &&
  request.fetchSite !== "same-origin";

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
  if (isCrossSiteRead(actor.request)) {
    logger?.info(
      { audit: entry.action, fetchSite: actor.request?.fetchSite ?? null },
      "audit row not written: a GET from outside the site",
    );
    return;
  }
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
    const { request: _request, ...who } = actor;
    logger?.error({ err: error, audit: { ...entry, details: undefined }, actor: who }, "could not write the audit log");
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

/**
 * The actor of an /api/admin request: the user the admin API guard put in res.locals, the client
 * IP, and the request's method and Sec-Fetch-Site (for recordAudit's cross-site rule).
 */
export function requestActor(req: Request, res: Response): AuditActor {
  return {
    ...actorOf(res.locals.user as { id: number; username: string }, req.ip),
    request: { method: req.method, fetchSite: req.get("sec-fetch-site") },
  };
}

/**
 * Records a refused (throttled) sign-in once per window: a flood of attempts writes one row, not
 * one per request. `key` says what was throttled: the client's address (any user name), or one
 * user name from that address. The check and the write run under a transaction-scoped advisory
 * lock on the key, so concurrent attempts cannot both write.
 */
export async function recordThrottledSignIn(
  db: Db,
  attempt: { username: string; ip: string; by: "ip" | "user"; windowSeconds: number },
  logger?: Logger,
): Promise<boolean> {
  const { username, ip, by, windowSeconds } = attempt;
  const lockKey =
    by === "ip" ? `sign-in throttled ip:${ip}` : `sign-in throttled user:${username.toLowerCase()} ip:${ip}`;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
      const [seen] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "sign-in.failure"),
            gte(auditLog.at, sql`now() - make_interval(secs => ${windowSeconds})`),
            eq(auditLog.ip, ip),
            sql`${auditLog.details}->>'reason' = 'throttled'`,
            sql`${auditLog.details}->>'by' = ${by}`,
            by === "user" ? sql`lower(${auditLog.username}) = ${username.toLowerCase()}` : undefined,
          ),
        )
        .limit(1);
      if (seen) return false;
      await tx.insert(auditLog).values({
        userId: null,
        username,
        ip,
        action: "sign-in.failure",
        summary:
          `Sign-in as ${username} refused: too many attempts${by === "ip" ? " from this address" : ""} (more refusals in the next ${minutes(windowSeconds)} are not listed)`.slice(
            0,
            500,
          ),
        details: { reason: "throttled", by },
      });
      return true;
    });
  } catch (error) {
    logger?.error({ err: error, username, ip }, "could not write the audit log");
    return false;
  }
}

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.round(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
};

/**
 * Deletes audit rows older than `days` (AUDIT_RETENTION_DAYS): the log is for recent
 * accountability, and it holds IP addresses and the user names people tried. Returns how many.
 */
export async function purgeOldAudit(db: Db, days: number): Promise<number> {
  const deleted = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: auditLog.id });
  return deleted.length;
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

const itemColumns = {
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
};

const listColumns = {
  ...itemColumns,
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

/**
 * The staff accounts' full names, by account id and by username, to name the people in the log
 * (staffNameAndUsername decides what a blank one means).
 */
export async function staffFullNames(db: Db): Promise<{ byId: Map<number, string>; byUsername: Map<string, string> }> {
  const rows = await db.select({ id: users.id, username: users.username, fullName: users.fullName }).from(users);
  return {
    byId: new Map(rows.map((r) => [r.id, r.fullName])),
    byUsername: new Map(rows.map((r) => [r.username, r.fullName])),
  };
}

/** One entry as GET /api/admin/audit answers it. */
export type AuditApiItem = Omit<AuditListRow, "cursor" | "at"> & { at: string };

/**
 * One page of the log for the API, newest first: `page` counts from 1, AUDIT_PAGE_SIZE rows a
 * page; `actions` (null: all) narrows it. `total` counts every matching row.
 */
export async function listAuditByPage(
  db: Db,
  { page, actions }: { page: number; actions: AuditAction[] | null },
): Promise<{ total: number; items: AuditApiItem[] }> {
  const where = actions ? inArray(auditLog.action, actions) : undefined;
  const [total, rows] = await Promise.all([
    db.$count(auditLog, where),
    db
      .select(itemColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
  ]);
  return { total, items: rows.map(({ at, ...r }) => ({ ...r, at: at.toISOString() })) };
}
