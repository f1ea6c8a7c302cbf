import { getEnv } from "~/env.server";
import { listPageUpdatedAt, listPublishedPages } from "~/features/pages/pages.server";
import { publicPages, type PublicPage } from "./public-pages";
import { buildSitemapXml } from "./sitemap";

/** Priority of pages staff add in the admin (published at /<slug>). */
const STAFF_PAGE_PRIORITY = 0.5;

/**
 * GET /sitemap.xml — a resource route (no component): the site's own pages, then the pages staff
 * added in the admin. lastmod comes from the pages table.
 */
export async function loader() {
  const [updatedAt, staffPages] = await Promise.all([listPageUpdatedAt(), listPublishedPages()]);
  const pages: Array<Pick<PublicPage, "path" | "slug" | "priority" | "inXmlSitemap">> = [
    ...publicPages,
    ...staffPages.map((p) => ({ path: `/${p.slug}`, slug: p.slug, priority: STAFF_PAGE_PRIORITY, inXmlSitemap: true })),
  ];
  const xml = buildSitemapXml(pages, getEnv().SITE_URL, updatedAt);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
