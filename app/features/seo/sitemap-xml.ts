import type { Route } from "./+types/sitemap-xml";
import { listSitemapPosts } from "~/features/blog/posts.server";
import { listPageUpdatedAt, listPublishedPages } from "~/features/pages/pages.server";
import { buildSitemapXml, sitemapEntries } from "./sitemap";

/**
 * GET /sitemap.xml — a resource route (no component): the site's own pages, the pages staff added
 * in the admin, then the published blog posts (drafts never). lastmod comes from the pages and
 * posts tables.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const [updatedAt, staffPages, posts] = await Promise.all([
    listPageUpdatedAt(db),
    listPublishedPages(db),
    listSitemapPosts(db),
  ]);
  const xml = buildSitemapXml(sitemapEntries(staffPages, posts), context.services.siteUrl, updatedAt);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
