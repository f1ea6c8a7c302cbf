import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testimonials, type Testimonial } from "~/db/schema";
import type { WriteResult } from "~/forms/write-result";
import { validate } from "~/forms/field-errors";
import { TestimonialSchema, type TestimonialField } from "~/features/testimonials/testimonials-schema";

// Testimonials for the admin and its API. (The public site reads them through features/testimonials.)

/** Every testimonial in the order the site shows them: featured first, then lower display order. */
export function listTestimonials(db: Db): Promise<Testimonial[]> {
  return db
    .select()
    .from(testimonials)
    .orderBy(desc(testimonials.featured), asc(testimonials.displayOrder), asc(testimonials.id));
}

export async function getTestimonial(db: Db, id: number): Promise<Testimonial | null> {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row ?? null;
}

export async function createTestimonial(db: Db, input: unknown): Promise<WriteResult<Testimonial, TestimonialField>> {
  const valid = validate(TestimonialSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const [row] = await db.insert(testimonials).values(valid.data).returning();
  return { status: "ok", row: row! };
}

export async function updateTestimonial(
  db: Db,
  id: number,
  input: unknown,
): Promise<WriteResult<Testimonial, TestimonialField>> {
  const valid = validate(TestimonialSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  // An edit makes the row the business's own: no longer demo content.
  const [row] = await db
    .update(testimonials)
    .set({ ...valid.data, demo: false })
    .where(eq(testimonials.id, id))
    .returning();
  return row ? { status: "ok", row } : { status: "not-found" };
}

/** Whether a testimonial was deleted (false: there was none with this id). */
export async function deleteTestimonial(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return removed.length > 0;
}
