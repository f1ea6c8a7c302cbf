import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testimonials, type Testimonial } from "~/db/schema";
import type { WriteResult } from "~/forms/write-result";
import { validate, type FieldErrors } from "~/forms/field-errors";
import {
  TESTIMONIAL_WORDS,
  TestimonialDecisionSchema,
  TestimonialSchema,
  VERIFIED_WORDS_MESSAGE,
  type TestimonialField,
} from "~/features/testimonials/testimonials-schema";

// Testimonials for the admin and its API. (The public site reads them through features/testimonials.)
// A client's own review (verified, issue 39) arrives pending: staff publish or hide it and may reply,
// but never change its words.

type Field = TestimonialField | "status" | "reply";

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

export async function createTestimonial(db: Db, input: unknown): Promise<WriteResult<Testimonial, Field>> {
  const valid = validate(TestimonialSchema, input);
  const decision = validate(TestimonialDecisionSchema, input ?? {});
  if (!valid.ok || !decision.ok)
    return {
      status: "invalid",
      fieldErrors: { ...(valid.ok ? {} : valid.errors), ...(decision.ok ? {} : decision.errors) },
    };
  const [row] = await db
    .insert(testimonials)
    .values({ ...valid.data, status: decision.data.status ?? "published", reply: decision.data.reply ?? null })
    .returning();
  return { status: "ok", row: row! };
}

/** A body that names none of the words: a decision only ({ status }, { reply }, featured, order). */
const isDecisionOnly = (input: unknown) =>
  typeof input === "object" && input !== null && !Array.isArray(input) && TESTIMONIAL_WORDS.every((w) => !(w in input));

export async function updateTestimonial(db: Db, id: number, input: unknown): Promise<WriteResult<Testimonial, Field>> {
  const decision = validate(TestimonialDecisionSchema, input ?? {});
  if (!decision.ok) return { status: "invalid", fieldErrors: decision.errors };
  const changes = { ...decision.data };
  if (isDecisionOnly(input)) {
    if (changes.status === undefined && changes.reply === undefined)
      return { status: "invalid", fieldErrors: { status: 'Send { status: "published" | "hidden" } or a reply' } };
    const [row] = await db.update(testimonials).set(changes).where(eq(testimonials.id, id)).returning();
    return row ? { status: "ok", row } : { status: "not-found" };
  }
  const valid = validate(TestimonialSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const before = await getTestimonial(db, id);
  if (!before) return { status: "not-found" };
  if (before.verified) {
    const changed: FieldErrors<Field> = {};
    for (const word of TESTIMONIAL_WORDS) if (valid.data[word] !== before[word]) changed[word] = VERIFIED_WORDS_MESSAGE;
    if (Object.keys(changed).length > 0)
      return { status: "conflict", message: VERIFIED_WORDS_MESSAGE, fieldErrors: changed };
  }
  // An edit makes the row the business's own: no longer demo content.
  const [row] = await db
    .update(testimonials)
    .set({ ...valid.data, ...changes, demo: false })
    .where(eq(testimonials.id, id))
    .returning();
  return row ? { status: "ok", row } : { status: "not-found" };
}

/** Whether a testimonial was deleted (false: there was none with this id). */
export async function deleteTestimonial(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return removed.length > 0;
}
