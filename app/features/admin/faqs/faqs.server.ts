import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqs, type Faq } from "~/db/schema";
import type { WriteResult } from "~/forms/write-result";
import { validate } from "~/forms/field-errors";
import { FaqSchema, type FaqField } from "~/features/faqs/faqs-schema";

// FAQs for the admin and its API. (The public site reads them through features/faqs.)

/** Every FAQ, or those of one category: by category, then lower display order first. */
export function listFaqs(db: Db, category?: string): Promise<Faq[]> {
  return db
    .select()
    .from(faqs)
    .where(category ? eq(faqs.category, category) : undefined)
    .orderBy(asc(faqs.category), asc(faqs.displayOrder), asc(faqs.id));
}

export async function getFaq(db: Db, id: number): Promise<Faq | null> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row ?? null;
}

export async function createFaq(db: Db, input: unknown): Promise<WriteResult<Faq, FaqField>> {
  const valid = validate(FaqSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  const [row] = await db.insert(faqs).values(valid.data).returning();
  return { status: "ok", row: row! };
}

export async function updateFaq(db: Db, id: number, input: unknown): Promise<WriteResult<Faq, FaqField>> {
  const valid = validate(FaqSchema, input);
  if (!valid.ok) return { status: "invalid", fieldErrors: valid.errors };
  // An edit makes the row the business's own: no longer demo content.
  const [row] = await db
    .update(faqs)
    .set({ ...valid.data, demo: false })
    .where(eq(faqs.id, id))
    .returning();
  return row ? { status: "ok", row } : { status: "not-found" };
}

/** Whether an FAQ was deleted (false: there was none with this id). */
export async function deleteFaq(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  return removed.length > 0;
}
