import { Cron } from "croner";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { clients, emailOutbox, jobs, reviewRequests } from "~/db/schema";
import { isReminderHour } from "~/features/quotes/quote-reminders.server";
import type { AppServices } from "~/services.server";
import { reviewReminderEmail } from "./review-emails.server";
import { jobArea, remindersDue } from "./review-rules";

// Reminders of a review request: at each of REVIEW_REMINDER_DAYS (at most two) after it was sent,
// one, only on weekdays 08:00–18:00 Irish time (the quote reminders' hours), none once the client
// answered or said no thanks. Every server runs the check; a reminder is claimed by raising the
// request's `reminders` count in the same transaction as its e-mail, so only one server sends it.
// When both fall due together (the servers were down), only the later one goes.

const DAY_MS = 86_400_000;
const STALE_AFTER_DAYS = 7;

export type ReviewReminderRun = { status: "outside-hours" } | { status: "done"; sent: number };

type Services = Pick<AppServices, "database" | "env" | "siteUrl" | "business">;

export async function runReviewReminders(services: Services, now = new Date()): Promise<ReviewReminderRun> {
  const days = services.env.REVIEW_REMINDER_DAYS;
  if (days.length === 0) return { status: "done", sent: 0 };
  if (!isReminderHour(now)) return { status: "outside-hours" };
  const firstDue = new Date(now.getTime() - days[0]! * DAY_MS);
  // A request older than its last reminder day and a week is left alone (the servers were down):
  // a reminder months late would be no reminder.
  const stale = new Date(now.getTime() - (days.at(-1)! + STALE_AFTER_DAYS) * DAY_MS);
  const candidates = await services.database.db
    .select({ id: reviewRequests.id, sentAt: reviewRequests.sentAt, reminders: reviewRequests.reminders })
    .from(reviewRequests)
    .where(
      and(
        isNull(reviewRequests.answeredAt),
        isNull(reviewRequests.declinedAt),
        lt(reviewRequests.reminders, days.length),
        sql`${reviewRequests.sentAt} <= ${firstDue}`,
        sql`${reviewRequests.sentAt} > ${stale}`,
      ),
    );
  let sent = 0;
  for (const candidate of candidates) {
    const due = remindersDue(days, now.getTime() - candidate.sentAt.getTime());
    if (due > candidate.reminders && (await sendReminder(services, candidate.id, due))) sent++;
  }
  return { status: "done", sent };
}

/** Claims reminder `n` and queues it, unless another server did or the client has answered since. */
async function sendReminder(services: Services, requestId: number, n: number): Promise<boolean> {
  return services.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(reviewRequests)
      .set({ reminders: n })
      .where(
        and(
          eq(reviewRequests.id, requestId),
          lt(reviewRequests.reminders, n),
          isNull(reviewRequests.answeredAt),
          isNull(reviewRequests.declinedAt),
        ),
      )
      .returning();
    if (!claimed) return false;
    const [job] = await tx
      .select({ title: jobs.title, site: jobs.site, submissionId: jobs.submissionId, client: clients })
      .from(jobs)
      .innerJoin(clients, eq(clients.id, jobs.clientId))
      .where(eq(jobs.id, claimed.jobId));
    if (!job) return false;
    // Greeted as the request was: the contact it went to, else the client.
    const contact = job.client.contacts.find((c) => c.email.trim().toLowerCase() === claimed.toAddress.toLowerCase());
    await tx.insert(emailOutbox).values({
      submissionId: job.submissionId,
      kind: "review-reminder",
      ...reviewReminderEmail(
        {
          name: contact?.name || job.client.name,
          toAddress: claimed.toAddress,
          jobTitle: job.title,
          area: jobArea(job.site),
          link: `${services.siteUrl}/r/${claimed.token}`,
        },
        services.business,
      ),
    });
    return true;
  });
}

/** Every 15 minutes (a reminder goes within a quarter of an hour of falling due). Returns a stop function. */
export function startReviewReminderSchedule(services: AppServices): () => void {
  if (services.env.REVIEW_REMINDER_DAYS.length === 0) return () => {};
  const job = new Cron("*/15 * * * *", { timezone: "Europe/Dublin", protect: true, unref: true }, async () => {
    try {
      const result = await runReviewReminders(services);
      if (result.status === "done" && result.sent > 0) {
        services.logger.info({ reviewReminders: result.sent }, "review reminders queued");
        services.outbox.kick();
      }
    } catch (error) {
      services.logger.error({ err: error }, "review reminders failed");
    }
  });
  return () => job.stop();
}
