import type { Db } from "./client.server";
import { appMeta, faqs, pages, projects, testimonials } from "./schema";
import { seedFaqs, seedPages, seedProjects, seedTestimonials } from "./seed-data";

const SEED_KEY = "demo_content_seeded_at";

/**
 * Fills an empty database with the demo content, once. The marker row makes this idempotent
 * and race-safe: servers starting together on one PostgreSQL all try to insert it, and only the
 * one whose insert wins seeds (the others wait on the primary key, then see the conflict).
 * A database that already holds content is never touched, so staff deletions are not undone.
 */
export async function seedDemoContent(db: Db): Promise<boolean> {
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

    await tx.insert(pages).values([...seedPages]);
    await tx.insert(projects).values([...seedProjects]);
    await tx.insert(testimonials).values([...seedTestimonials]);
    await tx.insert(faqs).values([...seedFaqs]);
    return true;
  });
}
