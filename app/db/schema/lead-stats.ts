import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The dashboard's lead statistics, counted per Irish calendar day (issue 40 item 5): what the
 * figures sum instead of reading every lead. Kept only by the triggers on contact_submissions
 * (migration 0040_lead_daily_counts), in the same transaction as every write of a lead, whoever
 * writes it; never written by the app. Quarantined spam counts nowhere.
 *
 * Kinds, by the day the lead arrived unless said otherwise (key in brackets):
 * - "status" (its status): leads; value_eur sums their value (the won value of the period)
 * - "source" (contact-form, chat, estimate, booking), "service" (the service, '' for none)
 * - "reached" ("contacted", "quoted"): leads that ever left "new" / reached "quoted"
 * - "first-contact" (hours from arrival to first contact, in tenths, rounded): for the median
 * - "referrer" (the referring host), "campaign" (utm_campaign)
 * - "won" (''), by the day it was won: won leads and their value (won value per month)
 */
export const leadDailyCounts = pgTable(
  "lead_daily_counts",
  {
    kind: text("kind").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    leads: integer("leads").notNull().default(0),
    /** Whole euros. */
    valueEur: bigint("value_eur", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.key] })],
);

/**
 * Tables the database derives from others with triggers: a backup leaves them out, and a restore
 * rebuilds them as it inserts the rows they count (restoring them too would count twice).
 */
export const DERIVED_TABLES: ReadonlyArray<string> = [
  "lead_daily_counts",
  "invoice_retention_held",
  "analytics_monthly_totals",
];
