import { and, asc, desc, eq, isNotNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  contactEvents,
  contactNotes,
  contactSubmissions,
  emailOutbox,
  users,
  type ContactSubmission,
} from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import { failedEmailsOfLead } from "~/features/mail/failed-emails.server";
import { changeLead } from "~/features/leads/change-lead.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import {
  LEAD_FIELDS,
  LEAD_MESSAGES,
  LeadPatchSchema,
  NoteSchema,
  type LeadField,
  type LeadStatusValue,
} from "~/features/leads/lead-schema";
import { fieldErrorsOf, type FieldErrors } from "~/forms/field-errors";

// The sales pipeline on an enquiry: status, value, assignee, follow-up, notes and the lead's
// timeline. Every change is one transaction (the lead row, locked, and its timeline event, both
// written by changeLead on the leads floor), so two people editing at once never lose one
// another's change or leave a half-made one.

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

/** A lead's pipeline state, as the API answers it after a change. */
const pipelineState = (lead: ContactSubmission): Extract<LeadUpdateResult, { status: "ok" }>["lead"] => ({
  id: lead.id,
  readAt: lead.readAt,
  status: lead.status,
  valueEur: lead.valueEur,
  lostReason: lead.lostReason,
  assigneeId: lead.assigneeId,
  followUpAt: lead.followUpAt,
});

/**
 * Applies a PATCH to a lead: read/unread and any pipeline field, through the leads floor's
 * changeLead. Bad input (an unknown status, a negative value, "lost" without a reason, an unknown
 * assignee) changes nothing.
 */
export async function updateLead(db: Db, id: number, raw: unknown, actor: AuditActor): Promise<LeadUpdateResult> {
  const body = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : null;
  const parsed = LeadPatchSchema.safeParse(body ?? {});
  if (!body || !parsed.success)
    return {
      status: "invalid",
      message: "Please correct the highlighted fields.",
      fieldErrors: parsed.success ? {} : fieldErrorsOf(parsed.error, [...LEAD_FIELDS, "read"]),
    };
  const { followUpAt, ...patch } = parsed.data;
  if (Object.keys(parsed.data).length === 0)
    return { status: "invalid", message: LEAD_MESSAGES.nothing, fieldErrors: {} };

  const change = {
    ...patch,
    ...(followUpAt === undefined ? {} : { followUpAt: followUpAt ? new Date(followUpAt) : null }),
  };
  const result = await db.transaction((tx) => changeLead(tx, id, change, actor));
  switch (result.status) {
    case "ok":
      return {
        status: "ok",
        lead: pipelineState(result.lead),
        changes: result.changes,
        readChanged: result.readChanged,
      };
    case "invalid":
      return { status: "invalid", message: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors };
    default:
      return { status: "not-found" };
  }
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
        // Named as they are now (full name, else username); the name stored with it once they're gone.
        authorName: sql<string>`coalesce(${staffNameSql}, ${contactNotes.authorName})`,
        createdAt: contactNotes.createdAt,
      })
      .from(contactNotes)
      .leftJoin(users, eq(users.id, contactNotes.authorId))
      .where(eq(contactNotes.submissionId, lead.id))
      .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id)),
    db
      .select({
        at: contactEvents.at,
        changes: contactEvents.changes,
        username: sql<string | null>`coalesce(${staffNameSql}, ${contactEvents.username})`,
      })
      .from(contactEvents)
      .leftJoin(users, eq(users.id, contactEvents.userId))
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

/** Everyone who can be assigned a lead, by the name colleagues know them by (staffName). */
export function listStaff(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db.select({ id: users.id, name: staffNameSql }).from(users).orderBy(asc(staffNameSql), asc(users.id));
}

export type FollowUpRow = {
  id: number;
  name: string;
  service: string | null;
  status: string;
  followUpAt: Date;
  /** Who the lead is assigned to, by name (staffName), and their id. */
  assignee: string | null;
  assigneeId: number | null;
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
      assignee: staffNameSql,
      assigneeId: contactSubmissions.assigneeId,
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
