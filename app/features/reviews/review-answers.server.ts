import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobs, reviewRequests, testimonials, type ReviewRequestRow } from "~/db/schema";
import { validate, type FieldErrors } from "~/forms/field-errors";
import { isSecretToken } from "~/features/security/secret-token.server";
import { jobArea, VERIFIED_CLIENT } from "./review-rules";
import { ReviewAnswerSchema, type ReviewAnswerField } from "./review-schema";

// The client's side of a review request, behind /r/<token>: opening the page is recorded once; an
// answer becomes a testimonial awaiting approval (verified: it came from the client of a real job),
// published with their name only if they said so, else as "Verified client, <area>". "No thanks"
// closes the request: no reminders after either.

export type ReviewPageState = "open" | "answered" | "declined";

export type ReviewPageView = { state: ReviewPageState; jobTitle: string; area: string };

export async function findReviewRequest(db: Db, token: string): Promise<ReviewRequestRow | null> {
  if (!isSecretToken(token)) return null;
  const [row] = await db.select().from(reviewRequests).where(eq(reviewRequests.token, token));
  return row ?? null;
}

const stateOf = (r: Pick<ReviewRequestRow, "answeredAt" | "declinedAt">): ReviewPageState =>
  r.answeredAt ? "answered" : r.declinedAt ? "declined" : "open";

/** What the page shows; the first view of the page is recorded as "opened". */
export async function openReviewPage(db: Db, request: ReviewRequestRow, now = new Date()): Promise<ReviewPageView> {
  if (!request.openedAt)
    await db
      .update(reviewRequests)
      .set({ openedAt: now })
      .where(and(eq(reviewRequests.id, request.id), isNull(reviewRequests.openedAt)));
  const [job] = await db.select({ title: jobs.title, site: jobs.site }).from(jobs).where(eq(jobs.id, request.jobId));
  return { state: stateOf(request), jobTitle: job?.title ?? "", area: job ? jobArea(job.site) : "" };
}

export type ReviewAnswerResult =
  | { status: "ok"; testimonialId: number }
  | { status: "declined" }
  | { status: "not-found" }
  | { status: "closed"; state: ReviewPageState }
  | { status: "invalid"; errors: FieldErrors<ReviewAnswerField> };

/** The form's answer: { stars, text, name, company, consentName }, once. */
export async function answerReview(db: Db, token: string, raw: unknown, now = new Date()): Promise<ReviewAnswerResult> {
  if (!isSecretToken(token)) return { status: "not-found" };
  const checked = validate(ReviewAnswerSchema, raw);
  return db.transaction(async (tx): Promise<ReviewAnswerResult> => {
    const [request] = await tx.select().from(reviewRequests).where(eq(reviewRequests.token, token)).for("update");
    if (!request) return { status: "not-found" };
    const state = stateOf(request);
    if (state !== "open") return { status: "closed", state };
    if (!checked.ok) return { status: "invalid", errors: checked.errors };
    const answer = checked.data;
    const [job] = await tx.select({ site: jobs.site }).from(jobs).where(eq(jobs.id, request.jobId));
    const [testimonial] = await tx
      .insert(testimonials)
      .values({
        name: answer.consentName ? answer.name : VERIFIED_CLIENT,
        company: answer.consentName ? answer.company : null,
        location: job ? jobArea(job.site) : null,
        content: answer.text,
        stars: answer.stars,
        status: "pending",
        verified: true,
        jobId: request.jobId,
        createdAt: now,
      })
      .returning({ id: testimonials.id });
    await tx
      .update(reviewRequests)
      .set({
        answeredAt: now,
        testimonialId: testimonial!.id,
        answerName: answer.name,
        answerCompany: answer.company,
      })
      .where(eq(reviewRequests.id, request.id));
    return { status: "ok", testimonialId: testimonial!.id };
  });
}

/** "No thanks": the request is closed, no reminder follows. */
export async function declineReview(db: Db, token: string, now = new Date()): Promise<ReviewAnswerResult> {
  if (!isSecretToken(token)) return { status: "not-found" };
  const [request] = await db.select().from(reviewRequests).where(eq(reviewRequests.token, token));
  if (!request) return { status: "not-found" };
  const [declined] = await db
    .update(reviewRequests)
    .set({ declinedAt: now })
    .where(and(eq(reviewRequests.id, request.id), isNull(reviewRequests.answeredAt), isNull(reviewRequests.declinedAt)))
    .returning({ id: reviewRequests.id });
  return declined ? { status: "declined" } : { status: "closed", state: stateOf(request) };
}
