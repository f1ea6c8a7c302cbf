import type * as z from "zod/mini";
import type { PostSchema } from "./posts-schema";
import { closing, intro, sections } from "./shop-ceiling-trends-content";

/**
 * The blog's first post, "Shop Ceiling Trends for Irish Retailers", as Markdown: the article the
 * site carried in code before posts were editable, word for word (seed.server.ts puts it in the
 * posts table once). Each section is a "##" heading; the blog turns those into the "In this
 * article" list.
 */
export function firstPostMarkdown(): string {
  const blocks: string[] = [...intro];
  for (const section of sections) {
    blocks.push(`## ${section.heading}`, ...section.paragraphs);
    if (section.bullets) blocks.push(section.bullets.map((b) => `- ${b}`).join("\n"));
  }
  blocks.push("## Planning a shop or salon ceiling?", closing);
  // A line starting "1. " would be read as a list item: every heading has "## " in front of it,
  // and no paragraph starts with a number.
  return blocks.join("\n\n");
}

export const FIRST_POST_SLUG = "shop-ceiling-trends";

export const firstPost: z.input<typeof PostSchema> = {
  title: "Shop Ceiling Trends for Irish Retailers",
  slug: FIRST_POST_SLUG,
  excerpt:
    "Open or suspended, acoustic tiles, LED lighting designed into the grid, Tegular and Vector edges, colour, salon-proof tiles and installs that fit around trading: what Irish shops are choosing now.",
  content: firstPostMarkdown(),
  coverImage: "/images/blog/shop-ceiling-trends.svg",
  coverImageAlt:
    "Shop interior with a suspended ceiling of LED panels over the shop floor and an open, exposed section with track lighting above a display",
  status: "published",
  publishedAt: "2025-06-01",
};
