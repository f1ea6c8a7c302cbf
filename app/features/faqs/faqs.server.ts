import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqs } from "~/db/schema";
import { getPriceList } from "~/features/estimate/pricing.server";
import type { Business } from "~/config";
import { fillPlaceholders } from "~/features/site/placeholders";

export type PublicFaq = Pick<typeof faqs.$inferSelect, "id" | "question" | "answer">;

/**
 * The FAQs of one category, lower display order first (e.g. "shop-ceilings" for the specialists
 * page), with the placeholders in the answers ({price:…}, {phone}, {area}, …) filled in.
 */
export async function listFaqs(db: Db, business: Business, category: string, limit = 20): Promise<PublicFaq[]> {
  const [rows, { items }] = await Promise.all([
    db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(eq(faqs.category, category))
      .orderBy(asc(faqs.displayOrder), asc(faqs.id))
      .limit(limit),
    getPriceList(db),
  ]);
  return rows.map((f) => ({ ...f, answer: fillPlaceholders(f.answer, { items, business }) }));
}
