import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { WeekHours } from "../column-types";
import { createdAt } from "./columns";
import { users } from "./auth";
import { contactSubmissions } from "./leads";

/** Site surveys: settings, staff availability, bookings, their slot claims and changes, calendar feeds. */

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
    /** Irish public holidays ("YYYY-MM-DD") the owner opened for surveys: every other holiday is closed. */
    openHolidays: jsonb("open_holidays").$type<string[]>().notNull().default([]),
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

export type Booking = typeof bookings.$inferSelect;
