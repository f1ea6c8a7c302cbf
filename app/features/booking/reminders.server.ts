import { Cron } from "croner";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings, emailOutbox } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { mailContext, peopleOf } from "./bookings.server";
import { reminderEmail } from "./invites.server";

// The visitor's reminder 24 hours before a survey. A booking carries remind_at (null once sent, or
// when booked less than a day ahead, or cancelled; a move sets it again). Every server runs the
// schedule; due bookings are taken with FOR UPDATE SKIP LOCKED and remind_at is cleared in the
// same transaction that queues the e-mail, so a reminder is queued exactly once however many
// servers run, and a server that fails midway leaves it for the next run.

const BATCH = 50;

/** Queues the reminders due at `now`; returns how many. */
export async function runReminders(
  services: Pick<AppServices, "database" | "business" | "env" | "siteUrl">,
  now = new Date(),
) {
  const db: Db = services.database.db;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(isNotNull(bookings.remindAt), lte(bookings.remindAt, now), eq(bookings.status, "booked")))
      .orderBy(bookings.remindAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const taken = await tx
      .update(bookings)
      .set({ remindAt: null, remindedAt: sql`now()` })
      .where(
        inArray(
          bookings.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    let queued = 0;
    for (const booking of taken) {
      // A survey already under way (the server was off all day) gets no "tomorrow" e-mail.
      if (booking.startAt <= now) continue;
      await tx.insert(emailOutbox).values(reminderEmail(booking, await peopleOf(tx, booking), mailContext(services)));
      queued++;
    }
    return queued;
  });
}

/** Every five minutes, on every server. Returns a stop function. */
export function startSurveyReminderSchedule(services: AppServices): () => void {
  const run = async () => {
    try {
      const queued = await runReminders(services);
      if (queued > 0) {
        services.logger.info({ queued }, "survey reminders queued");
        services.outbox.kick();
      }
    } catch (error) {
      services.logger.error({ err: error }, "survey reminders failed");
    }
  };
  const job = new Cron("*/5 * * * *", { protect: true, unref: true }, () => void run());
  return () => job.stop();
}
