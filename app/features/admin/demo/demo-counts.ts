// The numbers of demo rows by kind, as GET and DELETE /api/admin/demo-content answer them, and how
// the admin says them. Shared by the API (its audit summary) and the dashboard's notice.

export type DemoCounts = { projects: number; testimonials: number; faqs: number; posts: number };

export const demoTotal = (counts: DemoCounts) => counts.projects + counts.testimonials + counts.faqs + counts.posts;

/** "12 projects, 6 testimonials, 15 FAQs and 1 blog post" (kinds with none are left out). */
export function describeDemoCounts(counts: DemoCounts): string {
  const parts = [
    [counts.projects, "project", "projects"],
    [counts.testimonials, "testimonial", "testimonials"],
    [counts.faqs, "FAQ", "FAQs"],
    [counts.posts, "blog post", "blog posts"],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (named.length === 0) return "nothing";
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}
