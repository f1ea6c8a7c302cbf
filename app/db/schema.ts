import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type {
  PriceItem,
  PriceOption,
  QuoteClient,
  QuoteLine,
  QuoteStatus,
  QuoteTotals,
  StoredEstimate,
  VatMode,
  WeekHours,
} from "./column-types";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
    // Follow-ups due: only open leads with a date (small), by date.
    index("contact_submissions_follow_up_idx")
      .on(t.followUpAt)
      .where(sql`${t.followUpAt} is not null and ${t.status} not in ('won', 'lost')`),
    // Won value per month.
    index("contact_submissions_won_idx")
      .on(t.wonAt)
      .where(sql`${t.status} = 'won'`),
    // Inbox: newest first (ORDER BY created_at DESC, id DESC), optionally only unread or only read.
    // Ascending indexes, read backwards: that matches DESC (nulls first) exactly, whereas an index
    // declared DESC NULLS LAST would not be used for it.
    index("contact_submissions_created_idx").on(t.createdAt, t.id),
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

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    /** A password hash, never the password itself. */
    password: text("password").notNull(),
    /** Where this person's daily digest goes (none: no digest). */
    email: text("email"),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The sign-in before the last: none means this is the person's first visit (the dashboard says "Welcome"). */
    previousSignInAt: timestamp("previous_sign_in_at", { withTimezone: true }),
    /** Two-factor sign-in (TOTP): the secret, encrypted with the app secret; on once confirmed. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted: a code is refused if its step is not later (single use). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** A secret being enrolled (shown as a QR code), until the user confirms it with a code. */
    totpPendingSecret: text("totp_pending_secret"),
    /**
     * What this person may do (features/auth/access.ts). The default makes the users who existed
     * before roles owners; every insert in the app names the role it gives.
     */
    role: text("role").$type<"owner" | "office" | "editor">().notNull().default("owner"),
  },
  (t) => [
    // Usernames are unique regardless of case ("Admin" and "admin" are one account).
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    check("users_role_valid", sql`${t.role} in ('owner', 'office', 'editor')`),
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

/** The business settings as stored (the admin API's shape); see features/site/business-settings.ts. */
export type StoredBusiness = {
  name: string;
  phone: string;
  email: string;
  address: string;
  eircode: string;
  /** Where the business is based, as page copy says it ({area}); absent in settings stored before it existed. */
  area?: string;
  /** The site's public address when SITE_URL does not set it ("" or absent: none saved). */
  siteUrl?: string;
  openingHours: { days: string[]; opens: string; closes: string };
  social: { facebook: string; instagram: string; linkedin: string };
  vatNumber: string;
  notifyEmails: string[];
  rating: { value: number; count: number; source: string } | null;
};

/** SMTP settings as stored; the password sealed with the app secret (features/mail/mail-settings.server.ts). */
export type StoredMail = {
  host: string;
  port: number;
  security: "none" | "starttls" | "tls";
  user: string;
  sealedPassword: string | null;
  from: string;
};

/** Settings staff change in the admin (one row). Missing values mean the defaults in code. */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    autoReplyEnabled: boolean("auto_reply_enabled").notNull().default(true),
    autoReplySubject: text("auto_reply_subject"),
    autoReplyBody: text("auto_reply_body"),
    /** The business's facts (Settings > Business); null until first start seeds them from env. */
    business: jsonb("business").$type<StoredBusiness>(),
    /** SMTP set up in the admin (Settings > Mail); null: not set up there. */
    mail: jsonb("mail").$type<StoredMail>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

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
  /** A "Forgot password?" link, to the address on the account. */
  | "password-reset";

/**
 * A file made when the e-mail is sent, from what is stored (never a stored blob): the quote's
 * PDF, as it stands then (an accepted quote is locked, so its PDF is the accepted one).
 */
export type OutboxAttachment = { type: "quote-pdf"; quoteId: number };

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

/** Rate-limit counters shared by every app server on one PostgreSQL (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

/** Server-side sign-in sessions, shared by every app server on one database. */
export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the random session id held in the cookie. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When its user last proved who they are again (POST /api/auth/confirm), for dangerous calls. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** One-time 2FA recovery codes: only their hashes; a used code keeps its row with used_at set. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * "Forgot password?" links: only the SHA-256 of the link's token is stored, so a leaked table opens
 * nothing. A link works once (used_at) and until expires_at; a new request leaves older links valid.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * A sign-in halfway through: the password was right and the account has 2FA, so the browser holds
 * a short-lived challenge (its SHA-256 stored here) until it sends a code.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId), index("login_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Who did what and when: sign-ins, user and account changes, content edits, enquiries read,
 * exported or erased. Never a password, a code or a secret. The actor's name is copied so a row
 * still reads correctly after the user is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's username (for a failed sign-in: the name that was tried). */
    username: text("username"),
    /** A dotted verb from AUDIT_ACTIONS, e.g. "sign-in.success", "faq.update", "contact.export". */
    action: text("action").notNull(),
    /** What was acted on, e.g. "faq" and its id. */
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** One line for people, e.g. 'Updated FAQ "How long does a shop ceiling take?"'. */
    summary: text("summary").notNull(),
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    // Newest first, optionally for one action or one user (ascending indexes, read backwards).
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_action_at_idx").on(t.action, t.at, t.id),
    index("audit_log_user_at_idx").on(t.userId, t.at, t.id),
  ],
);

