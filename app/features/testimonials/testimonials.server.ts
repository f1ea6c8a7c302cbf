import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testimonials } from "~/db/schema";

export type PublicTestimonial = Pick<
  typeof testimonials.$inferSelect,
  "id" | "name" | "title" | "company" | "location" | "content" | "stars" | "verified" | "createdAt" | "reply"
>;

const publicColumns = {
  id: testimonials.id,
  name: testimonials.name,
  title: testimonials.title,
  company: testimonials.company,
  location: testimonials.location,
  content: testimonials.content,
  stars: testimonials.stars,
  verified: testimonials.verified,
  createdAt: testimonials.createdAt,
  reply: testimonials.reply,
};

/** Only published testimonials reach the site: a client's review waits for staff (issue 39). */
const published = eq(testimonials.status, "published");

/**
 * Testimonials for public pages: clients' own verified reviews first (issue 39: the proof a visitor
 * and a search engine can trust), then featured, then by display order (lower first).
 */
export function listPublicTestimonials(db: Db, limit = 6): Promise<PublicTestimonial[]> {
  return db
    .select(publicColumns)
    .from(testimonials)
    .where(published)
    .orderBy(
      desc(testimonials.verified),
      desc(testimonials.featured),
      asc(testimonials.displayOrder),
      asc(testimonials.id),
    )
    .limit(limit);
}

/** The published verified reviews' count and average (null average: none yet), for aggregateRating. */
export async function verifiedReviewRating(db: Db): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${testimonials.stars})` })
    .from(testimonials)
    .where(and(published, eq(testimonials.verified, true)));
  const count = row?.count ?? 0;
  return { count, average: count > 0 && row?.average != null ? Math.round(Number(row.average) * 10) / 10 : null };
}

/** The newest published verified reviews, for the business's structured data. */
export function listVerifiedReviews(db: Db, limit = 10): Promise<PublicTestimonial[]> {
  return db
    .select(publicColumns)
    .from(testimonials)
    .where(and(published, eq(testimonials.verified, true)))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
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
    .where(
      and(published, sql`(${testimonials.company} ~* ${RETAIL_WORDS} or ${testimonials.title} ~* ${RETAIL_WORDS})`),
    )
    .orderBy(desc(testimonials.featured), asc(testimonials.displayOrder), asc(testimonials.id))
    .limit(limit);
}
