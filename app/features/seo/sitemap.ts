import { postPath } from "~/features/blog/post-paths";
import { areaPath, projectPath } from "~/features/projects/project-facts";
import { publicPages, type PublicPage } from "./public-pages";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** W3C Datetime in UTC without milliseconds, e.g. 2025-06-01T09:30:00+00:00 (sitemaps.org lastmod). */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** A page of the XML sitemap; its lastmod is given, or read from the pages row with its slug. */
export type SitemapEntry = Pick<PublicPage, "path" | "slug" | "priority" | "inXmlSitemap"> & {
  lastmod?: Date;
  /** Paths of the images the page shows (each becomes an <image:image>). */
  images?: ReadonlyArray<string>;
};

/** Priority of pages staff add in the admin (published at /<slug>). */
const STAFF_PAGE_PRIORITY = 0.5;
/** Priority of blog posts (spec section 2: the blog post, 0.6). */
const POST_PRIORITY = 0.6;
/** Priority of project pages (issue 39) and the area pages that list them. */
const PROJECT_PRIORITY = 0.6;
const AREA_PRIORITY = 0.6;
/** sitemaps.org's image extension allows at most 1,000 images per page. */
const MAX_IMAGES = 1000;

/**
 * What /sitemap.xml lists: the site's own pages, the pages staff added in the admin, the published
 * blog posts, then /projects and the published projects with their photos and the areas that have a page (the
 * caller passes published ones and live areas only: drafts never appear).
 */
export function sitemapEntries(
  staffPages: ReadonlyArray<{ slug: string }>,
  posts: ReadonlyArray<{ slug: string; updatedAt: Date }>,
  projects: ReadonlyArray<{ slug: string; updatedAt: Date; images: ReadonlyArray<{ src: string }> }> = [],
  areas: ReadonlyArray<{ areaSlug: string }> = [],
): SitemapEntry[] {
  return [
    ...publicPages,
    ...staffPages.map((p) => ({ path: `/${p.slug}`, slug: p.slug, priority: STAFF_PAGE_PRIORITY, inXmlSitemap: true })),
    ...posts.map((p) => ({
      path: postPath(p.slug),
      slug: null,
      priority: POST_PRIORITY,
      inXmlSitemap: true,
      lastmod: p.updatedAt,
    })),
    // The projects' own index, once there is a project to list (its newest change is its lastmod).
    ...(projects.length > 0
      ? [
          {
            path: "/projects",
            slug: null,
            priority: PROJECT_PRIORITY,
            inXmlSitemap: true,
            lastmod: new Date(Math.max(...projects.map((p) => p.updatedAt.getTime()))),
          },
        ]
      : []),
    ...projects.map((p) => ({
      path: projectPath(p.slug),
      slug: null,
      priority: PROJECT_PRIORITY,
      inXmlSitemap: true,
      lastmod: p.updatedAt,
      images: p.images.map((i) => i.src),
    })),
    ...areas.map((a) => ({ path: areaPath(a.areaSlug), slug: null, priority: AREA_PRIORITY, inXmlSitemap: true })),
  ];
}

/**
 * The sitemaps.org 0.9 XML for the pages marked inXmlSitemap: absolute URLs on siteUrl, lastmod
 * where the page's row has an update time, and the page's priority.
 */
export function buildSitemapXml(
  pages: ReadonlyArray<SitemapEntry>,
  siteUrl: string,
  updatedAt: ReadonlyMap<string, Date>,
): string {
  const base = siteUrl.replace(/\/+$/, "");
  const urls = pages
    .filter((p) => p.inXmlSitemap)
    .map((p) => {
      const lastmod = p.lastmod ?? (p.slug ? updatedAt.get(p.slug) : undefined);
      return [
        "  <url>",
        `    <loc>${escapeXml(base + p.path)}</loc>`,
        ...(lastmod ? [`    <lastmod>${w3cDatetime(lastmod)}</lastmod>`] : []),
        `    <priority>${p.priority.toFixed(1)}</priority>`,
        ...(p.images ?? [])
          .slice(0, MAX_IMAGES)
          .map((src) => `    <image:image>\n      <image:loc>${escapeXml(base + src)}</image:loc>\n    </image:image>`),
        "  </url>",
      ].join("\n");
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
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
