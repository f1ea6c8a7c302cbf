import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { contactSubmissions } from "./leads";

/** E-mail: the outbox every e-mail goes through and the daily digest's runs. */

/**
 * One row per Irish calendar day on which the daily digest was queued. Whichever server inserts
 * the day's row first (in the same transaction as the e-mails) sends it; the others find it taken.
 */
export const digestRuns = pgTable("digest_runs", {
  day: text("day").primaryKey(),
  createdAt: createdAt(),
  recipients: integer("recipients").notNull(),
});

/**
 * Notification e-mails waiting to be sent. A submission and its e-mail are written in one
 * transaction, so an SMTP outage delays the e-mail but never loses the enquiry or the e-mail.
 */
export type EmailKind =
  | "notification"
  | "auto-reply"
  | "digest"
  /** Quotes: to the client (the quote, a reminder, the acceptance) and to staff (viewed, accepted, declined). */
  | "quote"
  | "quote-reminder"
  | "quote-accepted"
  | "quote-staff"
  /** Site surveys: the calendar invitation (both sides) and the visitor's reminder. */
  | "booking"
  | "booking-reminder"
  /** Jobs: the programme e-mailed to the client, and each change to it after that. */
  | "job-programme"
  /** A "Forgot password?" link, to the address on the account. */
  | "password-reset"
  /** A job signed off: staff told, the client sent the handover pack. */
  | "job-signed-off"
  | "job-handover"
  /** An issued invoice or credit note sent to the client, with its PDF and e-invoice. */
  | "invoice"
  /** Invoices (issue 38): an overdue reminder to the client; staff reminded to raise a retention invoice. */
  | "invoice-reminder"
  | "retention-reminder"
  /** Review requests (issue 39): the request after a job, and its reminders. */
  | "review-request"
  | "review-reminder";

/**
 * A file made when the e-mail is sent, from what is stored (never a stored blob): the quote's
 * PDF, as it stands then (an accepted quote is locked, so its PDF is the accepted one).
 */
export type OutboxAttachment =
  | { type: "quote-pdf"; quoteId: number }
  /** A signed-off job's handover pack and the job's documents (PDFs), made or read when sent. */
  | { type: "job-handover"; jobId: number }
  /** An issued invoice or credit note: its PDF and its UBL e-invoice, made when sent. */
  | { type: "invoice"; invoiceId: number };

/** A calendar invitation sent with an e-mail (text/calendar; method=REQUEST or CANCEL). */
export type IcalEvent = { method: "REQUEST" | "CANCEL"; content: string };

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id").references(() => contactSubmissions.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    /** An HTML alternative to the text (the visitor's auto-reply); null: plain text only. */
    bodyHtml: text("body_html"),
    /** A calendar invitation (bookings): sent so mail programs show it as one, with Accept/Decline. */
    icalEvent: jsonb("ical_event").$type<IcalEvent>(),
    /** What the e-mail is: the staff notification, the visitor's acknowledgement, or a daily digest. */
    kind: text("kind").$type<EmailKind>().notNull().default("notification"),
    /** pending → sending (claimed, with a lease) → sent; failed after the last attempt. */
    status: text("status").$type<"pending" | "sending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    attachment: jsonb("attachment").$type<OutboxAttachment>(),
    /** When it was given up (status failed): staff see it on the dashboard and the lead's timeline. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /**
     * E-mails that stand for one thing's latest state (a visitor's booking invitation): a newer one
     * with the same key replaces a pending one instead of adding another (queueCoalesced).
     */
    dedupeKey: text("dedupe_key"),
  },
  (t) => [
    index("email_outbox_dedupe_idx")
      .on(t.dedupeKey, t.id)
      .where(sql`${t.dedupeKey} is not null`),
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("email_outbox_submission_idx").on(t.submissionId),
    // A visitor is acknowledged once per enquiry, however often anything retries.
    uniqueIndex("email_outbox_auto_reply_once_idx")
      .on(t.submissionId)
      .where(sql`${t.kind} = 'auto-reply'`),
    // At most one auto-reply per address a day: the recent ones to an address.
    index("email_outbox_auto_reply_address_idx")
      .on(sql`lower(${t.toAddress})`, t.createdAt)
      .where(sql`${t.kind} = 'auto-reply'`),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
