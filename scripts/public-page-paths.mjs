// The public pages the benchmarks measure (the spec's public routes; /contact is the same page as
// /contact-us). Kept in step with app/features/seo/public-pages.ts, which the sitemap uses; plus
// a project's page (issue 39), here one of the demo projects a fresh install seeds.
/** A demo project's page (app/features/demo/demo-project-pages.ts): three photos, a before/after pair. */
export const demoProjectPagePath = "/projects/glazed-meeting-rooms-sandyford";

export const publicPagePaths = [
  "/",
  "/partitions",
  "/suspended-ceilings",
  "/shop-ceiling",
  "/shop-ceiling-specialists",
  "/ceiling-repair",
  "/gallery",
  "/about-us",
  "/contact-us",
  "/sitemap-display.html",
  "/blog",
  "/blog/shop-ceiling-trends",
  "/privacy-policy",
  "/estimate",
  "/book",
  demoProjectPagePath,
];
