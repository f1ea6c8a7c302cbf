import { data, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { seoMeta } from "~/features/seo/meta";
import { buildArticleJsonLd } from "~/features/seo/structured-data";
import { contactHref } from "~/features/site/contact-href";
import { NotFoundContent } from "~/features/site/not-found-content";
import { ProjectImage } from "~/features/uploads/project-image";
import { useBusiness } from "~/root";
import type { Route } from "./+types/blog-post";
import { postPath } from "./post-paths";
import { renderPostHtml } from "./post-html.server";
import { getPublishedPost, readingMinutes } from "./posts.server";
import { formatDate } from "~/features/time/irish-format";
import { getPriceList } from "~/features/estimate/pricing.server";
import { fillPlaceholders } from "~/features/site/placeholders";

/** The picture social networks show for a post: its cover, unless that is a drawing they cannot show (SVG). */
const shareImage = (cover: string | null) => (cover && !/\.svg$/i.test(cover) ? cover : "/images/og-image.png");

/**
 * /blog/<slug>: a published post, its Markdown rendered on the server (sanitised). A draft or an
 * unknown slug answers the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const [found, { items }] = await Promise.all([getPublishedPost(db, params.slug), getPriceList(db)]);
  if (!found) return data({ post: null }, { status: 404 });
  // Placeholders take today's figures from the price table and Settings > Business (their changes
  // bump the content version, so a cached post is rebuilt).
  const fill = { items, business: context.services.business };
  const post = {
    ...found,
    content: fillPlaceholders(found.content, fill),
    excerpt: fillPlaceholders(found.excerpt, fill),
  };
  const { html, headings } = renderPostHtml(post.content);
  const published = post.publishedAt ?? post.createdAt;
  const path = postPath(post.slug);
  const words = post.content.trim().split(/\s+/).length;
  return {
    post: {
      title: post.title,
      excerpt: post.excerpt,
      path,
      coverImage: post.coverImage,
      coverImageAlt: post.coverImageAlt ?? "",
      datePublished: published.toISOString(),
      dateLabel: formatDate(published),
      readingMinutes: readingMinutes(words),
      shareImage: shareImage(post.coverImage),
      html,
      headings,
    },
    articleJsonLd: buildArticleJsonLd({
      type: "BlogPosting",
      headline: post.title,
      description: post.excerpt,
      path,
      datePublished: published.toISOString(),
      dateModified: post.updatedAt.toISOString(),
      image: post.coverImage ?? "/images/og-image.png",
      siteUrl: context.services.siteUrl,
      organisation: { name: context.services.business.name, logo: "/favicon.svg" },
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const root = matches[0].loaderData;
  return [
    ...seoMeta({
      title: `${post.title} | ${root.business.name}`,
      description: post.excerpt,
      path: post.path,
      siteUrl: root.siteUrl,
      siteName: root.business.name,
      image: post.shareImage,
      type: "article",
    }),
    { property: "article:published_time", content: post.datePublished },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${root.business.name} Blog`,
      href: `${root.siteUrl}/blog/rss.xml`,
    },
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const { post } = loaderData;
  if (!post) {
    return (
      <div className="container-page py-12 sm:py-16">
        <NotFoundContent />
      </div>
    );
  }
  return (
    <article className="pb-16 sm:pb-20" aria-labelledby="page-heading">
      <JsonLd data={loaderData.articleJsonLd} />
      <header className="bg-navy-900 text-white">
        <div className="container-page max-w-6xl py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-brand">
            <Link to="/blog" className="underline-offset-4 hover:underline">
              Blog
            </Link>
          </p>
          <h1 id="page-heading" className="mt-4 max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            {post.title}
          </h1>
          <p className="mt-4 text-white/85">
            By {business.name} · <time dateTime={post.datePublished}>{post.dateLabel}</time> · {post.readingMinutes}{" "}
            minute read
          </p>
        </div>
      </header>

      {post.coverImage && (
        <div className="container-page max-w-6xl">
          <ProjectImage
            src={post.coverImage}
            alt={post.coverImageAlt}
            sizes="(min-width: 1152px) 1104px, calc(100vw - 2rem)"
            width={1200}
            height={630}
            fetchPriority="high"
            className="mt-8 h-auto w-full rounded-xl shadow-lg ring-1 ring-navy-900/10"
          />
        </div>
      )}

      <div className="container-page mt-10 grid max-w-6xl gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="max-w-3xl">
          {/* Staff Markdown, rendered and sanitised on the server (features/markdown). */}
          <div className="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />

          <div className="mt-12 rounded-xl bg-amber-brand p-6 text-navy-950 sm:p-8">
            <h2 className="text-2xl font-bold">Have a question about your premises?</h2>
            <p className="mt-2 text-lg">
              Ask the people who do the work. We&apos;ll give you a straight answer, and a free survey and quote if you
              need one.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={contactHref()} className="btn-dark">
                Request a Free Survey
              </Link>
              <Link to="/blog" className="btn-outline">
                More from the Blog
              </Link>
            </div>
          </div>
        </div>

        {post.headings.length > 1 && (
          <nav aria-label="In this article" className="hidden lg:block">
            <div className="sticky top-28 rounded-xl bg-paper p-5 ring-1 ring-navy-900/10">
              <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-deep">In this article</h2>
              <ol className="mt-3 space-y-2 text-[15px]">
                {post.headings.map((h) => (
                  <li key={h.id}>
                    <a href={`#${h.id}`} className="text-navy-900 underline-offset-4 hover:underline">
                      {h.text.replace(/^\d+\.\s*/, "")}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
        )}
      </div>
    </article>
  );
}
