import type * as z from "zod/mini";
import type { Business } from "~/config";
import { getBusiness } from "~/config.server";
import { FaqSchema } from "~/features/faqs/faqs-schema";
import { PageSchema } from "~/features/pages/pages-schema";
import { recordFirstRevisions } from "~/features/pages/page-revisions.server";
import { estimatePageSeed } from "~/features/estimate/estimate-page-fields";
import { PostSchema } from "~/features/blog/posts-schema";
import { FIRST_POST_SLUG, firstPost } from "~/features/blog/first-post";
import { ProjectSchema, type ProjectInput } from "~/features/gallery/projects-schema";
import { slugFromTitle } from "~/features/projects/project-facts";
import { TestimonialSchema } from "~/features/testimonials/testimonials-schema";
import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import { fillPrices } from "~/features/estimate/price-text";
import type { Db } from "~/db/client.server";
import { appMeta, faqs, pages, posts, projects, testimonials } from "~/db/schema";
import {
  blogPageSeed,
  seedFaqs,
  seedPages,
  seedProjects,
  seedTestimonials,
  type PageSeed,
  type ProjectSeed,
} from "./demo-content";

const SEED_KEY = "demo_content_seeded_at";
const FIRST_POST_KEY = "first_post_seeded_at";

/**
 * The demo content in the business's name, each row parsed with the schema the admin checks that
 * kind of row with: a row staff could not have entered stops seeding (and the server's start)
 * with a message naming it, before anything is written.
 */
export function demoContent(business: Business) {
  return {
    pages: parseSeedRows("page", PageSchema, seedPages, (p) => p.slug),
    projects: parseSeedRows(
      "project",
      // The schema first turns the old single image into photos, so its input is typed unknown.
      ProjectSchema as unknown as z.ZodMiniType<ProjectInput, ProjectSeed>,
      seedProjects,
      (p) => p.title,
    ),
    testimonials: parseSeedRows("testimonial", TestimonialSchema, seedTestimonials(business), (t) => t.name),
    faqs: parseSeedRows("FAQ", FaqSchema, seedFaqs, (f) => f.question),
  };
}

function parseSeedRows<Input, Output>(
  kind: string,
  schema: z.ZodMiniType<Output, Input>,
  rows: ReadonlyArray<Input>,
  nameOf: (row: Input) => string,
): Output[] {
  return rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ");
    throw new Error(`Demo ${kind} "${nameOf(row)}" does not pass the admin's checks: ${problems}`);
  });
}

/**
 * Which seeded rows are demo, the one rule: a row is demo when it is a fictional business's work or
 * words (the projects, the testimonials, the FAQs' answers), written so the site did not start
 * empty; "Remove demo content" deletes it. What the product spec itself defines as the site's
 * content is the business's own and never demo: the page texts, and the blog post
 * /blog/shop-ceiling-trends (the spec links it from /shop-ceiling and lists it in the sitemap).
 * The FAQs are demo but the removal offers to keep them (they answer real questions).
 */
const asDemo = <Row extends object>(row: Row) => ({ ...row, demo: true });

/** The demo SVGs are drawn at 800 × 600. */
const DEMO_IMAGE_SIZE = { width: 800, height: 600 };

/**
 * A demo project as stored: published (the fictional client's consent recorded as the demo's), its
 * photos the site's own illustrations, the first one the gallery's image.
 */
export function demoProjectRow(p: ProjectInput, now: Date): typeof projects.$inferInsert {
  const { consent: _consent, photos, slug, ...fields } = p;
  const stored = photos.map((photo) => ({
    uploadId: null,
    src: photo.src!,
    alt: photo.alt,
    ...DEMO_IMAGE_SIZE,
    ...(photo.pair ? { pair: photo.pair } : {}),
  }));
  return {
    ...fields,
    area: fields.area ?? "",
    sector: fields.sector ?? "",
    duration: fields.duration ?? "",
    scope: fields.scope ?? "",
    slug: slug ?? slugFromTitle(p.title),
    photos: stored,
    imageSrc: stored[0]!.src,
    altText: stored[0]!.alt,
    status: "published",
    publishedAt: now,
    consentBy: "Demo content",
    consentAt: now,
    demo: true,
  };
}

/**
 * Fills an empty database with the demo content, once. The marker row makes this idempotent
 * and race-safe: servers starting together on one PostgreSQL all try to insert it, and only the
 * one whose insert wins seeds (the others wait on the primary key, then see the conflict).
 * A database that already holds content is never touched, so staff deletions are not undone.
 */
