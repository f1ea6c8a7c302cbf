import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { StoredEstimate } from "../column-types";
import { createdAt } from "./columns";
import { users } from "./auth";
import { clients } from "./clients";

/** Leads: the enquiries (contact form, chat, estimate, booking), staff notes on them and their history. */

/** The text the inbox search matches: keep identical in the index and the query. */
export function contactSearchText(t: { name: unknown; email: unknown; phone: unknown; message: unknown }) {
  return sql`(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || ${t.message})`;
}

/** Enquiries from the contact form (and, later, the chat assistant). Never deleted by the app except on request. */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    service: text("service"),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** Where the enquiry came from (see SUBMISSION_SOURCES); staff read it as SOURCE_LABELS says. */
    source: text("source").$type<SubmissionSource>().notNull().default("contact-form"),
    /**
     * Quarantine: a submission a spam check flagged is stored (never discarded) but kept out of the
     * inbox, counts, digest, analytics and CSV until staff release it; spamReason says which check.
     */
    spam: boolean("spam").notNull().default(false),
    spamReason: text("spam_reason").$type<SpamReason>(),
    /** First page of the visitor's session, the referring site and campaign tags, for attribution. */
    landingPage: text("landing_page"),
    referrer: text("referrer"),
    utm: jsonb("utm").$type<Record<string, string>>(),
    /** Chat leads: hot or warm (spec section 4) and the conversation. */
    leadQuality: text("lead_quality").$type<"hot" | "warm">(),
    transcript: jsonb("transcript").$type<Array<{ sender: "bot" | "user"; text: string; timestamp: string }>>(),
    /** A client-chosen key so a retried submission is stored once. */
    idempotencyKey: text("idempotency_key").unique(),
    /** The instant estimate the visitor sent with the enquiry (verified: it came signed). */
    estimate: jsonb("estimate").$type<StoredEstimate>(),
    /** The sales pipeline (see LEAD_STATUSES): what happened to the lead since it arrived. */
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** Quote or job value in whole euros. */
    valueEur: integer("value_eur"),
    /** Why the job was lost (required while the status is "lost"). */
    lostReason: text("lost_reason"),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    followUpAt: timestamp("follow_up_at", { withTimezone: true }),
    /** When the lead first left "new" and first reached "quoted" (or beyond): the funnel and time to first contact. */
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
    quotedAt: timestamp("quoted_at", { withTimezone: true }),
    /** When it became won (won value per month). */
    wonAt: timestamp("won_at", { withTimezone: true }),
    /** The client it belongs to (features/clients): set when the lead is stored, or once released from quarantine. */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
  },
  (t) => [
    check("contact_submissions_status_valid", sql`${t.status} in ('new', 'contacted', 'quoted', 'won', 'lost')`),
    check("contact_submissions_value_nonnegative", sql`${t.valueEur} >= 0`),
    check("contact_submissions_spam_reason_valid", sql`${t.spamReason} in ('honeypot', 'too-fast', 'bad-token')`),
    // The Spam tab and its retention (newest first; oldest first past the cap).
    index("contact_submissions_spam_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.spam}`),
    // The inbox filtered by pipeline status or by assignee, newest first (read backwards, as above).
    index("contact_submissions_status_idx").on(t.status, t.createdAt, t.id),
    index("contact_submissions_assignee_idx").on(t.assigneeId, t.createdAt, t.id),
    // Follow-ups due: only open leads with a date (small), in the order they are listed (date, then
    // id): the first 50 are read straight off it, where dates shared by many leads made the
    // dashboard sort them all (issue 40 item 5).
    index("contact_submissions_follow_up_idx")
      .on(t.followUpAt, t.id)
      .where(sql`${t.followUpAt} is not null and ${t.status} not in ('won', 'lost')`),
    // Won value per month.
    index("contact_submissions_won_idx")
      .on(t.wonAt)
      .where(sql`${t.status} = 'won'`),
    // The inbox (not spam) in list order: the dashboard's count and a page's ids are index-only
    // scans, not passes over every row (issue 40 item 5).
    index("contact_submissions_inbox_idx")
      .on(t.createdAt, t.id)
      .where(sql`not ${t.spam}`),
    // Inbox: newest first (ORDER BY created_at DESC, id DESC), optionally only unread or only read.
    // Ascending indexes, read backwards: that matches DESC (nulls first) exactly, whereas an index
    // declared DESC NULLS LAST would not be used for it.
    index("contact_submissions_created_idx").on(t.createdAt, t.id),
    index("contact_submissions_client_idx").on(t.clientId, t.createdAt),
    index("contact_submissions_unread_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.readAt} is null`),
    index("contact_submissions_read_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.readAt} is not null`),
    // Substring search over name, e-mail, phone and message (pg_trgm; the query must use this exact expression).
    index("contact_submissions_search_idx").using("gin", sql`${contactSearchText(t)} gin_trgm_ops`),
  ],
);

/** Where a lead came in; SOURCE_LABELS (features/leads) names them for staff. */
export const SUBMISSION_SOURCES = ["contact-form", "chat", "estimate", "booking"] as const;
export type SubmissionSource = (typeof SUBMISSION_SOURCES)[number];

/** Which spam check flagged a quarantined submission. */
export const SPAM_REASONS = ["honeypot", "too-fast", "bad-token"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** The pipeline, in order; "won" and "lost" end it. */
export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Staff notes on an enquiry ("Rang him, quote by Friday"). Erased with the enquiry. */
export const contactNotes = pgTable(
  "contact_notes",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the note still says who wrote it after the user is deleted. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_notes_submission_idx").on(t.submissionId, t.createdAt)],
);

/**
 * The lead's own history (status, value, assignee, follow-up changes) for its timeline. Unlike the
 * audit log, which names enquiries by number only and outlives them, these rows hold the values
 * and are erased with the enquiry.
 */
export const contactEvents = pgTable(
  "contact_events",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    username: text("username"),
    /** Field name → [before, after], e.g. { status: ["new", "contacted"] }. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull(),
  },
  (t) => [index("contact_events_submission_idx").on(t.submissionId, t.at)],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type ContactNote = typeof contactNotes.$inferSelect;
export type ContactEvent = typeof contactEvents.$inferSelect;
