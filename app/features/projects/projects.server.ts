import { and, asc, count, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { projects, testimonials, type Project } from "~/db/schema";
import type { PublicTestimonial } from "~/features/testimonials/testimonials.server";
import { AREA_PAGE_MIN_PROJECTS } from "./project-facts";

// The public side of projects: published ones only (a draft has no page, no list entry, no
// sitemap entry, and counts toward no area).

/** What a project's card on /projects and the area pages shows. */
export type ProjectCard = Pick<Project, "id" | "slug" | "title" | "area" | "areaSlug" | "sector" | "services"> & {
  photo: Project["photos"][number] | null;
};

const cardColumns = {
  id: projects.id,
  slug: projects.slug,
  title: projects.title,
  area: projects.area,
  areaSlug: projects.areaSlug,
  sector: projects.sector,
  services: projects.services,
  photos: projects.photos,
};

const published = eq(projects.status, "published");

/** Published projects, newest first; with `areaSlug`, those of that area only. */
export async function listPublishedProjects(db: Db, areaSlug?: string, limit = 200): Promise<ProjectCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(projects)
    .where(areaSlug ? and(published, eq(projects.areaSlug, areaSlug)) : published)
    .orderBy(desc(projects.publishedAt), asc(projects.displayOrder), asc(projects.id))
    .limit(limit);
  return rows.map(({ photos, ...row }) => ({ ...row, photo: photos[0] ?? null }));
}

/** A published project by its slug, or null (a draft is not found). */
export async function getPublishedProject(db: Db, slug: string): Promise<Project | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(published, eq(projects.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The areas with enough published projects for a page of their own (AREA_PAGE_MIN_PROJECTS). */
export async function listLiveAreas(db: Db): Promise<Array<{ areaSlug: string; projects: number }>> {
  const rows = await db
    .select({ areaSlug: projects.areaSlug, projects: count() })
    .from(projects)
    .where(and(published, isNotNull(projects.areaSlug)))
    .groupBy(projects.areaSlug)
    .having(gte(count(), AREA_PAGE_MIN_PROJECTS))
    .orderBy(asc(projects.areaSlug));
  return rows.map((r) => ({ areaSlug: r.areaSlug!, projects: Number(r.projects) }));
}

/** Whether an area has its page. */
export async function isLiveArea(db: Db, areaSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(published, eq(projects.areaSlug, areaSlug)));
  return Number(row?.n ?? 0) >= AREA_PAGE_MIN_PROJECTS;
}

export type SitemapProject = {
  slug: string;
  updatedAt: Date;
  images: Array<{ src: string }>;
};

/**
 * Published projects for /sitemap.xml: their address, last change and photos' paths, in one query
 * that reads only the paths out of each project's photos (bench:sitemap: 500 projects, 2,000 photos).
 */
export async function listSitemapProjects(db: Db): Promise<SitemapProject[]> {
  const rows = await db
    .select({
      slug: projects.slug,
      updatedAt: projects.updatedAt,
      srcs: sql<string[]>`jsonb_path_query_array(${projects.photos}, '$[*].src')`,
    })
    .from(projects)
    .where(published)
    .orderBy(asc(projects.id));
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt, images: r.srcs.map((src) => ({ src })) }));
}

/** Which of these projects' slugs are published (the gallery links those tiles to their pages). */
export async function publishedSlugs(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, slug: projects.slug })
    .from(projects)
    .where(and(published, inArray(projects.id, ids)));
  return new Map(rows.map((r) => [r.id, r.slug]));
}

/** The client's own review of the project's job (verified, published by staff), newest first; null: none. */
export async function projectReview(db: Db, jobId: number | null): Promise<PublicTestimonial | null> {
  if (jobId === null) return null;
  const [row] = await db
    .select({
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
    })
    .from(testimonials)
    .where(and(eq(testimonials.jobId, jobId), eq(testimonials.verified, true), eq(testimonials.status, "published")))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(1);
  return row ?? null;
}
