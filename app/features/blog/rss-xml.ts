import type { Route } from "./+types/rss-xml";
import { BLOG_FALLBACK } from "./blog-copy";
import { postPath } from "./post-paths";
import { renderPostHtml } from "./post-html.server";
import { listFeedPosts } from "./posts.server";
import { buildRssXml } from "./rss";
import { getPriceList } from "~/features/estimate/pricing.server";
import { fillPlaceholders } from "~/features/site/placeholders";

/** GET /blog/rss.xml — a resource route: the newest published posts as RSS 2.0 (drafts never). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const [rows, { items }] = await Promise.all([listFeedPosts(db), getPriceList(db)]);
  const { business } = context.services;
  const xml = buildRssXml({
    siteUrl: context.services.siteUrl,
    title: `${business.name} Blog`,
    description: BLOG_FALLBACK.description,
    items: rows.map((post) => ({
      title: post.title,
      path: postPath(post.slug),
      excerpt: fillPlaceholders(post.excerpt, { items, business }),
      html: renderPostHtml(fillPlaceholders(post.content, { items, business })).html,
      publishedAt: post.publishedAt ?? post.createdAt,
    })),
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
