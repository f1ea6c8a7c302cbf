import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Staff accounts and signing in: users, sessions, 2FA recovery codes, password resets, sign-in challenges. */

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    /**
     * How clients and colleagues read this person ("Niamh Byrne"): calendar invites, the programme,
     * the crew. Empty until set, never null, so one value means "not set" and `staffName` falls back
     * to the username.
     */
    fullName: text("full_name").notNull().default(""),
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
    role: text("role").$type<"owner" | "office" | "editor" | "crew">().notNull().default("owner"),
  },
  (t) => [
    // Usernames are unique regardless of case ("Admin" and "admin" are one account).
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    check("users_role_valid", sql`${t.role} in ('owner', 'office', 'editor', 'crew')`),
  ],
);

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

export type User = typeof users.$inferSelect;
