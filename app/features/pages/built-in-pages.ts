/**
 * The site's own pages, each declared once: its path, route module, pages-table slug, name, place in
 * the sitemaps and whether staff edit its copy. The route config (app/routes.ts), the SEO registry
 * (seo/public-pages.ts), the canonical path in each page's meta tags (pagePath) and the admin's field
 * forms (pages/fields/built-in-fields.ts) all read this list, so a new page is added here and in its
 * own files only. Plain data: the browser bundle of the sitemap page carries it.
 */
export type BuiltInPage = {
  /** The canonical path ("/partitions"): the route answers it and the sitemaps list it. */
  path: string;
  /** The route module under app/ (several paths may share one, each with its own route id). */
  file: string;
  /** A route id, only where two paths share a module. */
  routeId?: string;
  /** Row in the pages table with this page's title/description (and updatedAt for lastmod). */
  slug: string;
  /** The page's name in the sitemaps. */
  label: string;
  sitemap: {
    priority: number;
    group: "main" | "services" | "company" | "contact" | "other";
    /**
     * Listed in /sitemap.xml. Only canonical, indexable URLs belong there: /contact shows the same
     * page as /contact-us and canonicalises to it, and the HTML sitemap is a navigation aid for
     * people that duplicates this list (it stays crawlable from the footer).
     */
    inXmlSitemap: boolean;
    /** One of the 11 public pages the spec's sitemap lists (the rest are "also on this site"). */
    inSpecList: boolean;
  };
  /**
   * Whether staff edit the page's copy: its named fields sit next to its route module (`<page>.tsx`
   * declares them in `<page>-fields.ts`). False: staff edit only its title and description.
   */
  fields: boolean;
};

export const builtInPages = [
  {
    path: "/",
    file: "features/site/home.tsx",
    slug: "home",
    label: "Home",
    sitemap: { priority: 1.0, group: "main", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/partitions",
    file: "features/site/partitions.tsx",
    slug: "partitions",
    label: "Office Partitions",
    sitemap: { priority: 0.9, group: "services", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/suspended-ceilings",
    file: "features/site/suspended-ceilings.tsx",
    slug: "suspended-ceilings",
    label: "Suspended Ceilings",
    sitemap: { priority: 0.9, group: "services", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/shop-ceiling",
    file: "features/site/shop-ceiling.tsx",
    slug: "shop-ceiling",
    label: "Shop Ceiling Installation",
    sitemap: { priority: 0.9, group: "services", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/shop-ceiling-specialists",
    file: "features/site/shop-ceiling-specialists.tsx",
    slug: "shop-ceiling-specialists",
    label: "Shop Ceiling Specialists",
    sitemap: { priority: 0.9, group: "services", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/ceiling-repair",
    file: "features/site/ceiling-repair.tsx",
    slug: "ceiling-repair",
    label: "Ceiling Repairs",
    sitemap: { priority: 0.8, group: "services", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/about-us",
    file: "features/site/about-us.tsx",
    slug: "about-us",
    label: "About Us",
    sitemap: { priority: 0.7, group: "company", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/gallery",
    file: "features/gallery/gallery.tsx",
    slug: "gallery",
    label: "Project Gallery",
    sitemap: { priority: 0.7, group: "company", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  // One contact page at two addresses (the spec lists both); /contact-us is canonical.
  {
    path: "/contact-us",
    file: "features/contact/contact-page.tsx",
    routeId: "contact-us",
    slug: "contact-us",
    label: "Contact Us",
    sitemap: { priority: 0.8, group: "contact", inXmlSitemap: true, inSpecList: true },
    fields: true,
  },
  {
    path: "/contact",
    file: "features/contact/contact-page.tsx",
    routeId: "contact",
    slug: "contact-us",
    label: "Contact",
    sitemap: { priority: 0.8, group: "contact", inXmlSitemap: false, inSpecList: true },
    fields: true,
  },
  // Instant price estimate and service-area check (the page's form posts to it without JavaScript).
  {
    path: "/estimate",
    file: "features/estimate/estimate-page.tsx",
    slug: "estimate",
    label: "Instant Price Estimate",
    sitemap: { priority: 0.8, group: "services", inXmlSitemap: true, inSpecList: false },
    fields: true,
  },
  // Book a free site survey (a plain form post without JavaScript).
  {
    path: "/book",
    file: "features/booking/book-page.tsx",
    slug: "book",
    label: "Book a Free Site Survey",
    sitemap: { priority: 0.8, group: "contact", inXmlSitemap: true, inSpecList: false },
    fields: false,
  },
  {
    path: "/blog",
    file: "features/blog/blog-index.tsx",
    slug: "blog",
    label: "Blog",
    sitemap: { priority: 0.5, group: "other", inXmlSitemap: true, inSpecList: false },
    fields: true,
  },
  {
    path: "/privacy-policy",
    file: "features/site/privacy-policy.tsx",
    slug: "privacy-policy",
    label: "Privacy Policy",
    sitemap: { priority: 0.3, group: "other", inXmlSitemap: true, inSpecList: false },
    fields: true,
  },
  {
    path: "/sitemap-display.html",
    file: "features/site/sitemap-display.tsx",
    slug: "sitemap",
    label: "Sitemap",
    sitemap: { priority: 0.3, group: "other", inXmlSitemap: false, inSpecList: false },
    fields: true,
  },
] as const satisfies ReadonlyArray<BuiltInPage>;

/** A built-in page's pages-table slug ("partitions"): the key a page's own files name it by. */
export type BuiltInPageSlug = (typeof builtInPages)[number]["slug"];
