import { Link } from "react-router";
import { getPageMeta } from "~/features/pages/pages.server";
import { editablePageMeta } from "~/features/seo/meta";
import { contactHref } from "~/features/site/contact-href";
import { CtaBand } from "~/features/site/page-sections";
import type { Route } from "./+types/blog-index";
import { posts } from "./posts";

/** There is no "blog" row in the seed data; staff can add one to override this wording. */
const fallback = {
  title: "Blog: Ceiling and Partition Advice",
  description:
    "Practical advice from a Dublin ceilings and partitions contractor: shop ceiling trends, costs, materials and planning a fit-out around your business.",
};

export async function loader() {
  return { page: await getPageMeta("blog") };
}

export const meta: Route.MetaFunction = editablePageMeta({ path: "/blog", fallback: fallback });

export default function BlogIndexPage() {
  return (
    <>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Blog</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-brand">
            Practical advice on ceilings, partitions and fit-outs from the crews who install them, for shop owners,
            office managers and anyone planning work on commercial premises.
          </p>
        </div>
        <ul className="mt-10 grid gap-8 lg:grid-cols-2">
          {posts.map((post, i) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
                <img
                  src={post.image.src}
                  alt=""
                  width={post.image.width}
                  height={post.image.height}
                  fetchPriority={i === 0 ? "high" : undefined}
                  loading={i === 0 ? undefined : "lazy"}
                  decoding="async"
                  className="aspect-[40/21] w-full bg-mist object-cover"
                />
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-sm text-slate-brand">
                    <time dateTime={post.datePublished}>{post.dateLabel}</time> · {post.readingMinutes} minute read
                  </p>
                  <h2 className="mt-2 text-2xl font-semibold">
                    <Link to={post.path} className="underline-offset-4 hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-3 flex-1 leading-relaxed text-slate-brand">{post.excerpt}</p>
                  <p className="mt-5">
                    <Link to={post.path} className="btn-dark">
                      Read the Article<span className="sr-only">: {post.title}</span>
                    </Link>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <CtaBand
        id="cta-heading"
        heading="Have a question about your premises?"
        text="Ask the people who do the work. We'll give you a straight answer, and a free survey and quote if you need one."
      >
        <Link to="/contact-us" className="btn-dark">
          Contact Us
        </Link>
        <Link to={contactHref("Shop Ceiling Installation")} className="btn-outline">
          Shop Ceiling Quote
        </Link>
      </CtaBand>
    </>
  );
}
