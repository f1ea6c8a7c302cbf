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
import { createdAt } from "./columns";

/** Clients (issue 37): the businesses and people the leads, bookings, quotes, jobs and invoices belong to. */

/**
 * The text the clients search matches (name, company, contacts' e-mails and phone digits), stored
 * as the generated column `search_text`. clients_search_text is an SQL function of the migration
 * that made the first index (array_to_string alone is not allowed in a generated column or index).
 */
const clientSearchText = sql.raw(`clients_search_text("name", "company", "match_emails", "match_phones")`);

export type ClientContact = { name: string; email: string; phone: string; role: string };

/**
 * A client. Contacts are edited as a whole, so they are JSON; `match_emails` and `match_phones` are
 * the contacts' e-mails in lower case and phones as digits only, kept by the one writer
 * (features/clients) so a new lead finds its client through an index.
 */
export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    company: text("company").notNull().default(""),
    contacts: jsonb("contacts").$type<ClientContact[]>().notNull().default([]),
    /** The billing address, one line per entry. */
    address: jsonb("address").$type<string[]>().notNull().default([]),
    eircode: text("eircode").notNull().default(""),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull().default("IE"),
    vatNumber: text("vat_number").notNull().default(""),
    /** We work for them as a subcontractor: their quotes and invoices default to the reverse charge. */
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    notes: text("notes").notNull().default(""),
    matchEmails: text("match_emails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    matchPhones: text("match_phones")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the clients search matches, kept by PostgreSQL. Stored rather than worked out per row:
     * a search that matches a fifth of the clients reads them all, and making this text for each
     * row was 85 % of that (issue 40 item 5). Never sent: clientColumns lists what an answer has.
     */
    searchText: text("search_text").generatedAlwaysAs(clientSearchText),
  },
  (t) => [
    check("clients_country_code", sql`${t.country} ~ '^[A-Z]{2}$'`),
    index("clients_match_emails_idx").using("gin", t.matchEmails),
    index("clients_match_phones_idx").using("gin", t.matchPhones),
    index("clients_created_idx").on(t.createdAt, t.id),
    // Substring search (pg_trgm).
    index("clients_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type ClientRow = typeof clients.$inferSelect;

/**
 * The last number used per series ("J" jobs, "INV" invoices, "CN" credit notes) and calendar year:
 * incremented in the transaction that gives the number (the row lock orders concurrent writers on
 * every server sharing the database, and a rolled-back transaction gives its number back: no gaps).
 */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);
