import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { clients } from "./clients";
import { testimonials } from "./content";
import { jobs } from "./jobs";

/**
 * Review requests (issue 39): one e-mail asking a client about a finished job, with the business's
 * Google review link and the secret link /r/<token> to the site's own review form. At most one per
 * client in six months (for any of its jobs). `reminders` counts the reminders claimed: a reminder
 * raises it in the same transaction that queues its e-mail, so two servers never send one twice.
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    /** The address the request went to (the client's first contact with one). */
    toAddress: text("to_address").notNull(),
    /** Null: queued when the job was signed off. */
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    reminders: integer("reminders").notNull().default(0),
    /** The testimonial the answer became (awaiting approval until staff publish it). */
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
    /** What the client typed as their name and company, kept for staff even when not published with them. */
    answerName: text("answer_name"),
    answerCompany: text("answer_company"),
  },
  (t) => [
    check("review_requests_reminders_range", sql`${t.reminders} between 0 and 10`),
    index("review_requests_client_idx").on(t.clientId, t.sentAt),
    index("review_requests_open_idx")
      .on(t.sentAt)
      .where(sql`${t.answeredAt} is null and ${t.declinedAt} is null`),
  ],
);

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