/**
 * What staff edit on a page, as one value: a draft, a revision and the published page each hold
 * one. `fields` are a built-in page's named fields (field name → value; app/features/pages/fields).
 */
export type PageSnapshot = {
  title: string;
  description: string | null;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  fields: Record<string, unknown>;
};

/**
 * Pages. The columns hold what the public site shows (the published version); `draft` holds saved
 * changes not published yet (null: none), so the site serves the published page until staff publish.
 */
export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 100 }).notNull().unique(),
  title: varchar("title", { length: 255 }).notNull(),
  description: text("description"),
  content: text("content").notNull(),
  metaTitle: varchar("meta_title", { length: 255 }),
  metaDescription: text("meta_description"),
  /** A built-in page's published field values (only the ones staff changed; the page's defaults fill the rest). */
  fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
  draft: jsonb("draft").$type<PageSnapshot>(),
  /** Last save (draft or published). */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the public version last changed (the XML sitemap's lastmod). */
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  /** The revision the public version came from (null: published before revisions were kept). */
  publishedRevisionId: bigint("published_revision_id", { mode: "number" }),
});

/** One change field by field: the words removed and added, for the history's diff. */
export type PageChange = {
  field: string;
  label: string;
  parts: Array<{ value: string; added?: true; removed?: true }>;
};

/**
 * Every save of a page (and every restore): who, when, the page as saved, and what changed from
 * the version before. Kept up to PAGE_REVISIONS_KEPT per page (the published one always stays).
 */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the history still names someone after their account is deleted. */
    username: text("username"),
    /** Counts 1, 2, 3… per page (what staff see in the history); ids are global. */
    number: integer("number").notNull(),
    action: text("action").$type<"create" | "save" | "restore">().notNull(),
    restoredFrom: bigint("restored_from", { mode: "number" }),
    snapshot: jsonb("snapshot").$type<PageSnapshot>().notNull(),
    changes: jsonb("changes").$type<PageChange[]>().notNull(),
  },
  (t) => [
    index("page_revisions_page_idx").on(t.pageId, t.id),
    uniqueIndex("page_revisions_page_number_idx").on(t.pageId, t.number),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 255 }).notNull(),
    description: text("description").notNull(),
    imageSrc: varchar("image_src", { length: 255 }).notNull(),
    altText: varchar("alt_text", { length: 255 }).notNull(),
    category: varchar("category", { length: 100 }).default("shop-ceilings"),
    featured: boolean("featured").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    index("projects_category_order_idx").on(t.category, t.displayOrder, t.id),
    index("projects_order_idx").on(t.displayOrder, t.id),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 255 }).notNull(),
    title: varchar("title", { length: 255 }),
    company: varchar("company", { length: 255 }),
    location: varchar("location", { length: 255 }),
    content: text("content").notNull(),
    stars: integer("stars").notNull().default(5),
    featured: boolean("featured").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    check("testimonials_stars_range", sql`${t.stars} between 1 and 5`),
    index("testimonials_order_idx").on(t.featured.desc(), t.displayOrder, t.id),
  ],
);

