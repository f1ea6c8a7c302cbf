import { asc, desc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testimonials } from "~/db/schema";

export type PublicTestimonial = Pick<
  typeof testimonials.$inferSelect,
  "id" | "name" | "title" | "company" | "location" | "content" | "stars"
>;

const publicColumns = {
  id: testimonials.id,
  name: testimonials.name,
  title: testimonials.title,
  company: testimonials.company,
  location: testimonials.location,
  content: testimonials.content,
  stars: testimonials.stars,
};

/** Testimonials for public pages: featured first, then by display order (lower first). */
export function listPublicTestimonials(db: Db, limit = 6): Promise<PublicTestimonial[]> {
  return db
    .select(publicColumns)
    .from(testimonials)
    .orderBy(desc(testimonials.featured), asc(testimonials.displayOrder), asc(testimonials.id))
    .limit(limit);
}

/**
 * Words in a reviewer's job title or company that mark a retail or salon client. Testimonials have
 * no category column, so shop pages pick them by who wrote them ("Store Manager", "… Pharmacy").
 * PostgreSQL regex: \m and \M are word boundaries, so "workshop" does not count as "shop".
 */
const RETAIL_WORDS = String.raw`\m(shops?|stores?|boutiques?|pharmacy|chemists?|salons?|hair|beauty|barbers?|retail|retailers?)\M`;

/** Testimonials from shop, pharmacy and salon clients: featured first, then by display order. */
export function listRetailTestimonials(db: Db, limit = 3): Promise<PublicTestimonial[]> {
  return db
    .select(publicColumns)
    .from(testimonials)
    .where(sql`(${testimonials.company} ~* ${RETAIL_WORDS} or ${testimonials.title} ~* ${RETAIL_WORDS})`)
    .orderBy(desc(testimonials.featured), asc(testimonials.displayOrder), asc(testimonials.id))
    .limit(limit);
}
