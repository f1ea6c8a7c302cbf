import type { Db } from "~/db/client.server";
import { getPriceList } from "~/features/estimate/pricing.server";
import { fillPrices } from "~/features/estimate/price-text";
import type { PostCardData } from "./post-card";
import { listPublishedPosts, postDateLabel, readingMinutes } from "./posts.server";

/**
 * One page of published posts as the blog index and the home page show them (newest first), with
 * {price:…} in the excerpts filled from the price table.
 */
export async function listPostCards(db: Db, page: number, perPage?: number) {
  const [list, { items }] = await Promise.all([listPublishedPosts(db, page, perPage), getPriceList(db)]);
  const posts: PostCardData[] = list.posts.map((p) => ({
    slug: p.slug,
    title: p.title,
    excerpt: fillPrices(p.excerpt, { items }),
    coverImage: p.coverImage,
    datePublished: (p.publishedAt ?? p.updatedAt).toISOString(),
    dateLabel: postDateLabel(p.publishedAt ?? p.updatedAt),
    readingMinutes: readingMinutes(p.words),
  }));
  return { posts, pages: list.pages };
}
