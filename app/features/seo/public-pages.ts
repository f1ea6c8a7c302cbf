/**
 * Every public page: its canonical path, the pages-table slug that holds its title and
 * description, and its sitemap priority (spec section 2, Sitemap page). One list feeds the XML
 * sitemap, the sitemap display page and the SEO tests, so a new page is added in one place.
 */
export type PublicPage = {
  path: string;
  label: string;
  /** Row in the pages table with this page's title/description (and updatedAt for lastmod). */
  slug: string | null;
  priority: number;
  group: "main" | "services" | "company" | "contact" | "blog" | "other";
  /**
   * Listed in /sitemap.xml. Only canonical, indexable URLs belong there: /contact shows the same
   * page as /contact-us and canonicalises to it, and the HTML sitemap is a navigation aid for
   * people that duplicates this list (it stays crawlable from the footer).
   */
  inXmlSitemap: boolean;
  /** One of the 11 public pages the spec's sitemap lists (the rest are "also on this site"). */
  inSpecList: boolean;
};

export const publicPages: ReadonlyArray<PublicPage> = [
  { path: "/", label: "Home", slug: "home", priority: 1.0, group: "main", inXmlSitemap: true, inSpecList: true },
  {
    path: "/partitions",
    label: "Office Partitions",
    slug: "partitions",
    priority: 0.9,
    group: "services",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/suspended-ceilings",
    label: "Suspended Ceilings",
    slug: "suspended-ceilings",
    priority: 0.9,
    group: "services",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/shop-ceiling",
    label: "Shop Ceiling Installation",
    slug: "shop-ceiling",
    priority: 0.9,
    group: "services",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/shop-ceiling-specialists",
    label: "Shop Ceiling Specialists",
    slug: "shop-ceiling-specialists",
    priority: 0.9,
    group: "services",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/ceiling-repair",
    label: "Ceiling Repairs",
    slug: "ceiling-repair",
    priority: 0.8,
    group: "services",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/about-us",
    label: "About Us",
    slug: "about-us",
    priority: 0.7,
    group: "company",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/gallery",
    label: "Project Gallery",
    slug: "gallery",
    priority: 0.7,
    group: "company",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/contact-us",
    label: "Contact Us",
    slug: "contact-us",
    priority: 0.8,
    group: "contact",
    inXmlSitemap: true,
    inSpecList: true,
  },
  {
    path: "/contact",
    label: "Contact",
    slug: "contact-us",
    priority: 0.8,
    group: "contact",
    inXmlSitemap: false,
    inSpecList: true,
  },
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
  {
    path: "/estimate",
    label: "Instant Price Estimate",
    slug: "estimate",
    priority: 0.8,
    group: "services",
    inXmlSitemap: true,
    inSpecList: false,
  },
  {
    path: "/book",
    label: "Book a Free Site Survey",
    slug: "book",
    priority: 0.8,
    group: "contact",
    inXmlSitemap: true,
    inSpecList: false,
  },
  { path: "/blog", label: "Blog", slug: "blog", priority: 0.5, group: "other", inXmlSitemap: true, inSpecList: false },
  {
    path: "/privacy-policy",
    label: "Privacy Policy",
    slug: "privacy-policy",
    priority: 0.3,
    group: "other",
    inXmlSitemap: true,
    inSpecList: false,
  },
  {
    path: "/sitemap-display.html",
    label: "Sitemap",
    slug: "sitemap",
    priority: 0.3,
    group: "other",
    inXmlSitemap: false,
    inSpecList: false,
  },
];

/** The private staff area, named on the sitemap page but never linked (spec: 7 admin pages). */
export const adminAreaPages = ["Login", "Dashboard", "Pages", "Projects", "Testimonials", "FAQs", "Contacts"] as const;

/** Spec: the date the sitemap page gives as its last update. */
export const SITEMAP_LAST_UPDATED = "June 1, 2025";