export async function seedDemoContent(db: Db, business: Business = getBusiness()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return false;

    // Sequential on purpose: a transaction holds one connection.
    let existing = 0;
    for (const table of [pages, projects, testimonials, faqs]) existing += await tx.$count(table);
    if (existing > 0) return false;

    const content = demoContent(business);
    // Pages (and the first post, below) are the business's own copy; the rest is a fictional
    // business's work, marked as demo so the admin can badge it and remove it in one go
    // (features/admin/demo). The rule is at asDemo.
    await tx.insert(pages).values(content.pages);
    const now = new Date();
    await tx.insert(projects).values(content.projects.map((p) => demoProjectRow(p, now)));
    await tx.insert(testimonials).values(content.testimonials.map(asDemo));
    await tx.insert(faqs).values(content.faqs.map(asDemo));
    await seedFirstPost(tx);
    // The seeded text is each page's revision 1, so staff can go back to it after editing.
    await recordFirstRevisions(tx);
    return true;
  });
}

/**
 * The blog's first post (the article the site carried in code before posts were editable), put in
 * the posts table once, on new and existing databases alike, so /blog/shop-ceiling-trends keeps
 * answering after the upgrade. The spec defines it as the site's own post, so it is not demo (see
 * asDemo). Staff may edit or delete it afterwards: the marker row means it is never put back.
 */
export async function seedFirstPost(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: FIRST_POST_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return false;
    const [post] = parseSeedRows("post", PostSchema, [firstPost], (p) => p.slug);
    const inserted = await tx
      .insert(posts)
      .values(post!)
      .onConflictDoNothing({ target: posts.slug })
      .returning({ id: posts.id });
    return inserted.length > 0;
  });
}

/**
 * A built-in page's row in Pages, added once to every database: a marker in app_meta keeps a row
 * staff deleted from coming back. Its words are the page's defaults, so nothing a visitor sees
 * changes; they are recorded as revision 1.
 */
async function seedBuiltInPageOnce(db: Db, markerKey: string, seed: PageSeed): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: markerKey, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return false;
    const [row] = parseSeedRows("page", PageSchema, [seed], (p) => p.slug);
    const inserted = await tx
      .insert(pages)
      .values(row!)
      .onConflictDoNothing({ target: pages.slug })
      .returning({ id: pages.id });
    await recordFirstRevisions(tx);
    return inserted.length > 0;
  });
}

/** The blog index's row in Pages, so staff find "Blog" there and edit it like the other built-in pages. */
export const seedBlogPage = (db: Db, business: Business = getBusiness()): Promise<boolean> =>
  seedBuiltInPageOnce(db, "blog_page_seeded_at", blogPageSeed(business));

/** The estimate page's row in Pages, so staff edit its headings and paragraphs like the other pages'. */
export const seedEstimatePage = (db: Db, business: Business = getBusiness()): Promise<boolean> =>
  seedBuiltInPageOnce(db, "estimate_page_seeded_at", estimatePageSeed(business.name));

const DEMO_MARKED_KEY = "demo_rows_marked_at";

/**
 * A seed text as it is today and as it was seeded before prices became placeholders (the figures
 * written out, custom ceilings as "€60 to €120+ per m²"), so an older database's untouched rows
 * are recognised too.
 */
function asSeeded(text: string): string[] {
  const written = fillPrices(text, DEFAULT_PRICE_LIST).replaceAll("€60 to €120 per m²", "€60 to €120+ per m²");
  return written === text ? [text] : [text, written];
}

/**
 * Databases seeded before rows carried the demo mark: marks the seeded rows nobody has edited
 * (their words still exactly the seed's) as demo, once, so an existing site gets the badges and the
 * "Remove demo content" action too. A row staff changed is theirs and stays unmarked.
 */
export async function markSeededDemoRows(db: Db, business: Business = getBusiness()): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appMeta)
      .values({ key: DEMO_MARKED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (marked.length === 0) return 0;
    const content = demoContent(business);
    let count = 0;
    // Sequential on purpose: a transaction holds one connection.
    for (const p of content.projects) {
      const rows = await tx
        .update(projects)
        .set({ demo: true })
        .where(and(eq(projects.title, p.title), inArray(projects.description, asSeeded(p.description))))
        .returning({ id: projects.id });
      count += rows.length;
    }
    for (const t of content.testimonials) {
      const rows = await tx
        .update(testimonials)
        .set({ demo: true })
        .where(and(eq(testimonials.name, t.name), inArray(testimonials.content, asSeeded(t.content))))
        .returning({ id: testimonials.id });
      count += rows.length;
    }
    for (const f of content.faqs) {
      const rows = await tx
        .update(faqs)
        .set({ demo: true })
        .where(and(eq(faqs.question, f.question), inArray(faqs.answer, asSeeded(f.answer))))
        .returning({ id: faqs.id });
      count += rows.length;
    }
    return count;
  });
}

/**
 * Databases seeded while the first post was marked demo: it is the site's own post (see asDemo), so
 * the mark comes off and "Remove demo content" no longer deletes it. Idempotent: staff cannot mark
 * a row demo, so this only ever touches that one seeded row.
 */
export async function unmarkSiteOwnPost(db: Db): Promise<number> {
  const rows = await db
    .update(posts)
    .set({ demo: false })
    .where(and(eq(posts.slug, FIRST_POST_SLUG), eq(posts.demo, true)))
    .returning({ id: posts.id });
  return rows.length;
}