export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    category: varchar("category", { length: 100 }).notNull().default("general"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [index("faqs_category_order_idx").on(t.category, t.displayOrder, t.id)],
);

/**
 * Blog posts (issue 15), written in the admin. Only published posts reach the public site, the
 * sitemap and the RSS feed; a draft's address answers 404 to the public.
 */
export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 255 }).notNull(),
    /** The post's address is /blog/<slug>. */
    slug: varchar("slug", { length: 100 }).notNull().unique(),
    /** One or two sentences for the blog index, the feed and the meta description. */
    excerpt: text("excerpt").notNull(),
    /** Markdown, rendered on the server and sanitised (features/markdown). */
    content: text("content").notNull(),
    /** An uploaded image (/uploads/…) or a path on this site; its alt text is required with it. */
    coverImage: varchar("cover_image", { length: 255 }),
    coverImageAlt: varchar("cover_image_alt", { length: 255 }),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    /** Set when the post is first published (or as staff choose); the public order, newest first. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    check("posts_status_values", sql`${t.status} in ('draft', 'published')`),
    // The public list: published posts, newest first (ascending index read backwards).
    index("posts_published_idx")
      .on(t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
  ],
);

export type PostStatus = "draft" | "published";

/**
 * Redirects staff set up (or that a slug change made): a public GET of `from_path` is answered
 * with a 301 (permanent) or 302 to `to_path`. Served from an in-memory map (features/redirects).
 */
export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  /** A path on this site, e.g. /old-page (no query string, no trailing slash). */
  fromPath: varchar("from_path", { length: 500 }).notNull().unique(),
  /** A path on this site or an absolute http(s) URL. */
  toPath: varchar("to_path", { length: 2000 }).notNull(),
  permanent: boolean("permanent").notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Public paths that answered 404, counted so staff can redirect the ones people still visit.
 * Bounded: the least recently seen rows go beyond a cap (features/redirects/not-found-log.server.ts).
 */
