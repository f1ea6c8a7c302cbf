import { publicPages } from "~/features/seo/public-pages";

/**
 * First path segments the site already answers without a page row (the API, the admin, files and
 * the second contact address). A page with one of these slugs could never be shown.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "assets",
  "images",
  "uploads",
  "healthz",
  "contact",
]);

/**
 * Slugs of the site's own pages (home, gallery, …): their rows hold the title and description
 * those pages use, and are never published as pages of their own at /<slug>.
 */
export const BUILT_IN_PAGE_SLUGS: ReadonlySet<string> = new Set(publicPages.flatMap((p) => (p.slug ? [p.slug] : [])));

/** Whether a page row with this slug is published at /<slug> (a page staff added). */
export const isStaffPageSlug = (slug: string) => !BUILT_IN_PAGE_SLUGS.has(slug) && !RESERVED_SLUGS.has(slug);

/** Where a page row shows on the site: a built-in page's canonical path, or /<slug>. */
export function pagePath(slug: string): string {
  const own = publicPages.filter((p) => p.slug === slug);
  return (own.find((p) => p.inXmlSitemap) ?? own[0])?.path ?? `/${slug}`;
}
