import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
} from "drizzle-orm/pg-core";
import type {
  PaymentSchedule,
  PriceItem,
  PriceOption,
  QuoteClient,
  QuoteLine,
  QuoteStatus,
  QuoteTotals,
  VatMode,
} from "../column-types";
import { createdAt } from "./columns";
import { users } from "./auth";
import { contactSubmissions } from "./leads";

/**
 * The schedule of a row written without one (only by hand, e.g. a test's fixture; the app always
 * writes it): no deposit, everything on completion. The quotes' check keeps it true to the deposit.
 */
const NO_DEPOSIT_SCHEDULE = sql`'{"depositPercent":0,"stages":[{"label":"On completion","percent":100}],"retentionPercent":0,"defectsMonths":12}'::jsonb`;

/** Quotes: the estimate's price list, quotes on leads, their numbers, acceptances and reminders. */

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
    /** Always payments.depositPercent: written only with the schedule (quotes.server.ts). */
    depositPercent: doublePrecision("deposit_percent").notNull().default(0),
    /** The payment schedule (issue 38): deposit, stages, retention, defects period. */
    payments: jsonb("payments").$type<PaymentSchedule>().notNull().default(NO_DEPOSIT_SCHEDULE),
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
    check("quotes_payments_deposit", sql`(${t.payments}->>'depositPercent')::float8 = ${t.depositPercent}`),
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
  /** The payment schedule the client accepted (what the job and its invoices follow). */
  payments: jsonb("payments").$type<PaymentSchedule>().notNull().default(NO_DEPOSIT_SCHEDULE),
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

export type QuoteRow = typeof quotes.$inferSelect;
