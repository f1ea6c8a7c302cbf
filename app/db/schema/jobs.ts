import { sql } from "drizzle-orm";
import {
  bigint,
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
import type { PaymentSchedule, QuoteLine, VatMode } from "../column-types";
import { createdAt, bytea } from "./columns";
import { users } from "./auth";
import { clients } from "./clients";
import { contactSubmissions } from "./leads";
import { quotes } from "./quotes";
import { uploads } from "./content";

/** Jobs (issue 37): the work a signed quote (or staff) starts, its programme, card and sign-off. */

export const JOB_STATUSES = ["to-schedule", "scheduled", "in-progress", "snagging", "complete", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_PHOTO_STAGES = ["before", "during", "after"] as const;
export type JobPhotoStage = (typeof JOB_PHOTO_STAGES)[number];

/** Where the work is done (may differ from the client's billing address). */
export type JobSite = { address: string[]; eircode: string };

/**
 * The text the jobs search matches besides the client's name and company: the job's number, title,
 * the site's address lines and Eircode; keep identical in the index and the query.
 * jobs_search_text is an SQL function of the migration that made its trigram index (0049): an
 * index, not a stored column, so that a job row stays as the API answers it.
 */
export function jobSearchText(t: { number: unknown; title: unknown; site: unknown }) {
  return sql`jobs_search_text(${t.number}, ${t.title}, ${t.site})`;
}

/**
 * A job. "J-2026-0001" comes from document_numbers (series "J"). The accepted lines (with the
 * client's options as accepted) and net value are copied at acceptance: the job keeps what was
 * signed even if the quote is later changed or erased. The token is the client's link (/j/<token>).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    token: text("token").notNull().unique(),
    status: text("status").$type<JobStatus>().notNull().default("to-schedule"),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    submissionId: integer("submission_id").references(() => contactSubmissions.id, { onDelete: "set null" }),
    /** One job per quote. */
    quoteId: integer("quote_id")
      .unique()
      .references(() => quotes.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    site: jsonb("site").$type<JobSite>().notNull(),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull().default([]),
    valueCents: bigint("value_cents", { mode: "number" }).notNull().default(0),
    /** The payment schedule the client accepted with the quote (what its invoices follow); none without a quote. */
    payments: jsonb("payments").$type<PaymentSchedule>(),
    /** The accepted quote's VAT mode (a job made by hand takes its client's). */
    vatMode: text("vat_mode").$type<VatMode>().notNull().default("standard"),
    /** The checklist template used (a service key), for staff. */
    service: text("service"),
    notes: text("notes").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "jobs_status_valid",
      sql`${t.status} in ('to-schedule', 'scheduled', 'in-progress', 'snagging', 'complete', 'cancelled')`,
    ),
    index("jobs_status_idx").on(t.status, t.createdAt, t.id),
    index("jobs_client_idx").on(t.clientId, t.createdAt),
    index("jobs_created_idx").on(t.createdAt, t.id),
    index("jobs_search_idx").using("gin", sql`${jobSearchText(t)} gin_trgm_ops`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/** A day (or night) of work on a job and the staff on it; blocks their survey slots and shows in their feed. */
export const jobDays = pgTable(
  "job_days",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [check("job_days_order", sql`${t.endsAt} > ${t.startsAt}`), index("job_days_time_idx").on(t.startsAt)],
);

/** Who works a job day: one row per staff member, so clashes are found with one indexed query. */
export const jobDayStaff = pgTable(
  "job_day_staff",
  {
    dayId: integer("day_id")
      .notNull()
      .references(() => jobDays.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  // A primary key: each staff member once per day (and backups copy tables by their keys).
  (t) => [primaryKey({ columns: [t.dayId, t.userId] }), index("job_day_staff_user_idx").on(t.userId, t.startsAt)],
);

/** The job's checklist, copied from its service's template; each tick records who and when. */
export const jobChecklistItems = pgTable(
  "job_checklist_items",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [index("job_checklist_job_idx").on(t.jobId, t.position)],
);

/** Site photos: the upload (re-encoded, metadata stripped) and the stage it shows. */
export const jobPhotos = pgTable(
  "job_photos",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    stage: text("stage").$type<JobPhotoStage>().notNull(),
    takenBy: integer("taken_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("job_photos_stage_valid", sql`${t.stage} in ('before', 'during', 'after')`),
    index("job_photos_job_idx").on(t.jobId, t.createdAt),
    // GET /uploads/<id>: whether the image is a job's site photo (served to staff only).
    index("job_photos_upload_idx").on(t.uploadId),
  ],
);

export const jobSnags = pgTable(
  "job_snags",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    photoId: integer("photo_id").references(() => jobPhotos.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("job_snags_job_idx").on(t.jobId, t.createdAt)],
);

/** PDFs for the handover: fire-rating certificates, product data sheets. */
export const jobDocuments = pgTable(
  "job_documents",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    byteSize: integer("byte_size").notNull(),
    bytes: bytea("bytes").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("job_documents_job_idx").on(t.jobId, t.createdAt)],
);

/** The client's sign-off: one per job (the primary key makes a second one impossible). */
export const jobSignOffs = pgTable("job_sign_offs", {
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  /** The drawn signature, re-encoded as the quote's is (quote-signature.server.ts). */
  signature: text("signature"),
});
