import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, emailOutbox } from "~/db/schema";

// E-mails the outbox gave up on (status failed: every attempt used up). They are never retried by
// themselves, so staff are told: the dashboard's banner lists them, each lead's timeline shows its own.

export type FailedEmail = {
  id: number;
  leadId: number | null;
  leadName: string | null;
  to: string;
  subject: string;
  failedAt: Date;
  lastError: string | null;
};

/** How many e-mails failed for good, and the latest few with the lead each belongs to. */
export async function failedEmails(db: Db, latest = 5): Promise<{ count: number; latest: FailedEmail[] }> {
  const failed = eq(emailOutbox.status, "failed");
  const [count, rows] = await Promise.all([
    db.$count(emailOutbox, failed),
    db
      .select({
        id: emailOutbox.id,
        leadId: emailOutbox.submissionId,
        leadName: contactSubmissions.name,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        failedAt: emailOutbox.failedAt,
        createdAt: emailOutbox.createdAt,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .leftJoin(contactSubmissions, eq(contactSubmissions.id, emailOutbox.submissionId))
      .where(failed)
      .orderBy(desc(emailOutbox.failedAt), desc(emailOutbox.id))
      .limit(latest),
  ]);
  return {
    count,
    latest: rows.map(({ createdAt, failedAt, ...row }) => ({ ...row, failedAt: failedAt ?? createdAt })),
  };
}

/** A lead's e-mails that failed for good, for its timeline. */
export function failedEmailsOfLead(db: Db, leadId: number) {
  return db
    .select({
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      failedAt: emailOutbox.failedAt,
      lastError: emailOutbox.lastError,
      attempts: emailOutbox.attempts,
    })
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.submissionId, leadId), eq(emailOutbox.status, "failed"), isNotNull(emailOutbox.failedAt)),
    );
}
