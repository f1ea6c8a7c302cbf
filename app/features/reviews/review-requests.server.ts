import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  clients,
  emailOutbox,
  jobs,
  reviewRequests,
  testimonials,
  type ReviewRequestRow,
  type JobRow,
} from "~/db/schema";
import { jobClientAddress } from "~/features/jobs/card/job-client-address.server";
import { newSecretToken } from "~/features/security/secret-token.server";
import { formatDate } from "~/features/time/irish-format";
import type { AppServices } from "~/services.server";
import { reviewRequestEmail } from "./review-emails.server";
import { jobArea, requestGapStart, type ReviewRequestView, type ReviewSummary } from "./review-rules";

// Asking a client for a review (issue 39): when their job is signed off, or by hand from the job or
// the client page. Every client is asked the same way (nothing is decided by how the job went), at
// most once in six months whichever of their jobs it is for. The request row and its e-mail are
// written in one transaction; the outbox sends it.

export type ReviewRequestResult =
  { status: "ok"; request: ReviewRequestRow } | { status: "recent"; sentAt: Date } | { status: "no-address" };

export const REVIEW_REQUEST_MESSAGES = {
  recent: (sentAt: Date) =>
    `This client was asked for a review on ${formatDate(sentAt)}: one request per client in six months.`,
  noAddress: "This client has no e-mail address to send a review request to: add one to the client first.",
  noJob: "There is no job with this id. It may have been deleted.",
} as const;

/**
 * Queues a review request for `job` inside the caller's transaction. The client's row is locked
 * first, so two requests at once for jobs of the same client cannot both pass the six-month check.
 */
export async function requestReviewInTransaction(
  tx: Db,
  services: Pick<AppServices, "siteUrl" | "business">,
  job: Pick<JobRow, "id" | "clientId" | "quoteId" | "submissionId" | "title" | "site">,
  requestedBy: number | null,
  now: Date,
): Promise<ReviewRequestResult> {
  await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, job.clientId)).for("update");
  const [recent] = await tx
    .select({ sentAt: reviewRequests.sentAt })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.clientId, job.clientId), gt(reviewRequests.sentAt, requestGapStart(now))))
    .orderBy(desc(reviewRequests.sentAt))
    .limit(1);
  if (recent) return { status: "recent", sentAt: recent.sentAt };
  const address = await jobClientAddress(tx, job);
  if (!address) return { status: "no-address" };
  const token = newSecretToken();
  const [request] = await tx
    .insert(reviewRequests)
    .values({ clientId: job.clientId, jobId: job.id, token, toAddress: address.email, requestedBy, sentAt: now })
    .returning();
  await tx.insert(emailOutbox).values({
    submissionId: job.submissionId,
    kind: "review-request",
    ...reviewRequestEmail(
      {
        name: address.name,
        toAddress: address.email,
        jobTitle: job.title,
        area: jobArea(job.site),
        link: `${services.siteUrl}/r/${token}`,
      },
      services.business,
    ),
  });
  return { status: "ok", request: request! };
}

/** POST /api/admin/jobs/:id/review-request: a request by hand, for any job of the client. */
export async function requestReview(
  services: Pick<AppServices, "database" | "siteUrl" | "business">,
  jobId: number,
  requestedBy: number | null,
  now = new Date(),
): Promise<ReviewRequestResult | { status: "not-found" }> {
  return services.database.db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
    if (!job) return { status: "not-found" } as const;
    return requestReviewInTransaction(tx, services, job, requestedBy, now);
  });
}

const view = (r: ReviewRequestRow): ReviewRequestView => ({
  id: r.id,
  jobId: r.jobId,
  sentAt: r.sentAt.toISOString(),
  openedAt: r.openedAt?.toISOString() ?? null,
  answeredAt: r.answeredAt?.toISOString() ?? null,
  declinedAt: r.declinedAt?.toISOString() ?? null,
  reminders: r.reminders,
});

/** The client's latest request, whichever job it was for (null: never asked). */
export async function latestReviewRequest(db: Db, clientId: number): Promise<ReviewRequestView | null> {
  const [row] = await db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.clientId, clientId))
    .orderBy(desc(reviewRequests.sentAt))
    .limit(1);
  return row ? view(row) : null;
}

/** The testimonials page's panel: requests sent, opened, answered and declined, and the answers' average stars. */
export async function reviewSummary(db: Db): Promise<ReviewSummary> {
  const [counts] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      opened: sql<number>`count(${reviewRequests.openedAt})::int`,
      answered: sql<number>`count(${reviewRequests.answeredAt})::int`,
      declined: sql<number>`count(${reviewRequests.declinedAt})::int`,
    })
    .from(reviewRequests);
  const [stars] = await db
    .select({ average: sql<string | null>`avg(${testimonials.stars})` })
    .from(testimonials)
    .where(eq(testimonials.verified, true));
  return {
    sent: counts?.sent ?? 0,
    opened: counts?.opened ?? 0,
    answered: counts?.answered ?? 0,
    declined: counts?.declined ?? 0,
    averageStars: stars?.average == null ? null : Math.round(Number(stars.average) * 10) / 10,
  };
}
