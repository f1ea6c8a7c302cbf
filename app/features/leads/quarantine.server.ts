import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, type ContactSubmission } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { attachLeadToClient } from "~/features/clients/client-for-lead.server";
import { changeLead } from "./change-lead.server";
import { queueLeadEmails } from "./lead-emails.server";
import { startDailyJob } from "~/features/schedule/daily-job.server";

// Quarantine: submissions a spam check flagged. They are stored like any lead but with spam = true,
// so nothing a person sent is ever lost to a wrong guess; staff see them under the inbox's Spam tab
// and can release one. Bots must not be able to fill the disk through it, so quarantine is capped in
// number (the oldest go first) and emptied of rows older than SPAM_RETENTION_DAYS once a day.

const DAY_MS = 24 * 3_600_000;

/**
 * Keeps at most `max` quarantined rows, deleting the oldest. Runs in the transaction that stored a
 * new one, so the cap holds however fast they arrive. The spam index makes the scan cheap.
 */
export async function capQuarantine(tx: Db, max: number): Promise<number> {
  const excess = tx
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.spam, true))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .offset(max);
  const gone = await tx
    .delete(contactSubmissions)
    .where(and(eq(contactSubmissions.spam, true), inArray(contactSubmissions.id, excess)))
    .returning({ id: contactSubmissions.id });
  return gone.length;
}

/** Deletes quarantined rows older than `days`. Returns how many. */
export async function purgeQuarantine(db: Db, days: number, now = new Date()): Promise<number> {
  const gone = await db
    .delete(contactSubmissions)
    .where(
      and(eq(contactSubmissions.spam, true), lt(contactSubmissions.createdAt, new Date(now.getTime() - days * DAY_MS))),
    )
    .returning({ id: contactSubmissions.id });
  return gone.length;
}

/** Purges old quarantine shortly after start and then daily. Returns a stop function. */
export function startQuarantineSchedule(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "logger">,
): () => void {
  const days = services.env.SPAM_RETENTION_DAYS;
  return startDailyJob("quarantine purge", services.logger, async () => {
    const deleted = await purgeQuarantine(services.database.db, days);
    if (deleted > 0) services.logger.info({ deleted, days }, "quarantine: deleted old suspected spam");
  });
}

export type ReleaseResult = { status: "released" } | { status: "not-spam" } | { status: "not-found" };

/**
 * Moves a quarantined submission into the inbox and only then queues its staff notification and
 * auto-reply, in one transaction. Only the request that flips spam from true to false queues them,
 * so a double click or two staff at once send each e-mail once.
 */
export async function releaseFromQuarantine(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business" | "notifyEmails" | "outbox">,
  id: number,
  actor: AuditActor,
  /** In the release's transaction, before the e-mails: what the lead's own form does on release (a booking request books its time). */
  onRelease?: (tx: Db, row: ContactSubmission) => Promise<{ autoReply: boolean }>,
): Promise<ReleaseResult> {
  const result = await services.database.db.transaction(async (tx): Promise<ReleaseResult> => {
    // Only a lead still in quarantine moves: a second click, or a second person, finds it released.
    const released = await changeLead(tx, id, (lead) => (lead.spam ? { spam: false } : null), actor);
    if (released.status === "not-found") return { status: "not-found" };
    if (released.status !== "ok") return { status: "not-spam" };
    const row = released.lead;
    await attachLeadToClient(tx, row);
    const after = onRelease ? await onRelease(tx, row) : { autoReply: true };
    await queueLeadEmails(tx, row, services, after);
    return { status: "released" };
  });
  if (result.status === "released") services.outbox.kick();
  return result;
}

/** How many submissions wait in quarantine (for the Spam tab's label), counted up to `cap`. */
export async function countQuarantined(db: Db, cap: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.spam, true))
      .limit(cap + 1)
      .as("spam"),
  );
  return Number(row?.n ?? 0);
}
