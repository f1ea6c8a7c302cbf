import { and, asc, desc, eq, isNotNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactEvents, contactNotes, contactSubmissions, emailOutbox, users } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import { failedEmailsOfLead } from "~/features/mail/failed-emails.server";
import { fieldErrorsOf, hasFieldErrors, type FieldErrors } from "~/forms/field-errors";
import {
  LEAD_FIELDS,
  LEAD_MESSAGES,
  LeadPatchSchema,
  leadProblems,
  NoteSchema,
  type LeadField,
  type LeadStatusValue,
} from "./lead-schema";

// The sales pipeline on an enquiry: status, value, assignee, follow-up, notes and the lead's
// timeline. Every change is one transaction (the lead row, locked, and its timeline event), so
// two people editing at once never lose one another's change or leave a half-made one.

export type LeadUpdateResult =
  | {
      status: "ok";
      lead: {
        id: number;
        readAt: Date | null;
        status: LeadStatusValue;
        valueEur: number | null;
        lostReason: string | null;
        assigneeId: number | null;
        followUpAt: Date | null;
      };
      /** The pipeline fields that changed, with their values before and after. */
      changes: Record<string, [unknown, unknown]>;
      readChanged: boolean;
    }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors<LeadField | "read"> }
  | { status: "not-found" };

const asJson = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * Applies a PATCH to a lead: read/unread and any pipeline field. Bad input (an unknown status, a
 * negative value, "lost" without a reason, an unknown assignee) changes nothing.
 */
/** A lead's pipeline state: read before a change (locked) and returned after it. */
const LEAD_STATE = {
  id: contactSubmissions.id,
  readAt: contactSubmissions.readAt,
  status: contactSubmissions.status,
  valueEur: contactSubmissions.valueEur,
  lostReason: contactSubmissions.lostReason,
  assigneeId: contactSubmissions.assigneeId,
  followUpAt: contactSubmissions.followUpAt,
};

export async function updateLead(db: Db, id: number, raw: unknown, actor: AuditActor): Promise<LeadUpdateResult> {
  const body = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : null;
  const parsed = LeadPatchSchema.safeParse(body ?? {});
  if (!body || !parsed.success)
    return {
      status: "invalid",
      message: "Please correct the highlighted fields.",
      fieldErrors: parsed.success ? {} : fieldErrorsOf(parsed.error, [...LEAD_FIELDS, "read"]),
    };
  const patch = parsed.data;
  if (Object.keys(patch).length === 0) return { status: "invalid", message: LEAD_MESSAGES.nothing, fieldErrors: {} };

  return db.transaction(async (tx): Promise<LeadUpdateResult> => {
    const [before] = await tx
      .select(LEAD_STATE)
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!before) return { status: "not-found" };

    if (patch.assigneeId != null) {
      const [assignee] = await tx.select({ id: users.id }).from(users).where(eq(users.id, patch.assigneeId));
      if (!assignee)
        return {
          status: "invalid",
          message: "Please correct the highlighted fields.",
          fieldErrors: { assigneeId: LEAD_MESSAGES.assigneeId },
        };
    }

    const status = patch.status ?? before.status;
    const after = {
      status,
      valueEur: patch.valueEur === undefined ? before.valueEur : patch.valueEur,
      // Leaving "lost" drops its reason unless a new one is sent; a blank reason is none.
      lostReason:
        (patch.lostReason === undefined ? (status === "lost" ? before.lostReason : null) : patch.lostReason?.trim()) ||
        null,
      assigneeId: patch.assigneeId === undefined ? before.assigneeId : patch.assigneeId,
      followUpAt:
        patch.followUpAt === undefined ? before.followUpAt : patch.followUpAt ? new Date(patch.followUpAt) : null,
    };
    const problems = leadProblems(after);
    if (hasFieldErrors(problems))
      return { status: "invalid", message: "Please correct the highlighted fields.", fieldErrors: problems };

    const changes: Record<string, [unknown, unknown]> = {};
    for (const key of Object.keys(after) as Array<keyof typeof after>) {
      const was = asJson(before[key]);
      const now = asJson(after[key]);
      if (was !== now) changes[key] = [was, now];
    }
    const readChanged = patch.read !== undefined && patch.read !== (before.readAt !== null);
    if (Object.keys(changes).length === 0 && !readChanged)
      return { status: "ok", lead: { ...before, status: before.status }, changes, readChanged };

    const now = sql`now()`;
    const [lead] = await tx
      .update(contactSubmissions)
      .set({
        ...after,
        ...(patch.read === undefined
          ? {}
          : { readAt: patch.read ? sql`coalesce(${contactSubmissions.readAt}, now())` : null }),
        // First left "new", first quoted (or won straight away), and when it was won.
        ...(changes.status && status !== "new"
          ? { contactedAt: sql`coalesce(${contactSubmissions.contactedAt}, ${now})` }
          : {}),
        ...(changes.status && (status === "quoted" || status === "won")
          ? { quotedAt: sql`coalesce(${contactSubmissions.quotedAt}, ${now})` }
          : {}),
        ...(changes.status ? { wonAt: status === "won" ? now : null } : {}),
      })
      .where(eq(contactSubmissions.id, id))
      .returning(LEAD_STATE);
    if (Object.keys(changes).length > 0)
      await tx
        .insert(contactEvents)
        .values({ submissionId: id, userId: actor.userId, username: actor.username, changes });
    return { status: "ok", lead: lead!, changes, readChanged };
  });
}

