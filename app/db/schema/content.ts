import { sql } from "drizzle-orm";
import {
  bigint,
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
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, bytea } from "./columns";
import type { ProjectPhoto } from "../column-types";
import { users } from "./auth";

/** Public content staff edit: pages and their revisions, projects, testimonials, FAQs, posts, redirects, 404s, uploads. */

/**
 * What staff edit on a page, as one value: a draft, a revision and the published page each hold
 * one. `fields` are a built-in page's named fields (field name → value; app/features/pages/fields).
 */
export type PageSnapshot = {
  title: string;
  description: string | null;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  fields: Record<string, unknown>;
};

/**
 * Pages. The columns hold what the public site shows (the published version); `draft` holds saved
 * changes not published yet (null: none), so the site serves the published page until staff publish.
 */
export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 100 }).notNull().unique(),
  title: varchar("title", { length: 255 }).notNull(),
  description: text("description"),
  content: text("content").notNull(),
  metaTitle: varchar("meta_title", { length: 255 }),
  metaDescription: text("meta_description"),
  /** A built-in page's published field values (only the ones staff changed; the page's defaults fill the rest). */
  fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
  draft: jsonb("draft").$type<PageSnapshot>(),
  /** Last save (draft or published). */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the public version last changed (the XML sitemap's lastmod). */
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  /** The revision the public version came from (null: published before revisions were kept). */
  publishedRevisionId: bigint("published_revision_id", { mode: "number" }),
});

/** One change field by field: the words removed and added, for the history's diff. */
export type PageChange = {
  field: string;
  label: string;
  parts: Array<{ value: string; added?: true; removed?: true }>;
};

/**
 * Every save of a page (and every restore): who, when, the page as saved, and what changed from
 * the version before. Kept up to PAGE_REVISIONS_KEPT per page (the published one always stays).
 */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the history still names someone after their account is deleted. */
    username: text("username"),
    /** Counts 1, 2, 3… per page (what staff see in the history); ids are global. */
    number: integer("number").notNull(),
    action: text("action").$type<"create" | "save" | "restore">().notNull(),
    restoredFrom: bigint("restored_from", { mode: "number" }),
    snapshot: jsonb("snapshot").$type<PageSnapshot>().notNull(),
    changes: jsonb("changes").$type<PageChange[]>().notNull(),
  },
  (t) => [
    index("page_revisions_page_idx").on(t.pageId, t.id),
    uniqueIndex("page_revisions_page_number_idx").on(t.pageId, t.number),
  ],
);

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
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
    // Project pages (issue 39). imageSrc/altText above always repeat photos[0] (the gallery's tile).
    /** The page's address: /projects/<slug>, unique, made from the title. */
    slug: varchar("slug", { length: 120 })
      .notNull()
      .unique()
      // Rows written without one (tests, old callers) get a unique placeholder; staff's come from the title.
      .$defaultFn(() => `project-${globalThis.crypto.randomUUID().slice(0, 13)}`),
    /** Where, as a district ("Sandyford, Dublin 18"): never a street address. */
    area: varchar("area", { length: 120 }).notNull().default(""),
    /** The county or city key of the area pages (/areas/<areaSlug>), or null. */
    areaSlug: varchar("area_slug", { length: 40 }),
    sector: varchar("sector", { length: 100 }).notNull().default(""),
    /** Service keys (features/projects/project-facts.ts), linked to the service pages. */
    services: jsonb("services").$type<string[]>().notNull().default([]),
    duration: varchar("duration", { length: 100 }).notNull().default(""),
    /** What was done, 150–300 words (checked by the schema). */
    scope: text("scope").notNull().default(""),
    photos: jsonb("photos").$type<ProjectPhoto[]>().notNull().default([]),
    /**
     * The job it came from, if any (its client's review shows on the page). The foreign key to
     * jobs (on delete set null) is in migration 0027's SQL: jobs.ts imports this file, so naming
     * jobs here would make an import cycle.
     */
    jobId: integer("job_id"),
    /** The client's consent to show the project: who recorded it and when (null: none yet). */
    consentBy: text("consent_by"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    status: text("status").$type<"draft" | "published">().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("projects_category_order_idx").on(t.category, t.displayOrder, t.id),
    index("projects_order_idx").on(t.displayOrder, t.id),
    index("projects_status_area_idx").on(t.status, t.areaSlug),
    // One project per job: the check in project-from-job.server.ts, held when two requests race.
    uniqueIndex("projects_job_idx")
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
    check("projects_status_valid", sql`${t.status} in ('draft', 'published')`),
  ],
);

