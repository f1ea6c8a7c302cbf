import type { PublicPage } from "./public-pages";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** W3C Datetime in UTC without milliseconds, e.g. 2025-06-01T09:30:00+00:00 (sitemaps.org lastmod). */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/**
 * The sitemaps.org 0.9 XML for the pages marked inXmlSitemap: absolute URLs on siteUrl, lastmod
 * where the page's row has an update time, and the page's priority.
 */
export function buildSitemapXml(
  pages: ReadonlyArray<Pick<PublicPage, "path" | "slug" | "priority" | "inXmlSitemap">>,
  siteUrl: string,
  updatedAt: ReadonlyMap<string, Date>,
): string {
  const base = siteUrl.replace(/\/+$/, "");
  const urls = pages
    .filter((p) => p.inXmlSitemap)
    .map((p) => {
      const lastmod = p.slug ? updatedAt.get(p.slug) : undefined;
      return [
        "  <url>",
        `    <loc>${escapeXml(base + p.path)}</loc>`,
        ...(lastmod ? [`    <lastmod>${w3cDatetime(lastmod)}</lastmod>`] : []),
        `    <priority>${p.priority.toFixed(1)}</priority>`,
        "  </url>",
      ].join("\n");
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled; the staff area and the API may not. */
export function buildRobotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
