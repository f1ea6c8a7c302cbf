import type { Route } from "./+types/sitemap-xml";
import { listSitemapPosts } from "~/features/blog/posts.server";
import { listPageUpdatedAt, listPublishedPages } from "~/features/pages/pages.server";
import { listLiveAreas, listSitemapProjects } from "~/features/projects/projects.server";
import { buildSitemapXml, sitemapEntries } from "./sitemap";

/**
 * GET /sitemap.xml — a resource route (no component): the site's own pages, the pages staff added
 * in the admin, the published blog posts (drafts never), the published projects with their photos
 * (image:image) and the areas with a page. lastmod comes from the pages and
 * posts tables.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const [updatedAt, staffPages, posts, projects, areas] = await Promise.all([
    listPageUpdatedAt(db),
    listPublishedPages(db),
    listSitemapPosts(db),
    listSitemapProjects(db),
    listLiveAreas(db),
  ]);
  const xml = buildSitemapXml(sitemapEntries(staffPages, posts, projects, areas), context.services.siteUrl, updatedAt);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
