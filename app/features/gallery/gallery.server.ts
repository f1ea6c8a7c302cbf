import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { projects } from "~/db/schema";

export type GalleryProject = Pick<
  typeof projects.$inferSelect,
  "id" | "slug" | "title" | "description" | "imageSrc" | "altText" | "category"
>;

/**
 * The demo content has 12 projects (the spec's number), but every project staff publish must
 * appear, so the gallery shows them all; this bound only keeps one page from growing without limit.
 * A draft (no client's consent yet, or not published) is never shown.
 */
export const GALLERY_MAX_PROJECTS = 120;

const galleryColumns = {
  id: projects.id,
  slug: projects.slug,
  title: projects.title,
  description: projects.description,
  imageSrc: projects.imageSrc,
  altText: projects.altText,
  category: projects.category,
};

const published = eq(projects.status, "published");

/** The projects staff marked as featured, for the home page teaser (lower display order first). */
export function listFeaturedProjects(db: Db, limit = 8): Promise<GalleryProject[]> {
  return db
    .select(galleryColumns)
    .from(projects)
    .where(and(published, eq(projects.featured, true)))
    .orderBy(asc(projects.displayOrder), asc(projects.id))
    .limit(limit);
}

/**
 * Projects in any of the given categories (all projects when categories is null), lower display
 * order first. Used by the gallery tabs and the example projects on service pages.
 */
export function listProjects(
  db: Db,
  categories: ReadonlyArray<string> | null,
  limit = GALLERY_MAX_PROJECTS,
): Promise<GalleryProject[]> {
  return db
    .select(galleryColumns)
    .from(projects)
    .where(categories === null ? published : and(published, inArray(projects.category, [...categories])))
    .orderBy(asc(projects.displayOrder), asc(projects.id))
    .limit(limit);
}

/** The categories that have at least one published project (the gallery shows a tab only for those). */
export async function listProjectCategories(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ category: projects.category }).from(projects).where(published);
  return rows.flatMap((r) => (r.category === null ? [] : [r.category]));
}
