/**
 * The blog index's title and description when there is no "blog" row in the pages table (staff
 * can add one to override this wording). The RSS feed describes itself with the same sentence.
 */
export const BLOG_FALLBACK = {
  title: "Blog: Ceiling and Partition Advice",
  description:
    "Practical advice from a Dublin ceilings and partitions contractor: shop ceiling trends, costs, materials and planning a fit-out around your business.",
};
