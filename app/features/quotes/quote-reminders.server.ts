import { Cron } from "croner";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox, quoteReminders, quotes } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { quoteReminderEmail } from "./quote-emails.server";
import { addLeadEvent } from "~/features/leads/change-lead.server";
import { dublinDay, dublinWallParts, weekdayOf } from "~/features/time/dublin-time";

// Follow-up on quotes the client has not answered: at each of QUOTE_REMINDER_DAYS after sending,
// one reminder, only on weekdays 08:00–18:00 Irish time, none once the quote is accepted, declined
// or past its validity. Every server runs the check; a reminder's claim row (quote, reminder number)
// is inserted in the same transaction as its e-mail, so only one server ever sends it. When two
// reminders fall due together (the servers were down), only the later one goes.

const TZ = "Europe/Dublin";
const DAY_MS = 86_400_000;

/** Monday–Friday, 08:00–17:59 in Dublin. */
export function isReminderHour(now: Date): boolean {
  const { hour } = dublinWallParts(now);
  return !["sat", "sun"].includes(weekdayOf(dublinDay(now))) && hour >= 8 && hour < 18;
}

export type ReminderRun = { status: "outside-hours" } | { status: "done"; sent: number };

export async function runQuoteReminders(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business">,
  now = new Date(),
): Promise<ReminderRun> {
  const days = services.env.QUOTE_REMINDER_DAYS;
  if (days.length === 0) return { status: "done", sent: 0 };
  if (!isReminderHour(now)) return { status: "outside-hours" };
  const db: Db = services.database.db;
  const today = dublinDay(now);
  const firstDue = new Date(now.getTime() - days[0]! * DAY_MS);
  // Sent at least the first interval ago, unanswered, still valid.
  const candidates = await db
    .select({ id: quotes.id, sentAt: quotes.sentAt })
    .from(quotes)
    .where(
      and(
        inArray(quotes.status, ["sent", "viewed"]),
        isNotNull(quotes.sentAt),
        sql`${quotes.sentAt} <= ${firstDue}`,
        sql`${quotes.validUntil} >= ${today}`,
      ),
    );
  let sent = 0;
  for (const candidate of candidates) {
    const elapsed = now.getTime() - candidate.sentAt!.getTime();
    // The latest reminder now due (1-based).
    const due = days.filter((d) => elapsed >= d * DAY_MS).length;
    if (due === 0) continue;
    if (await sendReminder(services, candidate.id, due)) sent++;
  }
  return { status: "done", sent };
}

/** Claims reminder `n` (and any earlier one not sent) and queues it, unless someone else did or the quote was answered. */
async function sendReminder(
  services: Pick<AppServices, "database" | "env" | "siteUrl" | "business">,
  quoteId: number,
  n: number,
): Promise<boolean> {
  return services.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!row || (row.status !== "sent" && row.status !== "viewed")) return false;
    const claimed = await tx
      .insert(quoteReminders)
      .values({ quoteId, reminder: n, sent: true })
      .onConflictDoNothing()
      .returning({ reminder: quoteReminders.reminder });
    if (claimed.length === 0) return false;
    // Earlier reminders that never went are passed over: the client gets one e-mail, not a burst.
    for (let earlier = 1; earlier < n; earlier++)
      await tx.insert(quoteReminders).values({ quoteId, reminder: earlier, sent: false }).onConflictDoNothing();
    const link = `${services.siteUrl}/q/${row.token}`;
    await tx.insert(emailOutbox).values({
      submissionId: row.submissionId,
      kind: "quote-reminder",
      ...quoteReminderEmail(row, link, services.business),
    });
    await addLeadEvent(
      tx,
      row.submissionId,
      { quote: [row.number, `reminder ${n} e-mailed to ${row.client.email}`] },
      { userId: null, username: null },
    );
    return true;
  });
}

/** Every 15 minutes (reminders go within a quarter of an hour of falling due). Returns a stop function. */
export function startQuoteReminderSchedule(services: AppServices): () => void {
  if (services.env.QUOTE_REMINDER_DAYS.length === 0) return () => {};
  const job = new Cron("*/15 * * * *", { timezone: TZ, protect: true, unref: true }, async () => {
    try {
      const result = await runQuoteReminders(services);
      if (result.status === "done" && result.sent > 0) {
        services.logger.info({ quoteReminders: result.sent }, "quote reminders queued");
        services.outbox.kick();
      }
    } catch (error) {
      services.logger.error({ err: error }, "quote reminders failed");
    }
  });
  return () => job.stop();
}
