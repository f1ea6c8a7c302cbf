import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pages } from "~/db/schema";
import { isStaffPageSlug } from "./page-slugs";

export type PageMeta = { title: string; description: string | null };

/** The title/description staff set for a page in the admin (pages row with this slug), if any. */
export async function getPageMeta(db: Db, slug: string): Promise<PageMeta | null> {
  const [row] = await db
    .select({
      title: pages.title,
      metaTitle: pages.metaTitle,
      description: pages.description,
      metaDescription: pages.metaDescription,
    })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  if (!row) return null;
  return { title: row.metaTitle || row.title, description: row.metaDescription || row.description };
}

/** When each page row was last changed, by slug (for the XML sitemap's lastmod). */
export async function listPageUpdatedAt(db: Db): Promise<Map<string, Date>> {
  const rows = await db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages);
  return new Map(rows.map((r) => [r.slug, r.updatedAt]));
}

export type PublishedPage = Pick<
  typeof pages.$inferSelect,
  "slug" | "title" | "description" | "content" | "metaTitle" | "metaDescription" | "updatedAt"
>;

/** A page staff added in the admin, for its public address /<slug>; null for any other slug. */
export async function getPublishedPage(db: Db, slug: string): Promise<PublishedPage | null> {
  if (!isStaffPageSlug(slug)) return null;
  const [row] = await db
    .select({
      slug: pages.slug,
      title: pages.title,
      description: pages.description,
      content: pages.content,
      metaTitle: pages.metaTitle,
      metaDescription: pages.metaDescription,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  return row ?? null;
}

/** Every page staff added (published at /<slug>), for the XML sitemap. */
export async function listPublishedPages(db: Db): Promise<Array<{ slug: string; title: string; updatedAt: Date }>> {
  const rows = await db
    .select({ slug: pages.slug, title: pages.title, updatedAt: pages.updatedAt })
    .from(pages)
    .orderBy(asc(pages.slug));
  return rows.filter((r) => isStaffPageSlug(r.slug));
}
