import { data } from "react-router";
import { pageSeoMeta } from "~/features/seo/meta";
import { NotFoundContent } from "~/features/site/not-found-content";
import type { Route } from "./+types/staff-page";
import { renderMarkdown } from "~/features/markdown/markdown.server";
import { getPublishedPage } from "./pages.server";
import { getPriceList } from "~/features/estimate/pricing.server";
import { fillPlaceholders } from "~/features/site/placeholders";

/**
 * /<slug>: a page staff added in the admin (Pages). The site's own pages have routes of their own,
 * which win over this one; any slug without a page row answers the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const [page, { items }] = await Promise.all([getPublishedPage(db, params.slug), getPriceList(db)]);
  if (!page) return data({ page: null, html: "" }, { status: 404 });
  // Markdown, rendered and sanitised on the server: no renderer ships to the page. Prices come
  // from the price table ({price:…}), the business's facts from Settings > Business ({phone}, …),
  // in the text and in what search engines show.
  const fill = (text: string) => fillPlaceholders(text, { items, business: context.services.business });
  return {
    page: {
      ...page,
      metaTitle: page.metaTitle && fill(page.metaTitle),
      metaDescription: page.metaDescription && fill(page.metaDescription),
      description: page.description && fill(page.description),
    },
    html: renderMarkdown(fill(page.content)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  if (!page) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const root = matches[0].loaderData;
  return pageSeoMeta({
    page: {
      title: page.metaTitle || `${page.title} | ${root.business.name}`,
      description: page.metaDescription || page.description,
    },
    fallback: { title: page.title, description: page.description ?? "" },
    path: `/${page.slug}`,
    root,
  });
};

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <div className="container-page py-12 sm:py-16">
        <NotFoundContent />
      </div>
    );
  }
  return (
    <article className="container-page py-12 sm:py-16">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{page.title}</h1>
        {page.description && <p className="mt-4 text-xl leading-relaxed text-slate-brand">{page.description}</p>}
        <div className="rich-text mt-8 text-lg" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      </div>
    </article>
  );
}
