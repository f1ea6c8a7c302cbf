import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactEvents, contactSubmissions, type LeadStatus } from "~/db/schema";

// What a quote does to its lead: sending it makes the lead "quoted" with the quote's value,
// accepting makes it "won", declining "lost" with the reason. Each is one event on the lead's
// timeline, written in the caller's transaction together with the quote's own change. (The same
// bookkeeping as the admin's pipeline update, which this public-side code may not import.)

export type LeadMove = { status: LeadStatus; valueEur?: number; lostReason?: string | null };
export type TimelineActor = { userId: number | null; username: string | null };

const asJson = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export async function moveLead(
  tx: Db,
  leadId: number,
  move: LeadMove,
  /** The quote's own part of the event, e.g. { quote: ["Q-2026-0001", "sent"] }. */
  event: Record<string, [unknown, unknown]>,
  actor: TimelineActor,
): Promise<void> {
  const [before] = await tx
    .select({
      status: contactSubmissions.status,
      valueEur: contactSubmissions.valueEur,
      lostReason: contactSubmissions.lostReason,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, leadId))
    .for("update");
  if (!before) return;
  const after = {
    status: move.status,
    valueEur: move.valueEur ?? before.valueEur,
    lostReason: move.status === "lost" ? (move.lostReason ?? before.lostReason) : null,
  };
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as Array<keyof typeof after>) {
    if (asJson(before[key]) !== asJson(after[key])) changes[key] = [before[key], after[key]];
  }
  if (changes.status || changes.valueEur || changes.lostReason) {
    const now = sql`now()`;
    const status = after.status;
    await tx
      .update(contactSubmissions)
      .set({
        ...after,
        ...(changes.status ? { contactedAt: sql`coalesce(${contactSubmissions.contactedAt}, ${now})` } : {}),
        ...(changes.status && (status === "quoted" || status === "won")
          ? { quotedAt: sql`coalesce(${contactSubmissions.quotedAt}, ${now})` }
          : {}),
        ...(changes.status ? { wonAt: status === "won" ? now : null } : {}),
      })
      .where(eq(contactSubmissions.id, leadId));
  }
  await tx.insert(contactEvents).values({
    submissionId: leadId,
    userId: actor.userId,
    username: actor.username,
    changes: { ...event, ...changes },
  });
}

/** An event on the lead's timeline that changes nothing else (viewed, a reminder sent). */
export async function addLeadEvent(
  tx: Db,
  leadId: number,
  event: Record<string, [unknown, unknown]>,
  actor: TimelineActor,
): Promise<void> {
  await tx
    .insert(contactEvents)
    .values({ submissionId: leadId, userId: actor.userId, username: actor.username, changes: event });
}

/** Whole euros for the lead's value, from cents (half-up). */
export const centsToEuros = (cents: number) => Math.floor((cents + 50) / 100);
