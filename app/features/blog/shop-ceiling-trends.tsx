import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { getBusiness } from "~/config.server";
import { getEnv } from "~/env.server";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import { buildArticleJsonLd } from "~/features/seo/structured-data";
import { contactHref } from "~/features/site/contact-href";
import { useBusiness } from "~/root";
import type { Route } from "./+types/shop-ceiling-trends";
import { getPost } from "./posts";
import { closing, intro, sections } from "./shop-ceiling-trends-content";

const post = getPost("shop-ceiling-trends");

export async function loader() {
  const page = await getPageMeta(post.slug);
  const articleJsonLd = buildArticleJsonLd({
    headline: post.title,
    description: page?.description ?? post.excerpt,
    path: post.path,
    datePublished: post.datePublished,
    image: post.image.src,
    siteUrl: getEnv().SITE_URL,
    organisation: { name: getBusiness().name, logo: "/favicon.svg" },
  });
  return { page, articleJsonLd };
}

export const meta: Route.MetaFunction = editablePageMeta({
  path: post.path,
  fallback: { title: post.title, description: post.excerpt },
  type: "article",
});

export default function ShopCeilingTrendsPage({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  return (
    <article className="pb-16 sm:pb-20" aria-labelledby="page-heading">
      <JsonLd data={loaderData.articleJsonLd} />
      <header className="bg-navy-900 text-white">
        <div className="container-page max-w-6xl py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-brand">
            <Link to="/blog" className="underline-offset-4 hover:underline">
              Blog
            </Link>{" "}
            · Retail ceilings
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

      <div className="container-page max-w-6xl">
        <img
          src={post.image.src}
          alt={post.image.alt}
          width={post.image.width}
          height={post.image.height}
          fetchPriority="high"
          className="mt-8 h-auto w-full rounded-xl shadow-lg ring-1 ring-navy-900/10"
        />
      </div>

      <div className="container-page mt-10 grid max-w-6xl gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="max-w-3xl">
          {intro.map((p, i) => (
            <p
              key={p.slice(0, 24)}
              className={`leading-relaxed ${i === 0 ? "text-xl text-navy-900" : "mt-5 text-lg text-slate-brand"}`}
            >
              {p}
            </p>
          ))}

          {sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-10">
              <h2 id={`${s.id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
                {s.heading}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p.slice(0, 24)} className="mt-4 text-lg leading-relaxed text-slate-brand">
                  {p}
                </p>
              ))}
              {s.bullets && (
                <ul className="mt-4 list-disc space-y-2 pl-6 text-lg leading-relaxed text-slate-brand marker:text-amber-deep">
                  {s.bullets.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}

          <div className="mt-12 rounded-xl bg-amber-brand p-6 text-navy-950 sm:p-8">
            <h2 className="text-2xl font-bold">Planning a shop or salon ceiling?</h2>
            <p className="mt-2 text-lg">{closing}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={contactHref("Shop Ceiling Installation")} className="btn-dark">
                Request a Free Survey
              </Link>
              <Link to="/shop-ceiling-specialists" className="btn-outline">
                Meet Our Shop Ceiling Specialists
              </Link>
            </div>
          </div>
        </div>

        <nav aria-label="In this article" className="hidden lg:block">
          <div className="sticky top-28 rounded-xl bg-paper p-5 ring-1 ring-navy-900/10">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-deep">In this article</h2>
            <ol className="mt-3 space-y-2 text-[15px]">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-navy-900 underline-offset-4 hover:underline">
                    {s.heading.replace(/^\d+\.\s*/, "")}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
      </div>
    </article>
  );
}