export type NoteResult =
  | { status: "ok"; note: { id: number; body: string; authorId: number | null; authorName: string; createdAt: Date } }
  | { status: "invalid"; fieldErrors: FieldErrors<"body"> }
  | { status: "not-found" };

/** A staff note on a lead (1–5,000 characters). */
export async function addNote(
  db: Db,
  submissionId: number,
  raw: unknown,
  author: { id: number; username: string },
): Promise<NoteResult> {
  const parsed = NoteSchema.safeParse(raw ?? {});
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error, ["body"]) };
  const [exists] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, submissionId));
  if (!exists) return { status: "not-found" };
  try {
    const [note] = await db
      .insert(contactNotes)
      .values({ submissionId, authorId: author.id, authorName: author.username, body: parsed.data.body })
      .returning({
        id: contactNotes.id,
        body: contactNotes.body,
        authorId: contactNotes.authorId,
        authorName: contactNotes.authorName,
        createdAt: contactNotes.createdAt,
      });
    return { status: "ok", note: note! };
  } catch (error) {
    // Erased between the check and the insert (foreign key).
    if ((error as { cause?: { code?: string } }).cause?.code === "23503") return { status: "not-found" };
    throw error;
  }
}

export type TimelineItem =
  | { type: "submitted"; at: Date; source: string }
  | { type: "change"; at: Date; by: string | null; changes: Record<string, [unknown, unknown]> }
  | { type: "note"; at: Date; by: string; body: string }
  | { type: "email"; at: Date; kind: string; to: string; subject: string }
  | { type: "email-failed"; at: Date; to: string; subject: string; attempts: number; error: string | null };

/** The lead's notes (newest first) and its timeline (oldest first): submitted, changes, notes, e-mails sent or failed. */
export async function leadHistory(db: Db, lead: { id: number; createdAt: Date; source: string }) {
  const [notes, events, emails, failedEmails] = await Promise.all([
    db
      .select({
        id: contactNotes.id,
        body: contactNotes.body,
        authorId: contactNotes.authorId,
        authorName: contactNotes.authorName,
        createdAt: contactNotes.createdAt,
      })
      .from(contactNotes)
      .where(eq(contactNotes.submissionId, lead.id))
      .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id)),
    db
      .select()
      .from(contactEvents)
      .where(eq(contactEvents.submissionId, lead.id))
      .orderBy(asc(contactEvents.at), asc(contactEvents.id)),
    db
      .select({
        kind: emailOutbox.kind,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.submissionId, lead.id), eq(emailOutbox.status, "sent"), isNotNull(emailOutbox.sentAt))),
    failedEmailsOfLead(db, lead.id),
  ]);
  const timeline: TimelineItem[] = [
    { type: "submitted" as const, at: lead.createdAt, source: lead.source },
    ...events.map((e) => ({ type: "change" as const, at: e.at, by: e.username, changes: e.changes })),
    ...notes.map((n) => ({ type: "note" as const, at: n.createdAt, by: n.authorName, body: n.body })),
    ...emails.map((m) => ({
      type: "email" as const,
      at: m.sentAt!,
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
    })),
    ...failedEmails.map((m) => ({
      type: "email-failed" as const,
      at: m.failedAt!,
      to: m.to,
      subject: m.subject,
      attempts: m.attempts,
      error: m.lastError,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return { notes, timeline };
}

/** Everyone who can be assigned a lead, by name. */
export function listStaff(db: Db): Promise<Array<{ id: number; username: string }>> {
  return db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.username));
}

export type FollowUpRow = {
  id: number;
  name: string;
  service: string | null;
  status: string;
  followUpAt: Date;
  assignee: string | null;
};

/** Open leads whose follow-up is due by `until` (overdue first), at most `limit`. */
export function dueFollowUps(db: Db, until: Date, limit = 50): Promise<FollowUpRow[]> {
  return db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      service: contactSubmissions.service,
      status: contactSubmissions.status,
      followUpAt: sql<Date>`${contactSubmissions.followUpAt}`.mapWith(contactSubmissions.followUpAt),
      assignee: users.username,
    })
    .from(contactSubmissions)
    .leftJoin(users, eq(users.id, contactSubmissions.assigneeId))
    .where(followUpDueBy(until))
    .orderBy(asc(contactSubmissions.followUpAt), asc(contactSubmissions.id))
    .limit(limit);
}

/** Open (not won or lost) leads with a follow-up at or before `until`: the partial index's condition. */
export function followUpDueBy(until: Date | SQL): SQL {
  return and(
    eq(contactSubmissions.spam, false),
    isNotNull(contactSubmissions.followUpAt),
    notInArray(contactSubmissions.status, ["won", "lost"]),
    lte(contactSubmissions.followUpAt, until),
  )!;
}
