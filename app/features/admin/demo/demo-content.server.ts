import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqs, posts, projects, testimonials } from "~/db/schema";
import { deleteUploadIfUnused } from "~/features/uploads/uploads.server";
import type { DemoCounts } from "./demo-counts";

/** The demo rows still on the site, by kind. */
export async function countDemoContent(db: Db): Promise<DemoCounts> {
  // Sequential: on PGlite every query shares one connection anyway.
  return {
    projects: await db.$count(projects, eq(projects.demo, true)),
    testimonials: await db.$count(testimonials, eq(testimonials.demo, true)),
    faqs: await db.$count(faqs, eq(faqs.demo, true)),
    posts: await db.$count(posts, eq(posts.demo, true)),
  };
}

/**
 * Deletes every row still marked demo, in one transaction (all or nothing), and answers how many
 * of each kind went. Page texts are never demo: they are the business's copy. The tables' triggers
 * bump the content version, so every cached page is rebuilt on its next request.
 */
export async function removeDemoContent(db: Db): Promise<DemoCounts> {
  const removed = await db.transaction(async (tx) => {
    const gone = {
      projects: await tx.delete(projects).where(eq(projects.demo, true)).returning({ image: projects.imageSrc }),
      testimonials: await tx.delete(testimonials).where(eq(testimonials.demo, true)).returning({ id: testimonials.id }),
      faqs: await tx.delete(faqs).where(eq(faqs.demo, true)).returning({ id: faqs.id }),
      posts: await tx.delete(posts).where(eq(posts.demo, true)).returning({ image: posts.coverImage }),
    };
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
  };
}