export const notFoundLog = pgTable(
  "not_found_log",
  {
    path: varchar("path", { length: 500 }).primaryKey(),
    hits: integer("hits").notNull().default(0),
    /** The last referring page that was sent (another site's link, or one of ours). */
    referrer: varchar("referrer", { length: 500 }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("not_found_log_hits_idx").on(t.hits, t.lastSeenAt), index("not_found_log_seen_idx").on(t.lastSeenAt)],
);

/** Binary data. node-postgres returns a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Images staff upload for projects. Only the re-encoded variants are kept (never the original
 * file, so no EXIF data survives), in the database: every server sharing it can serve them, and a
 * database backup includes them. The id is random and part of each variant's URL.
 */
export const uploads = pgTable("uploads", {
  id: text("id").primaryKey(),
  /** The file name as uploaded (for staff; never used in a URL or a path). */
  originalName: text("original_name"),
  /** The sniffed type of the uploaded file: image/jpeg, image/png, image/webp or image/avif. */
  sourceType: text("source_type").notNull(),
  /** Size of the upload, after EXIF orientation was applied. */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  byteSize: integer("byte_size").notNull(),
  createdAt: createdAt(),
});

/** One encoding of an upload at one width: served as /uploads/<id>-<width>.<avif|webp|jpg>. */
export const uploadVariants = pgTable(
  "upload_variants",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").$type<"avif" | "webp" | "jpeg">().notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.width, t.format] })],
);

/**
 * A counter that database triggers bump on every change to public content (pages, projects,
 * testimonials, FAQs, blog posts, redirects), whoever makes it. The page cache compares it to decide what is stale, so
 * every server sharing the database sees an edit on its next request.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("content_version_single_row", sql`${t.id} = 1`)],
);

/**
 * The price table behind the instant estimate (/estimate), one row edited as a whole at
 * /admin/pricing. A trigger bumps the content version on change, so the cached /estimate page
 * shows new prices on the next request.
 */
export const priceList = pgTable(
  "price_list",
  {
    id: integer("id").primaryKey().default(1),
    items: jsonb("items").$type<PriceItem[]>().notNull(),
    options: jsonb("options").$type<PriceOption[]>().notNull(),
    minimumChargeEur: doublePrecision("minimum_charge_eur").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("price_list_single_row", sql`${t.id} = 1`)],
);

/**
 * Quotes on a lead (issue 28). Lines and the client's details are edited as a whole, so they are
 * JSON; the totals are worked out on the server at every save (net and gross are also columns, for
 * the dashboard's sums). The token is the client's link (/q/<token>): random, never the id.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    /** The lead; erasing the enquiry erases its quotes. */
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** "Q-2026-0001": the year and its sequence number (quote_numbers). */
    number: text("number").notNull().unique(),
    token: text("token").notNull().unique(),
    status: text("status").$type<QuoteStatus>().notNull().default("draft"),
    client: jsonb("client").$type<QuoteClient>().notNull(),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    vatMode: text("vat_mode").$type<VatMode>().notNull().default("standard"),
    /** The last day (Irish time) the client can accept. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    depositPercent: doublePrecision("deposit_percent").notNull().default(0),
    notes: text("notes").notNull().default(""),
    /** With each line's default selection (what the client first sees). */
    totals: jsonb("totals").$type<QuoteTotals>().notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    /** Raised by every staff change once the client can see the quote; their answer must name it. */
    revision: integer("revision").notNull().default(1),
  },
  (t) => [
    check("quotes_status_valid", sql`${t.status} in ('draft', 'sent', 'viewed', 'accepted', 'declined')`),
    check("quotes_vat_mode_valid", sql`${t.vatMode} in ('standard', 'reverse-charge')`),
    check("quotes_deposit_range", sql`${t.depositPercent} between 0 and 100`),
    index("quotes_submission_idx").on(t.submissionId, t.createdAt),
    // The Quotes list by status, newest first (read backwards).
    index("quotes_status_idx").on(t.status, t.createdAt, t.id),
    index("quotes_created_idx").on(t.createdAt, t.id),
    // Reminders: quotes sent and not answered.
    index("quotes_open_idx")
      .on(t.sentAt)
      .where(sql`${t.status} in ('sent', 'viewed')`),
  ],
);

/** The last quote number used per calendar year: incremented in the creating transaction (row lock). */
export const quoteNumbers = pgTable("quote_numbers", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * The client's acceptance: one per quote (the primary key makes a second one impossible). The typed
 * name is the signature; a drawn one (PNG data URL) is kept too when given.
 */
export const quoteAcceptances = pgTable("quote_acceptances", {
  quoteId: integer("quote_id")
    .primaryKey()
    .references(() => quotes.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  /** Ids of the optional lines the client ticked. */
  selected: jsonb("selected").$type<string[]>().notNull(),
  totals: jsonb("totals").$type<QuoteTotals>().notNull(),
  signature: text("signature"),
});

/**
 * Reminders claimed per quote (1 = the first of QUOTE_REMINDER_DAYS…). The row is inserted in the
 * same transaction as the e-mail: whichever server inserts it sends it; the others find it taken.
 */
export const quoteReminders = pgTable(
  "quote_reminders",
  {
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    reminder: integer("reminder").notNull(),
    createdAt: createdAt(),
    /** False: a later reminder was due at the same time and went instead of this one. */
    sent: boolean("sent").notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.reminder] })],
);

/**
 * Site-survey settings for the whole business (one row; missing: the defaults in
 * features/booking/slots.ts).
 */
export const surveySettings = pgTable(
  "survey_settings",
  {
    id: integer("id").primaryKey().default(1),
    surveyMinutes: integer("survey_minutes").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull(),
    noticeHours: integer("notice_hours").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("survey_settings_single_row", sql`${t.id} = 1`),
    check("survey_settings_horizon", sql`${t.horizonDays} between 1 and 180`),
  ],
);

