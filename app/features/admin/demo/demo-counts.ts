// The numbers of demo rows by kind, as GET and DELETE /api/admin/demo-content answer them, and how
// the admin says them. Shared by the API (its audit summary) and the dashboard's notice.

/** `rating`: 1 while the sample review rating (4.9 from 47) is in Settings > Business, else 0. */
export type DemoCounts = { projects: number; testimonials: number; faqs: number; posts: number; rating: number };

/** What DELETE /api/admin/demo-content did: the rows removed by kind, and the demo FAQs kept as the business's own. */
export type DemoRemoval = DemoCounts & { keptFaqs: number };

export const demoTotal = (counts: DemoCounts) =>
  counts.projects + counts.testimonials + counts.faqs + counts.posts + counts.rating;

/** "12 projects, 6 testimonials, 15 FAQs, 1 blog post and the sample review rating" (kinds with none are left out). */
export function describeDemoCounts(counts: DemoCounts): string {
  const parts = [
    [counts.projects, "project", "projects"],
    [counts.testimonials, "testimonial", "testimonials"],
    [counts.faqs, "FAQ", "FAQs"],
    [counts.posts, "blog post", "blog posts"],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (counts.rating > 0) named.push("the sample review rating");
  if (named.length === 0) return "nothing";
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}
