import { builtInPages, type BuiltInPage } from "~/features/pages/built-in-pages";

/**
 * Every public page: its canonical path, the pages-table slug that holds its title and
 * description, and its sitemap priority (spec section 2, Sitemap page). Derived from the built-in
 * page list (pages/built-in-pages.ts), plus the seeded blog post the spec lists; one list feeds the
 * XML sitemap, the sitemap display page and the SEO tests.
 */
export type PublicPage = Pick<BuiltInPage, "path" | "label"> &
  Pick<BuiltInPage["sitemap"], "priority" | "inXmlSitemap" | "inSpecList"> & {
    /** Row in the pages table with this page's title/description (and updatedAt for lastmod). */
    slug: string | null;
    group: BuiltInPage["sitemap"]["group"] | "blog";
  };

export const publicPages: ReadonlyArray<PublicPage> = [
  ...builtInPages.map(({ path, label, slug, sitemap }): PublicPage => ({ path, label, slug, ...sitemap })),
  {
    path: "/blog/shop-ceiling-trends",
    label: "Shop Ceiling Trends for Irish Retailers",
    slug: "shop-ceiling-trends",
    priority: 0.6,
    group: "blog",
    // A blog post: /sitemap.xml lists it from the posts table while it is published.
    inXmlSitemap: false,
    inSpecList: true,
  },
];

/** The private staff area, named on the sitemap page but never linked (spec: 7 admin pages). */
export const adminAreaPages = ["Login", "Dashboard", "Pages", "Projects", "Testimonials", "FAQs", "Contacts"] as const;

/** Spec: the date the sitemap page gives as its last update. */
export const SITEMAP_LAST_UPDATED = "June 1, 2025";
