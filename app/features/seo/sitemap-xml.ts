import { getEnv } from "~/env.server";
import { listPageUpdatedAt } from "~/features/pages/pages.server";
import { publicPages } from "./public-pages";
import { buildSitemapXml } from "./sitemap";

/** GET /sitemap.xml — a resource route (no component). lastmod comes from the pages table. */
export async function loader() {
  const xml = buildSitemapXml(publicPages, getEnv().SITE_URL, await listPageUpdatedAt());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
