import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { faqs, posts, projects, siteSettings, testimonials } from "~/db/schema";
import { isSampleRating } from "~/features/site/sample-facts";
import { deleteUploadIfUnused } from "~/features/uploads/uploads.server";
import type { DemoCounts, DemoRemoval } from "./demo-counts";

/** The stored business settings, when the review rating in them is the sample one. */
async function sampleRatingRow(db: Db) {
  const [row] = await db.select({ business: siteSettings.business }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.business && isSampleRating(row.business.rating) ? row.business : null;
}

/** The demo rows still on the site, by kind (and whether the sample review rating is). */
export async function countDemoContent(db: Db): Promise<DemoCounts> {
  // One statement for the four counts: the dashboard asks on every load, and four queries in a row
  // were four round trips on its slowest path (issue 40 item 5).
  const [[counts], sample] = await Promise.all([
    queryRows<{ projects: number; testimonials: number; faqs: number; posts: number }>(
      db,
      sql`select
        (select count(*)::int from ${projects} where ${projects.demo}) as projects,
        (select count(*)::int from ${testimonials} where ${testimonials.demo}) as testimonials,
        (select count(*)::int from ${faqs} where ${faqs.demo}) as faqs,
        (select count(*)::int from ${posts} where ${posts.demo}) as posts`,
    ),
    sampleRatingRow(db),
  ]);
  return {
    projects: Number(counts?.projects ?? 0),
    testimonials: Number(counts?.testimonials ?? 0),
    faqs: Number(counts?.faqs ?? 0),
    posts: Number(counts?.posts ?? 0),
    rating: sample ? 1 : 0,
  };
}

/**
 * Deletes every row still marked demo, in one transaction (all or nothing), and answers how many
 * of each kind went, with the sample review rating (the site then claims none until the owner
 * enters theirs). With `keepFaqs` the demo FAQs stay and become the business's own (their mark
 * comes off), counted in `keptFaqs`. Page texts and the spec's blog post are never demo: they are
 * the business's copy (the rule: features/demo/seed.server.ts, asDemo). The tables' triggers bump
 * the content version, so every cached page is rebuilt on its next request.
 */
export async function removeDemoContent(db: Db, { keepFaqs }: { keepFaqs: boolean }): Promise<DemoRemoval> {
  const removed = await db.transaction(async (tx) => {
    const gone = {
      projects: await tx.delete(projects).where(eq(projects.demo, true)).returning({ image: projects.imageSrc }),
      testimonials: await tx.delete(testimonials).where(eq(testimonials.demo, true)).returning({ id: testimonials.id }),
      faqs: keepFaqs ? [] : await tx.delete(faqs).where(eq(faqs.demo, true)).returning({ id: faqs.id }),
      keptFaqs: keepFaqs
        ? await tx.update(faqs).set({ demo: false }).where(eq(faqs.demo, true)).returning({ id: faqs.id })
        : [],
      posts: await tx.delete(posts).where(eq(posts.demo, true)).returning({ image: posts.coverImage }),
      rating: 0,
    };
    const business = await sampleRatingRow(tx);
    if (business) {
      await tx
        .update(siteSettings)
        .set({ business: { ...business, rating: null }, updatedAt: new Date() })
        .where(eq(siteSettings.id, 1));
      gone.rating = 1;
    }
    return gone;
  });
  // Images uploaded for demo rows (none are seeded that way, but a copy of a database may hold
  // some) go with them unless something else still shows them.
  for (const row of [...removed.projects, ...removed.posts]) await deleteUploadIfUnused(db, row.image);
  return {
    projects: removed.projects.length,
    testimonials: removed.testimonials.length,
    faqs: removed.faqs.length,
    posts: removed.posts.length,
    rating: removed.rating,
    keptFaqs: removed.keptFaqs.length,
  };
}
