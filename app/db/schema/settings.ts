import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The business settings, small facts about the database, shared rate-limit counters and the audit log. */

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
  /** Where clients pay invoices (issue 38); absent in settings stored before it existed. */
  bank?: { accountName: string; iban: string; bic: string };
  notifyEmails: string[];
  rating: { value: number; count: number; source: string } | null;
  /** Where clients leave a Google review (issue 39); "" or absent: the review e-mails carry none. */
  googleReviewUrl?: string;
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

/** Rate-limit counters shared by every app server on one PostgreSQL (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

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

/** Small key/value facts about this database, e.g. when the demo content was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AuditLogRow = typeof auditLog.$inferSelect;
