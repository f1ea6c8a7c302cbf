import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactEvents, contactSubmissions, users, type ContactSubmission } from "~/db/schema";
import { hasFieldErrors } from "~/forms/field-errors";
import { LEAD_MESSAGES, leadProblems, type LeadField, type LeadStatusValue } from "./lead-schema";

// The one writer of a lead's move: the admin's pipeline, a quote sent, accepted or declined, a
// survey booked and a release from quarantine all change a lead here, in the caller's transaction,
// with one event on its timeline. Jobs and invoices call it too.

/** Who a timeline event names: a member of staff, or nobody (userId null), e.g. "the client". */
export type TimelineActor = { userId: number | null; username: string | null };

/** Timeline entries: field → [before, after]; a caller's own part, e.g. { quote: ["Q-2026-0001", "sent"] }. */
export type TimelineChanges = Record<string, [unknown, unknown]>;

/** What changes on a lead: a field left out stays as it is; null clears value, reason, assignee or follow-up. */
export type LeadChange = {
  status?: LeadStatusValue;
  valueEur?: number | null;
  lostReason?: string | null;
  assigneeId?: number | null;
  followUpAt?: Date | null;
  /** Read (now, unless it already was) or unread. Not a timeline entry. */
  read?: boolean;
  /** Out of quarantine into the inbox; on the timeline with the reason it was held. */
  spam?: false;
};

export type ChangeLeadResult =
  | {
      status: "ok";
      /** The lead after the change (as it was, when nothing changed). */
      lead: ContactSubmission;
      /** The pipeline fields that changed, with their values before and after (times as ISO text). */
      changes: TimelineChanges;
      readChanged: boolean;
    }
  /** The change (a function of the locked lead) chose to leave it alone. */
  | { status: "unchanged"; lead: ContactSubmission }
  | { status: "invalid"; fieldErrors: Partial<Record<LeadField, string>> }
  | { status: "not-found" };

const asJson = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * Changes a lead, locked for the rest of the transaction so two changes at once never lose one
 * another. `change` may be worked out from the locked lead (null: leave it alone). The rules, in one
 * place: "lost" needs a reason (leaving "lost" drops it unless a new one is sent; a blank reason is
 * none); an assignee must be a member of staff; `contactedAt` is when the lead first left "new",
 * `quotedAt` when it first reached "quoted" or "won", `wonAt` when it was last won. One timeline
 * event holds `event` (the caller's part), a release from quarantine and every pipeline field that
 * changed; none is written when there is none of these (a read flag alone is not on the timeline).
 */
export async function changeLead(
  tx: Db,
  leadId: number,
  change: LeadChange | ((lead: ContactSubmission) => LeadChange | null),
  actor: TimelineActor,
  event?: TimelineChanges,
): Promise<ChangeLeadResult> {
  const [before] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId)).for("update");
  if (!before) return { status: "not-found" };
  const patch = typeof change === "function" ? change(before) : change;
  if (!patch) return { status: "unchanged", lead: before };

  if (patch.assigneeId != null) {
    const [assignee] = await tx.select({ id: users.id }).from(users).where(eq(users.id, patch.assigneeId));
    if (!assignee) return { status: "invalid", fieldErrors: { assigneeId: LEAD_MESSAGES.assigneeId } };
  }

  const status = patch.status ?? before.status;
  const after = {
    status,
    valueEur: patch.valueEur === undefined ? before.valueEur : patch.valueEur,
    lostReason:
      (patch.lostReason === undefined ? (status === "lost" ? before.lostReason : null) : patch.lostReason?.trim()) ||
      null,
    assigneeId: patch.assigneeId === undefined ? before.assigneeId : patch.assigneeId,
    followUpAt: patch.followUpAt === undefined ? before.followUpAt : patch.followUpAt,
  };
  const problems = leadProblems(after);
  if (hasFieldErrors(problems)) return { status: "invalid", fieldErrors: problems };

  const changes: TimelineChanges = {};
  for (const key of Object.keys(after) as Array<keyof typeof after>) {
    const was = asJson(before[key]);
    const now = asJson(after[key]);
    if (was !== now) changes[key] = [was, now];
  }
  const readChanged = patch.read !== undefined && patch.read !== (before.readAt !== null);
  const released = patch.spam === false && before.spam;
  let lead = before;
  if (Object.keys(changes).length > 0 || readChanged || released) {
    const now = sql`now()`;
    [lead] = (await tx
      .update(contactSubmissions)
      .set({
        ...after,
        ...(readChanged ? { readAt: patch.read ? now : null } : {}),
        ...(released ? { spam: false } : {}),
        ...(changes.status && status !== "new"
          ? { contactedAt: sql`coalesce(${contactSubmissions.contactedAt}, ${now})` }
          : {}),
        ...(changes.status && (status === "quoted" || status === "won")
          ? { quotedAt: sql`coalesce(${contactSubmissions.quotedAt}, ${now})` }
          : {}),
        ...(changes.status ? { wonAt: status === "won" ? now : null } : {}),
      })
      .where(eq(contactSubmissions.id, leadId))
      .returning()) as [ContactSubmission];
  }
  const entries: TimelineChanges = {
    ...event,
    ...(released ? { spam: [before.spamReason ?? true, false] } : {}),
    ...changes,
  };
  if (Object.keys(entries).length > 0) await addLeadEvent(tx, leadId, entries, actor);
  return { status: "ok", lead, changes, readChanged };
}

/** An event on the lead's timeline that changes nothing else (a quote viewed, a reminder, a booking moved). */
export async function addLeadEvent(
  tx: Pick<Db, "insert">,
  leadId: number,
  event: TimelineChanges,
  actor: TimelineActor,
): Promise<void> {
  await tx
    .insert(contactEvents)
    .values({ submissionId: leadId, userId: actor.userId, username: actor.username, changes: event });
}

/** Whole euros for the lead's value, from cents (half-up). */
export const centsToEuros = (cents: number) => Math.floor((cents + 50) / 100);