export const TESTIMONIAL_STATUSES = ["pending", "published", "hidden"] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

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
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
    /** Only published ones show on the site; a client's review arrives pending (issue 39). */
    status: text("status").$type<TestimonialStatus>().notNull().default("published"),
    /**
     * A client's own review through /r/<token> (issue 39): its words and stars are theirs, never
     * edited by staff. `jobId` is the job it is about (no foreign key: jobs.ts already imports this file).
     */
    verified: boolean("verified").notNull().default(false),
    jobId: integer("job_id"),
    /** The business's public reply to a review. */
    reply: text("reply"),
  },
  (t) => [
    check("testimonials_stars_range", sql`${t.stars} between 1 and 5`),
    check("testimonials_status_valid", sql`${t.status} in ('pending', 'published', 'hidden')`),
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
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [index("faqs_category_order_idx").on(t.category, t.displayOrder, t.id)],
);

/**
 * Blog posts (issue 15), written in the admin. Only published posts reach the public site, the
 * sitemap and the RSS feed; a draft's address answers 404 to the public.
 */
export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 255 }).notNull(),
    /** The post's address is /blog/<slug>. */
    slug: varchar("slug", { length: 100 }).notNull().unique(),
    /** One or two sentences for the blog index, the feed and the meta description. */
    excerpt: text("excerpt").notNull(),
    /** Markdown, rendered on the server and sanitised (features/markdown). */
    content: text("content").notNull(),
    /** An uploaded image (/uploads/…) or a path on this site; its alt text is required with it. */
    coverImage: varchar("cover_image", { length: 255 }),
    coverImageAlt: varchar("cover_image_alt", { length: 255 }),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    /** Set when the post is first published (or as staff choose); the public order, newest first. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Seeded demo content (a fictional business's work): shown with a "Demo" badge in the admin until staff edit or remove it. */
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    check("posts_status_values", sql`${t.status} in ('draft', 'published')`),
    // The public list: published posts, newest first (ascending index read backwards).
    index("posts_published_idx")
      .on(t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
  ],
);

export type PostStatus = "draft" | "published";

/**
 * Redirects staff set up (or that a slug change made): a public GET of `from_path` is answered
 * with a 301 (permanent) or 302 to `to_path`. Served from an in-memory map (features/redirects).
 */
export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  /** A path on this site, e.g. /old-page (no query string, no trailing slash). */
  fromPath: varchar("from_path", { length: 500 }).notNull().unique(),
  /** A path on this site or an absolute http(s) URL. */
  toPath: varchar("to_path", { length: 2000 }).notNull(),
  permanent: boolean("permanent").notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Public paths that answered 404, counted so staff can redirect the ones people still visit.
 * Bounded: the least recently seen rows go beyond a cap (features/redirects/not-found-log.server.ts).
 */
export const notFoundLog = pgTable(
  "not_found_log",
  {
    path: varchar("path", { length: 500 }).primaryKey(),
    hits: integer("hits").notNull().default(0),
    /** The last referring page that was sent (another site's link, or one of ours). */
    referrer: varchar("referrer", { length: 500 }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("not_found_log_hits_idx").on(t.hits, t.lastSeenAt), index("not_found_log_seen_idx").on(t.lastSeenAt)],
);

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
 * testimonials, FAQs, blog posts, redirects), whoever makes it. The page cache compares it to decide what is stale, so
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

export type Page = typeof pages.$inferSelect;
export type PageRevision = typeof pageRevisions.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Redirect = typeof redirects.$inferSelect;
export type NotFoundLogRow = typeof notFoundLog.$inferSelect;
