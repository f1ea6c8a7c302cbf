import type { Db } from "~/db/client.server";
import { getPriceList } from "~/features/estimate/pricing.server";
import type { Business } from "~/config";
import { fillPlaceholders } from "~/features/site/placeholders";
import type { PostCardData } from "./post-card";
import { listPublishedPosts, readingMinutes } from "./posts.server";
import { formatDate } from "~/features/time/irish-format";

/**
 * One page of published posts as the blog index and the home page show them (newest first), with
 * the placeholders in the excerpts ({price:…}, {phone}, …) filled in.
 */
export async function listPostCards(db: Db, business: Business, page: number, perPage?: number) {
  const [list, { items }] = await Promise.all([listPublishedPosts(db, page, perPage), getPriceList(db)]);
  const posts: PostCardData[] = list.posts.map((p) => ({
    slug: p.slug,
    title: p.title,
    excerpt: fillPlaceholders(p.excerpt, { items, business }),
    coverImage: p.coverImage,
    datePublished: (p.publishedAt ?? p.updatedAt).toISOString(),
    dateLabel: formatDate(p.publishedAt ?? p.updatedAt),
    readingMinutes: readingMinutes(p.words),
  }));
  return { posts, pages: list.pages };
}