/** Each staff member's survey hours (Irish wall-clock time), days off, and whether they do surveys. */
export const staffAvailability = pgTable("staff_availability", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  surveys: boolean("surveys").notNull().default(false),
  hours: jsonb("hours").$type<WeekHours>().notNull(),
  daysOff: jsonb("days_off").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** "requested": a request the spam checks held in quarantine; it holds no time until staff release it. */
export const BOOKING_STATUSES = ["booked", "requested", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Site surveys visitors booked (each is also a lead: submission_id). The visitor manages it at
 * /booking/<token>; the calendar invitations share `uid` and count changes in `sequence`.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** The surveyor (null: their account was deleted; staff reassign by rescheduling). */
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** The end plus the buffer at booking time: the surveyor is held until then. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    status: text("status").$type<BookingStatus>().notNull().default("booked"),
    /** The manage link's secret (128 random bits, base64url); never the id. */
    token: text("token").notNull().unique(),
    uid: text("uid").notNull().unique(),
    sequence: integer("sequence").notNull().default(0),
    /** The address or Eircode the surveyor goes to (the invitation's LOCATION). */
    location: text("location").notNull(),
    eircode: text("eircode"),
    address: text("address"),
    /** The Eircode or town is outside the service area (or unknown): staff confirm with the visitor. */
    outOfArea: boolean("out_of_area").notNull().default(false),
    /** When the visitor's 24-hour reminder is due (null: sent, not needed, or cancelled). */
    remindAt: timestamp("remind_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("bookings_status_valid", sql`${t.status} in ('booked', 'requested', 'cancelled')`),
    check("bookings_times_ordered", sql`${t.startAt} < ${t.endAt} and ${t.endAt} <= ${t.blockedUntil}`),
    index("bookings_start_idx").on(t.startAt),
    index("bookings_staff_start_idx").on(t.staffId, t.startAt),
    index("bookings_submission_idx").on(t.submissionId),
    index("bookings_remind_idx")
      .on(t.remindAt)
      .where(sql`${t.remindAt} is not null`),
  ],
);

/**
 * The database's guarantee that a surveyor is never booked twice: a booked survey claims every
 * 5-minute block of its surveyor's time from its start to the end of its buffer, and the primary
 * key lets each block be claimed once. Two simultaneous bookings (on any server, on any engine)
 * cannot both commit; cancelling deletes the claims, so the time is free again.
 */
export const bookingClaims = pgTable(
  "booking_claims",
  {
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockStart: timestamp("block_start", { withTimezone: true }).notNull(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.blockStart] }), index("booking_claims_booking_idx").on(t.bookingId)],
);

/**
 * The changes a visitor made to a booking from its manage link (moves and the cancellation),
 * counted in the change's own transaction, under the booking's row lock, to limit them per hour
 * and per day on every server sharing the database.
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_changes_booking_idx").on(t.bookingId, t.at)],
);

/** Each staff user's private calendar feed address (/api/calendar/<token>.ics); rotating replaces it. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Visitor analytics (features/analytics): no cookie, no stored IP or user agent. A visitor id is a
 * hash of the day's random salt, the IP and the user agent; the salt is deleted once its (Irish)
 * day is over, so no id links two days.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: bytea("salt").notNull(),
});

/**
 * Raw page views, kept ANALYTICS_RAW_DAYS for visits and lead attribution. One row per visitor,
 * page and batch (the same page again within a few seconds adds to `views`).
 */
export const analyticsViews = pgTable(
  "analytics_views",
  {
    id: serial("id").primaryKey(),
    /** The Irish calendar day of the view. */
    day: date("day").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    visitor: text("visitor").notNull(),
    path: varchar("path", { length: 300 }).notNull(),
    /** utm_source, else the referring site's host, else "direct". */
    source: varchar("source", { length: 100 }).notNull(),
    /** utm_campaign, or "" for none. */
    campaign: varchar("campaign", { length: 200 }).notNull(),
    device: varchar("device", { length: 10 }).$type<"phone" | "tablet" | "desktop">().notNull(),
    views: integer("views").notNull().default(1),
  },
  // A day's views by visitor in time order: the roll-up, a lead's visit, the purge.
  (t) => [index("analytics_views_day_idx").on(t.day, t.visitor, t.at)],
);

