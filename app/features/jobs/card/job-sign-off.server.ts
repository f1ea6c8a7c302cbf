import { asc, eq } from "drizzle-orm";
import { isSecretToken } from "~/features/security/secret-token.server";
import type { Db } from "~/db/client.server";
import { emailOutbox, jobs, jobSignOffs, jobSnags, type JobRow } from "~/db/schema";
import { validate, type FieldErrors } from "~/forms/field-errors";
import { addLeadEvent } from "~/features/leads/change-lead.server";
import { readSignature } from "~/features/quotes/quote-signature.server";
import type { AppServices } from "~/services.server";
import { signOffState, type SignOffState } from "./job-card-rules";
import { SignOffSchema } from "./job-card-schema";
import { jobDayViews } from "./job-card.server";
import { jobClientAddress } from "./job-client-address.server";
import { requestReviewInTransaction } from "~/features/reviews/review-requests.server";
import { handoverClientEmail, signedOffStaffEmail } from "./job-emails.server";

// The client's side of a job, behind its secret link /j/<token>: the programme, the crew's
// names, the snags, and once the work is done ("snagging") the sign-off, once. Signing off is one
// transaction: the sign-off row, the job complete, a timeline entry on the lead and both e-mails
// queued in the outbox (staff told; the client sent the handover pack with the job's documents),
// and the client's review request (features/reviews).

export async function findJobByToken(db: Db, token: string): Promise<JobRow | null> {
  if (!isSecretToken(token)) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.token, token));
  return job ?? null;
}

export type ClientJobView = {
  number: string;
  title: string;
  status: JobRow["status"];
  site: JobRow["site"];
  days: Array<{ start: string; end: string; crew: string[] }>;
  snags: Array<{ id: number; text: string; closedAt: string | null }>;
  signOff: { name: string; at: string } | null;
  state: SignOffState;
};

/** What the client's page shows: the crew by name (staffName), no staff notes or money. */
export async function clientJobView(db: Db, job: JobRow): Promise<ClientJobView> {
  const days = await jobDayViews(db, job.id);
  const snags = await db
    .select({ id: jobSnags.id, text: jobSnags.text, closedAt: jobSnags.closedAt })
    .from(jobSnags)
    .where(eq(jobSnags.jobId, job.id))
    .orderBy(asc(jobSnags.createdAt), asc(jobSnags.id));
  const [signOff] = await db.select().from(jobSignOffs).where(eq(jobSignOffs.jobId, job.id));
  return {
    number: job.number,
    title: job.title,
    status: job.status,
    site: job.site,
    days: days.map((d) => ({
      start: d.start.toISOString(),
      end: d.end.toISOString(),
      crew: [...new Set(d.crew.map((c) => c.name))],
    })),
    snags: snags.map((s) => ({ id: s.id, text: s.text, closedAt: s.closedAt?.toISOString() ?? null })),
    signOff: signOff ? { name: signOff.name, at: signOff.at.toISOString() } : null,
    state: signOffState(job.status, Boolean(signOff)),
  };
}

export type SignOffResult =
  | { status: "ok"; job: JobRow; name: string; at: Date }
  | { status: "not-found" }
  | { status: "invalid"; errors: FieldErrors }
  | { status: "signed" | "not-ready" };

/** POST /j/<token>/sign-off (and the page's form): { name, agree: true, signature? }. */
export async function signOffJob(
  services: Pick<AppServices, "database" | "siteUrl" | "business" | "notifyEmails">,
  token: string,
  raw: { name?: unknown; agree?: unknown; signature?: unknown },
  meta: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<SignOffResult> {
  const { db } = services.database;
  if (!(await findJobByToken(db, token))) return { status: "not-found" };
  // Decoded before the job is locked: no image work while holding the row.
  const signature = await readSignature(raw.signature);
  const checked = validate(SignOffSchema, { name: raw.name, agree: raw.agree });
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (!signature.ok) errors.signature = signature.error;
  return db.transaction(async (tx): Promise<SignOffResult> => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.token, token)).for("update");
    if (!job) return { status: "not-found" };
    const [signed] = await tx.select({ at: jobSignOffs.at }).from(jobSignOffs).where(eq(jobSignOffs.jobId, job.id));
    const state = signOffState(job.status, Boolean(signed));
    if (state !== "open") return { status: state };
    if (!checked.ok || !signature.ok) return { status: "invalid", errors };
    const name = checked.data.name;
    await tx.insert(jobSignOffs).values({
      jobId: job.id,
      name,
      at: now,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      signature: signature.signature,
    });
    const [done] = await tx
      .update(jobs)
      .set({ status: "complete", completedAt: now, updatedAt: now })
      .where(eq(jobs.id, job.id))
      .returning();
    if (job.submissionId !== null)
      await addLeadEvent(
        tx,
        job.submissionId,
        { job: [job.number, `signed off by ${name}`] },
        { userId: null, username: null },
      );
    const client = await jobClientAddress(tx, job);
    const staff = services.notifyEmails.join(", ");
    const mails: Array<typeof emailOutbox.$inferInsert> = [];
    if (staff)
      mails.push({
        submissionId: job.submissionId,
        kind: "job-signed-off",
        ...signedOffStaffEmail(
          done!,
          { name, at: now },
          services.siteUrl,
          services.business,
          staff,
          client?.email ?? null,
        ),
      });
    if (client)
      mails.push({
        submissionId: job.submissionId,
        kind: "job-handover",
        attachment: { type: "job-handover", jobId: job.id },
        ...handoverClientEmail(
          done!,
          client.name,
          { name, at: now },
          `${services.siteUrl}/j/${job.token}`,
          services.business,
          client.email,
        ),
      });
    if (mails.length > 0) await tx.insert(emailOutbox).values(mails);
    // Every client who signs off is asked for a review (issue 39), unless asked in the last six months.
    await requestReviewInTransaction(tx, services, done!, null, now);
    return { status: "ok", job: done!, name, at: now };
  });
}
