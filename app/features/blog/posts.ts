/** The blog's posts, newest first. Each post's page reads its text from its own *-content.ts. */
export type PostSummary = {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  /** ISO date for structured data and <time>. */
  datePublished: string;
  dateLabel: string;
  readingMinutes: number;
  image: { src: string; alt: string; width: number; height: number };
};

export const posts: ReadonlyArray<PostSummary> = [
  {
    slug: "shop-ceiling-trends",
    path: "/blog/shop-ceiling-trends",
    title: "Shop Ceiling Trends for Irish Retailers",
    excerpt:
      "Open or suspended, acoustic tiles, LED lighting designed into the grid, Tegular and Vector edges, colour, salon-proof tiles and installs that fit around trading: what Irish shops are choosing now.",
    datePublished: "2025-06-01",
    dateLabel: "1 June 2025",
    readingMinutes: 6,
    image: {
      src: "/images/blog/shop-ceiling-trends.svg",
      alt: "Shop interior with a suspended ceiling of LED panels over the shop floor and an open, exposed section with track lighting above a display",
      width: 1200,
      height: 630,
    },
  },
];

export function getPost(slug: string): PostSummary {
  const post = posts.find((p) => p.slug === slug);
  if (!post) throw new Error(`Unknown blog post: ${slug}`);
  return post;
}
