import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";

/**
 * A job's programme as last e-mailed to the client (features/jobs/job-programme.server.ts): once
 * the programme has gone out, every day added or removed e-mails the change. `sequence` is the
 * iCalendar SEQUENCE of the job's events, raised by every e-mail so calendars take the newest.
 */
export const jobProgrammeSends = pgTable("job_programme_sends", {
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  firstSentAt: timestamp("first_sent_at", { withTimezone: true }).notNull().defaultNow(),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
  sequence: integer("sequence").notNull().default(0),
});
