import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqs } from "~/db/schema";

export type PublicFaq = Pick<typeof faqs.$inferSelect, "id" | "question" | "answer">;

/** The FAQs of one category, lower display order first (e.g. "shop-ceilings" for the specialists page). */
export function listFaqs(db: Db, category: string, limit = 20): Promise<PublicFaq[]> {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.category, category))
    .orderBy(asc(faqs.displayOrder), asc(faqs.id))
    .limit(limit);
}
