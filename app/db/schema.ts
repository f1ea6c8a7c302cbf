import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
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
    /** Where the enquiry came from: the contact form, the JSON API, or the chat assistant. */
    source: text("source").$type<SubmissionSource>().notNull().default("contact-form"),
    /** First page of the visitor's session, the referring site and campaign tags, for attribution. */
    landingPage: text("landing_page"),
    referrer: text("referrer"),
    utm: jsonb("utm").$type<Record<string, string>>(),
    /** Chat leads: hot or warm (spec section 4) and the conversation. */
    leadQuality: text("lead_quality").$type<"hot" | "warm">(),
    transcript: jsonb("transcript").$type<Array<{ sender: "bot" | "user"; text: string; timestamp: string }>>(),
    /** A client-chosen key so a retried submission is stored once. */
    idempotencyKey: text("idempotency_key").unique(),
  },
  (t) => [
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
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Two-factor sign-in (TOTP): the secret, encrypted with the app secret; on once confirmed. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted: a code is refused if its step is not later (single use). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** A secret being enrolled (shown as a QR code), until the user confirms it with a code. */
    totpPendingSecret: text("totp_pending_secret"),
  },
  // Usernames are unique regardless of case ("Admin" and "admin" are one account).
  (t) => [uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`)],
);

export type SubmissionSource = "contact-form" | "api" | "chat";

/**
 * Notification e-mails waiting to be sent. A submission and its e-mail are written in one
 * transaction, so an SMTP outage delays the e-mail but never loses the enquiry or the e-mail.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id").references(() => contactSubmissions.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    /** pending → sending (claimed, with a lease) → sent; failed after the last attempt. */
    status: text("status").$type<"pending" | "sending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("email_outbox_submission_idx").on(t.submissionId),
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

export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 100 }).notNull().unique(),
  title: varchar("title", { length: 255 }).notNull(),
  description: text("description"),
  content: text("content").notNull(),
  metaTitle: varchar("meta_title", { length: 255 }),
  metaDescription: text("meta_description"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (t) => [index("faqs_category_order_idx").on(t.category, t.displayOrder, t.id)],
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
 * testimonials, FAQs), whoever makes it. The page cache compares it to decide what is stale, so
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

/** Small key/value facts about this database, e.g. when the demo content was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type User = typeof users.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
