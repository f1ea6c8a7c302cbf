import { data, Link } from "react-router";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { getPageMeta } from "~/features/pages/pages.server";
import { pageSeoMeta } from "~/features/seo/meta";
import { CtaBand } from "~/features/site/cta-band";
import { NotFoundContent } from "~/features/site/not-found-content";
import { fillBusinessText } from "~/features/site/business-text";
import type { Route } from "./+types/blog-index";
import { BLOG_FALLBACK } from "./blog-copy";
import { blogIndexFields } from "./blog-index-fields";
import { PostCard } from "./post-card";
import { blogPagePath } from "./post-paths";
import { listPostCards } from "./post-cards.server";

/** ?page=N (a whole number from 1); anything else is not a page of this blog. */
function pageParam(url: URL): number | null {
  const value = url.searchParams.get("page");
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

export async function loader(args: Route.LoaderArgs) {
  const page = pageParam(new URL(args.request.url));
  const list =
    page === null ? null : await listPostCards(args.context.services.database.db, args.context.services.business, page);
  // A page past the last one (or ?page=abc) has no posts to show: 404, like any unknown address.
  if (page === null || !list || (page > list.pages && page > 1)) {
    return data(
      { page: await getPageMeta(args.context.services.database.db, "blog"), found: false as const },
      { status: 404 },
    );
  }
  return loadPageContent(
    args,
    blogIndexFields,
    Promise.resolve({
      found: true as const,
      pageNumber: page,
      pages: list.pages,
      posts: list.posts,
    }),
  );
}

export const headers = pageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.found) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const root = matches[0].loaderData;
  const { pageNumber, pages, preview } = loaderData;
  const fallbackTitle = fillBusinessText(BLOG_FALLBACK.title, root.business);
  const tags = pageSeoMeta({
    // Later pages of the list are pages of their own: their own title and canonical address.
    page:
      pageNumber > 1 && loaderData.page
        ? { ...loaderData.page, title: `${loaderData.page.title} (page ${pageNumber})` }
        : loaderData.page,
    fallback: {
      title: `${fallbackTitle}${pageNumber > 1 ? ` (page ${pageNumber})` : ""} | ${root.business.name}`,
      description: fillBusinessText(BLOG_FALLBACK.description, root.business),
    },
    path: blogPagePath(pageNumber),
    root,
  });
  // A staff preview of a draft is never for search engines.
  if (preview) tags.unshift({ name: "robots", content: "noindex" });
  if (pageNumber > 1)
    tags.push({ tagName: "link", rel: "prev", href: `${root.siteUrl}${blogPagePath(pageNumber - 1)}` });
  if (pageNumber < pages)
    tags.push({ tagName: "link", rel: "next", href: `${root.siteUrl}${blogPagePath(pageNumber + 1)}` });
  tags.push({
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${root.business.name} Blog`,
    href: `${root.siteUrl}/blog/rss.xml`,
  });
  return tags;
};

export default function BlogIndexPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="container-page py-12 sm:py-16">
        <NotFoundContent />
      </div>
    );
  }
  const { fields: f, posts, pageNumber, pages } = loaderData;
  return (
    <>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{f.heading}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.intro}</p>
        </div>
        {posts.length === 0 ? (
          <p className="mt-10 text-lg text-slate-brand">{f.emptyText}</p>
        ) : (
          <ul className="mt-10 grid gap-8 lg:grid-cols-2">
            {posts.map((post, i) => (
              <li key={post.slug}>
                <PostCard post={post} first={i === 0} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && <Pagination current={pageNumber} pages={pages} />}
      </div>
      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.contactButton.href} className="btn-dark">
          {f.contactButton.label}
        </Link>
        <Link to={f.quoteButton.href} className="btn-outline">
          {f.quoteButton.label}
        </Link>
      </CtaBand>
    </>
  );
}

/** Plain links (?page=N), so every page of the list can be crawled and works without JavaScript. */
function Pagination({ current, pages }: { current: number; pages: number }) {
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  const step = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 font-semibold";
  return (
    <nav aria-label="Blog pages" className="mt-12">
      <ul className="flex flex-wrap items-center gap-2">
        {current > 1 && (
          <li>
            <Link
              to={blogPagePath(current - 1)}
              rel="prev"
              className={`${step} ring-1 ring-navy-900/20 hover:bg-paper`}
            >
              Newer posts
            </Link>
          </li>
        )}
        {numbers.map((n) => (
          <li key={n}>
            {n === current ? (
              <span aria-current="page" className={`${step} bg-navy-900 text-white`}>
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link to={blogPagePath(n)} className={`${step} ring-1 ring-navy-900/20 hover:bg-paper`}>
                <span className="sr-only">Page </span>
                {n}
              </Link>
            )}
          </li>
        ))}
        {current < pages && (
          <li>
            <Link
              to={blogPagePath(current + 1)}
              rel="next"
              className={`${step} ring-1 ring-navy-900/20 hover:bg-paper`}
            >
              Older posts
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
