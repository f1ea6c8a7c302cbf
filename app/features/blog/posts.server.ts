import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts, type Post } from "~/db/schema";
import { POSTS_PER_PAGE } from "./post-paths";

// The public blog's reads: published posts only. A draft is invisible here, so it is a 404, and
// absent from the index, the sitemap and the feed.

const published = eq(posts.status, "published");
const newestFirst = [desc(posts.publishedAt), desc(posts.id)] as const;

export type PostSummary = Pick<
  Post,
  "id" | "slug" | "title" | "excerpt" | "coverImage" | "coverImageAlt" | "publishedAt" | "updatedAt"
> & { words: number };

const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  coverImage: posts.coverImage,
  coverImageAlt: posts.coverImageAlt,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  // For "N minute read" without sending every post's text to the index.
  words: sql<number>`cardinality(regexp_split_to_array(trim(${posts.content}), '\\s+'))`.mapWith(Number),
};

/** One page of the blog index (1-based), and how many pages there are. */
export async function listPublishedPosts(
  db: Db,
  page: number,
  perPage = POSTS_PER_PAGE,
): Promise<{ posts: PostSummary[]; pages: number }> {
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .where(published)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.$count(posts, published),
  ]);
  return { posts: rows, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** A published post by its slug; null for a draft or an unknown slug (the page answers 404). */
export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(published, eq(posts.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The newest published posts with their text, for the RSS feed. */
export function listFeedPosts(db: Db, limit = 20): Promise<Post[]> {
  return db
    .select()
    .from(posts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Every published post's slug and last change, for the XML sitemap. */
export function listSitemapPosts(db: Db): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(published)
    .orderBy(...newestFirst);
}

/** "6 minute read": words at an unhurried reading pace, at least one minute. */
export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / 230));
