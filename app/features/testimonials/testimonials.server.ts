import { asc, desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { testimonials } from "~/db/schema";

export type PublicTestimonial = Pick<
  typeof testimonials.$inferSelect,
  "id" | "name" | "title" | "company" | "location" | "content" | "stars"
>;

/** Testimonials for public pages: featured first, then by display order (lower first). */
export function listPublicTestimonials(limit = 6): Promise<PublicTestimonial[]> {
  return db()
    .select({
      id: testimonials.id,
      name: testimonials.name,
      title: testimonials.title,
      company: testimonials.company,
      location: testimonials.location,
      content: testimonials.content,
      stars: testimonials.stars,
    })
    .from(testimonials)
    .orderBy(desc(testimonials.featured), asc(testimonials.displayOrder), asc(testimonials.id))
    .limit(limit);
}
