import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type {
  DocumentKind,
  InvoiceLine,
  InvoiceParty,
  InvoiceStatus,
  PaymentMethod,
  RatePart,
  VatMode,
  VatRate,
} from "../column-types";
import { createdAt } from "./columns";
import { users } from "./auth";
import { clients } from "./clients";
import { jobs } from "./jobs";

/** A document's amount at one VAT rate, generated from its `vat` JSON (a JSON path per rate). */
const vatAtRate = (name: string, rate: VatRate, key: "netCents" | "vatCents") =>
  bigint(name, { mode: "number" }).generatedAlwaysAs(
    sql.raw(`(jsonb_path_query_first(vat, '$[*] ? (@.rate == ${rate}).${key}'))::bigint`),
  );

/**
 * Invoices and credit notes (issue 38), one table: a credit note is a document of its own
 * (`kind` "credit-note", its own number from series "CN") pointing at the invoice it credits.
 *
 * A draft has no number. Issuing gives the number (series "INV" or "CN" of document_numbers, per
 * Irish calendar year, in the issuing transaction: no gaps, unique across instances), freezes the
 * seller and buyer as printed, and from then on lines, parts, totals and parties never change:
 * only status, paid/RCT sums and sent time do (kept by the one writer, features/invoices).
 * Totals are stored so lists and sums read columns, not JSON, at 50,000 invoices.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    /** A stage invoice's stage (0-based index in the schedule's stages). */
    stage: integer("stage"),
    /** A retention invoice's half: "completion" or "defects". */
    release: text("release").$type<"completion" | "defects">(),
    /** Given at issue: INV-2026-0001, CN-2026-0001. */
    number: text("number").unique(),
    /** The client's link (/i/<token>). */
    token: text("token").notNull().unique(),
    status: text("status").$type<InvoiceStatus>().notNull().default("draft"),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "restrict" }),
    /** A credit note's invoice. */
    creditsInvoiceId: integer("credits_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    /** Why a credit note was made (printed on it). */
    reason: text("reason").notNull().default(""),
    vatMode: text("vat_mode").$type<VatMode>().notNull().default("standard"),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    /** Per VAT rate, signed: what the document does to the job's account (invoice-maths.ts). */
    parts: jsonb("parts").$type<RatePart[]>().notNull().default([]),
    /** Totals as printed: positive, a credit note's too. */
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    vat: jsonb("vat").$type<Array<{ rate: VatRate; netCents: number; vatCents: number }>>().notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    /**
     * The `vat` JSON's amounts per rate (VAT_RATES), null where the document has none at that rate,
     * kept by PostgreSQL from `vat` (generated, never written): the VAT summary sums them from
     * invoices_vat_summary_idx alone, without reading the rows (issue 40 item 5).
     */
    vat135NetCents: vatAtRate("vat_13_5_net_cents", 13.5, "netCents"),
    vat135VatCents: vatAtRate("vat_13_5_vat_cents", 13.5, "vatCents"),
    vat23NetCents: vatAtRate("vat_23_net_cents", 23, "netCents"),
    vat23VatCents: vatAtRate("vat_23_vat_cents", 23, "vatCents"),
    vat0NetCents: vatAtRate("vat_0_net_cents", 0, "netCents"),
    vat0VatCents: vatAtRate("vat_0_vat_cents", 0, "vatCents"),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    retentionCents: bigint("retention_cents", { mode: "number" }).notNull().default(0),
    /** Sums of the payments (amount received; RCT the principal withheld, which counts as paid). */
    paidCents: bigint("paid_cents", { mode: "number" }).notNull().default(0),
    rctCents: bigint("rct_cents", { mode: "number" }).notNull().default(0),
    /** For an invoice: what its credit notes took back (gross). */
    creditedCents: bigint("credited_cents", { mode: "number" }).notNull().default(0),
    /** Frozen at issue (section 66): the business and the client as printed. */
    seller: jsonb("seller").$type<InvoiceParty>(),
    buyer: jsonb("buyer").$type<InvoiceParty>(),
    /** Irish calendar days (YYYY-MM-DD). */
    issuedOn: date("issued_on", { mode: "string" }),
    supplyDate: date("supply_date", { mode: "string" }),
    dueOn: date("due_on", { mode: "string" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("invoices_kind_valid", sql`${t.kind} in ('deposit', 'stage', 'final', 'retention', 'custom', 'credit-note')`),
    check("invoices_status_valid", sql`${t.status} in ('draft', 'issued', 'part-paid', 'paid', 'credited')`),
    check("invoices_vat_mode_valid", sql`${t.vatMode} in ('standard', 'reverse-charge')`),
    // Issued documents have their number, dates and parties; drafts have no number.
    check(
      "invoices_issued_complete",
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.status} = 'draft' or (${t.issuedOn} is not null and ${t.seller} is not null and ${t.buyer} is not null))`,
    ),
    check("invoices_credit_note_target", sql`(${t.kind} = 'credit-note') = (${t.creditsInvoiceId} is not null)`),
    check("invoices_amounts", sql`${t.paidCents} >= 0 and ${t.rctCents} >= 0 and ${t.creditedCents} >= 0`),
    index("invoices_status_idx").on(t.status, t.createdAt, t.id),
    index("invoices_created_idx").on(t.createdAt, t.id),
    // A client's invoices in list order; with the id, the invoice search's client half is index-only.
    index("invoices_client_idx").on(t.clientId, t.createdAt, t.id),
    index("invoices_job_idx").on(t.jobId),
    // An invoice's credit notes (its page, its record): a sequential scan of every invoice without it.
    index("invoices_credits_idx")
      .on(t.creditsInvoiceId)
      .where(sql`${t.creditsInvoiceId} is not null`),
    // The list's search by part of a document number (pg_trgm, as the inbox's and clients' searches).
    index("invoices_number_search_idx").using("gin", sql`${t.number} gin_trgm_ops`),
    // Drafts with money recorded on them (the dashboard's "payment with no invoice"): almost none,
    // so the flag reads a handful of rows instead of every payment (issue 40 item 5).
    index("invoices_paid_drafts_idx")
      .on(t.id)
      .where(sql`${t.status} = 'draft' and (${t.paidCents} > 0 or ${t.rctCents} > 0)`),
    // Open invoices by due date, with what the dashboard sums of them (owed, overdue): an
    // index-only scan (issue 40 item 5).
    index("invoices_due_idx")
      .on(t.dueOn, t.kind, t.grossCents, t.paidCents, t.rctCents, t.creditedCents)
      .where(sql`${t.status} in ('issued', 'part-paid')`),
    // The Invoices list's Overdue tab: open invoices newest first with their due date, so its page
    // is an index-only walk that stops at the 50th overdue one. Through invoices_created_idx it
    // read and skipped every paid invoice in between (5,500 rows, 38 ms; issue 40 item 5).
    index("invoices_open_created_idx")
      .on(t.createdAt, t.id, t.dueOn)
      .where(sql`${t.status} in ('issued', 'part-paid')`),
    // (issued_on, id): the accountant's export reads a window 500 rows at a time in this order.
    index("invoices_issued_on_idx")
      .on(t.issuedOn, t.id)
      .where(sql`${t.status} <> 'draft'`),
    // Everything the VAT summary sums, so a year's summary is an index-only scan (issue 40 item 5).
    index("invoices_vat_summary_idx")
      .on(
        t.issuedOn,
        t.kind,
        t.vatMode,
        t.netCents,
        t.vat135NetCents,
        t.vat135VatCents,
        t.vat23NetCents,
        t.vat23VatCents,
        t.vat0NetCents,
        t.vat0VatCents,
      )
      .where(sql`${t.status} <> 'draft'`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A payment against an invoice. `amountCents` is what arrived; under the reverse charge `rctRate`
 * records the RCT the principal contractor withheld and `rctCents` (that rate of the invoice's
 * gross) counts as paid too. A payment on an invoice still in draft is "received with no invoice
 * for it" until the invoice is issued.
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    reference: text("reference").notNull().default(""),
    rctRate: integer("rct_rate"),
    rctCents: bigint("rct_cents", { mode: "number" }).notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("invoice_payments_method_valid", sql`${t.method} in ('transfer', 'card', 'cheque', 'cash')`),
    check("invoice_payments_rct_rate_valid", sql`${t.rctRate} is null or ${t.rctRate} in (0, 20, 35)`),
    check("invoice_payments_amounts", sql`${t.amountCents} >= 0 and ${t.rctCents} >= 0`),
    index("invoice_payments_invoice_idx").on(t.invoiceId),
    // By day, with the sums the VAT summary and the dashboard take of a window: index-only.
    index("invoice_payments_paid_on_idx").on(t.paidOn, t.amountCents, t.rctCents),
  ],
);

/**
 * Reminders claimed (overdue reminders to the client, 1 = the first of INVOICE_REMINDER_DAYS;
 * retention reminders to staff per job and release). The row is inserted in the same transaction
 * as the e-mail: whichever server inserts it sends it; the others find it taken.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    id: serial("id").primaryKey(),
    /** "overdue" (to the client, per invoice) or "retention-completion" / "retention-defects" (to staff, per job). */
    kind: text("kind").notNull(),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    reminder: integer("reminder").notNull().default(1),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("invoice_reminders_once").on(t.kind, t.invoiceId, t.jobId, t.reminder).nullsNotDistinct(),
    check("invoice_reminders_target", sql`(${t.invoiceId} is not null) or (${t.jobId} is not null)`),
  ],
);

/**
 * The retention held back from clients and not yet released, excluding VAT, in cents: the
 * dashboard's "retention held" (billing-figures.server.ts). One row, kept only by the triggers on
 * invoices (migration 0046_invoice_retention_held), in the same transaction as every write of a
 * document, whoever writes it; never written by the app. What each document holds or releases is
 * the migration's invoice_retention_part(): summing it over 30,000 stage invoices on every dashboard
 * load was 12 ms of the database's time (issue 40 item 5).
 */
export const invoiceRetentionHeld = pgTable(
  "invoice_retention_held",
  {
    id: integer("id").primaryKey().default(1),
    cents: bigint("cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("invoice_retention_held_one_row", sql`${t.id} = 1`)],
);
