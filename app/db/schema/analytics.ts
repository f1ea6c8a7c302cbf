import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { bytea } from "./columns";
import { contactSubmissions } from "./leads";

/** Visitor analytics: daily salts, raw views, caps, roll-ups and the visit each lead came from. */

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

/**
 * analytics_daily_totals summed per calendar month (`month`: its first day): what a report reads
 * for the whole months of its range, so a year is a dozen rows a key rather than 365 (issue 40 item
 * 5). Kept only by the triggers on analytics_daily_totals (migration 0047), in the same transaction
 * as every write of a day's totals; never written by the app. Visitors are the days' visitors
 * added up, as the reports add them.
 */
export const analyticsMonthlyTotals = pgTable(
  "analytics_monthly_totals",
  {
    month: date("month").notNull(),
    dimension: varchar("dimension", { length: 10 }).$type<"path" | "source" | "campaign" | "device">().notNull(),
    key: varchar("key", { length: 300 }).notNull(),
    views: bigint("views", { mode: "number" }).notNull(),
    visitors: bigint("visitors", { mode: "number" }).notNull(),
    entries: bigint("entries", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.dimension, t.key] })],
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