/**
 * Views stored today per client address, so one address cannot fill the tables
 * (ANALYTICS_MAX_VIEWS_PER_IP): `ip` is a hash of the address with the day's salt (never the
 * address itself), and the rows go with the salt once the day is over. Every server adds its
 * batches here in one upsert, so the cap holds across servers.
 */
export const analyticsIpDays = pgTable(
  "analytics_ip_days",
  {
    day: date("day").notNull(),
    ip: varchar("ip", { length: 22 }).notNull(),
    /** Views from the address that day, the ones past the cap included. */
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.ip] })],
);

/**
 * The distinct sources and campaigns a day has stored (ANALYTICS_MAX_SOURCES_PER_DAY of each);
 * later new ones are stored as "other". Decided under a lock on the day's salt row, so the cap
 * holds across servers; the rows go with the salt once the day is over.
 */
export const analyticsDayKeys = pgTable(
  "analytics_day_keys",
  {
    day: date("day").notNull(),
    kind: varchar("kind", { length: 10 }).$type<"source" | "campaign">().notNull(),
    key: varchar("key", { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
);

/** Daily roll-ups, kept for ever: one row per day, page, visit source, campaign and device. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    path: varchar("path", { length: 300 }).notNull(),
    /** The source and campaign of the visit the views belong to (its landing view's). */
    source: varchar("source", { length: 100 }).notNull(),
    campaign: varchar("campaign", { length: 200 }).notNull(),
    device: varchar("device", { length: 10 }).notNull(),
    views: integer("views").notNull(),
    /** Distinct visitors that day (ids change daily, so days add up to visitor-days). */
    visitors: integer("visitors").notNull(),
    /** Visits that began on this page. */
    entries: integer("entries").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.source, t.campaign, t.device] })],
);

/**
 * The same days counted one dimension at a time (page, source, campaign, device), with exact
 * distinct visitors: what the reports read, a few dozen rows a day instead of hundreds.
 */
export const analyticsDailyTotals = pgTable(
  "analytics_daily_totals",
  {
    day: date("day").notNull(),
    dimension: varchar("dimension", { length: 10 }).$type<"path" | "source" | "campaign" | "device">().notNull(),
    key: varchar("key", { length: 300 }).notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
    /** Visits that began with this page / came from this source, campaign or device. */
    entries: integer("entries").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);

/** One row per rolled-up day: its totals, and the mark that the day is done (written once, by one server). */
export const analyticsDays = pgTable("analytics_days", {
  day: date("day").primaryKey(),
  views: integer("views").notNull(),
  visitors: integer("visitors").notNull(),
  visits: integer("visits").notNull(),
  rolledUpAt: timestamp("rolled_up_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The visit a lead came from: the visitor id of its day (set when the lead arrives) and, once
 * found in the raw views, that visit's landing page, source, campaign and device.
 */
export const leadVisits = pgTable(
  "lead_visits",
  {
    submissionId: integer("submission_id")
      .primaryKey()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitor: text("visitor").notNull(),
    device: varchar("device", { length: 10 }).notNull(),
    landingPath: varchar("landing_path", { length: 300 }),
    source: varchar("source", { length: 100 }),
    campaign: varchar("campaign", { length: 200 }),
  },
  (t) => [index("lead_visits_day_idx").on(t.day)],
);

/** Small key/value facts about this database, e.g. when the demo content was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type PageRevision = typeof pageRevisions.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type User = typeof users.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Redirect = typeof redirects.$inferSelect;
export type NotFoundLogRow = typeof notFoundLog.$inferSelect;
export type ContactNote = typeof contactNotes.$inferSelect;
export type ContactEvent = typeof contactEvents.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
