import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { projects } from "~/db/schema";

export type GalleryProject = Pick<typeof projects.$inferSelect, "id" | "title" | "description" | "imageSrc" | "altText" | "category">;

const galleryColumns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  imageSrc: projects.imageSrc,
  altText: projects.altText,
  category: projects.category,
};

/** The projects staff marked as featured, for the home page teaser (lower display order first). */
export function listFeaturedProjects(limit = 8): Promise<GalleryProject[]> {
  return db()
    .select(galleryColumns)
    .from(projects)
    .where(eq(projects.featured, true))
    .orderBy(asc(projects.displayOrder), asc(projects.id))
    .limit(limit);
}
