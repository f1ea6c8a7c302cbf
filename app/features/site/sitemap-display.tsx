import { Link } from "react-router";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import { CtaBand } from "./cta-band";
import { adminAreaPages, publicPages, SITEMAP_LAST_UPDATED, type PublicPage } from "~/features/seo/public-pages";
import type { Route } from "./+types/sitemap-display";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { listPostCards } from "~/features/blog/post-cards.server";
import { postPath } from "~/features/blog/post-paths";
import { sitemapDisplayFields } from "./sitemap-display-fields";

/** The blog's published posts (the newest 20): the Blog group lists what is really there. */
async function loadPosts(db: Db, business: Business) {
  const { posts } = await listPostCards(db, business, 1, 20);
  return { posts: posts.map((p) => ({ path: postPath(p.slug), label: p.title })) };
}

export const loader = (args: Route.LoaderArgs) =>
  loadPageContent(
    args,
    sitemapDisplayFields,
    loadPosts(args.context.services.database.db, args.context.services.business),
  );

export const headers = pageHeaders;

export const meta: Route.MetaFunction = editablePageMeta({
  fallback: {
    title: "Sitemap",
    description:
      "Every page on the website in one place: services, project gallery, company information, contact pages and blog.",
  },
});

// The Blog group is built from the posts table (below), so a deleted post is never linked.
const listed = publicPages.filter((p) => p.inSpecList && p.group !== "blog");
const blogIndex = publicPages.find((p) => p.slug === "blog")!;
/** Posts in the list: their priority in /sitemap.xml. */
const POST_PRIORITY = publicPages.find((p) => p.group === "blog")?.priority ?? 0.6;
const groups: ReadonlyArray<{ id: PublicPage["group"]; title: string }> = [
  { id: "main", title: "Main" },
  { id: "services", title: "Services" },
  { id: "company", title: "Company" },
  { id: "contact", title: "Contact" },
  { id: "blog", title: "Blog" },
];
const count = (group: PublicPage["group"]) => listed.filter((p) => p.group === group).length;

/** Spec: 11 public pages, 5 service pages, 7 private admin pages, 2 contact routes, 1 blog post (as seeded). */
const summaryOf = (posts: number) => [
  { label: "Public pages", value: listed.length + posts },
  { label: "Service pages", value: count("services") },
  { label: "Contact routes", value: count("contact") },
  { label: "Blog posts", value: posts },
  { label: "Private admin pages", value: adminAreaPages.length },
];

/** The admin pages in a sentence: "dashboard, pages, … and settings". */
const adminPageList = adminAreaPages
  .map((p) => p.toLowerCase().replace("faqs", "FAQs"))
  .join(", ")
  .replace(/, ([^,]*)$/, " and $1");

export default function SitemapDisplayPage({ loaderData }: Route.ComponentProps) {
  const f = loaderData.fields;
  const others = publicPages.filter((p) => !p.inSpecList && p.slug !== "sitemap" && p.path !== blogIndex.path);
  const summary = summaryOf(loaderData.posts.length);
  const rows = (group: PublicPage["group"]) =>
    group === "blog"
      ? [blogIndex, ...loaderData.posts.map((p) => ({ ...p, priority: POST_PRIORITY }))]
      : listed.filter((p) => p.group === group);
  return (
    <>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{f.heading}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.intro}</p>
          <p className="mt-2 text-slate-brand">
            {`${f.updatedLabel} `}
            <time dateTime="2025-06-01">{SITEMAP_LAST_UPDATED}</time>
          </p>
        </div>

        <section aria-labelledby="overview-heading" className="mt-10">
          <h2 id="overview-heading" className="sr-only">
            Site overview
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {summary.map((s) => (
              <div key={s.label} className="rounded-xl bg-paper p-4 ring-1 ring-navy-900/10">
                <dt className="text-sm text-slate-brand">{s.label}</dt>
                <dd className="mt-1 text-3xl font-bold">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="mt-12 grid gap-10 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="pages-heading">
            <h2 id="pages-heading" className="text-2xl font-bold">
              {f.pagesHeading}
            </h2>
            {groups.map((g) => (
              <div key={g.id} className="mt-6">
                <h3 className="text-sm font-semibold uppercase tracking-wider text-amber-deep">{g.title}</h3>
                <ul className="mt-2 divide-y divide-navy-900/10 rounded-xl bg-white ring-1 ring-navy-900/10">
                  {rows(g.id).map((p) => (
                    <li key={p.path} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                      <span>
                        <Link to={p.path} className="font-semibold text-navy-900 underline-offset-4 hover:underline">
                          {p.label}
                        </Link>
                        <span className="ml-2 font-mono text-sm text-slate-brand">{p.path}</span>
                      </span>
                      <span className="rounded-full bg-mist px-3 py-1 text-sm font-semibold">
                        Priority {p.priority.toFixed(1)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>

          <div className="space-y-6">
            <section aria-labelledby="xml-heading" className="rounded-xl bg-navy-900 p-6 text-white">
              <h2 id="xml-heading" className="text-xl font-semibold">
                {f.xmlHeading}
              </h2>
              <p className="mt-2 leading-relaxed text-white/85">{f.xmlText}</p>
              {/* A plain link, not <Link>: the XML file is a document of its own, not a page of the app. */}
              <a href="/sitemap.xml" className="btn-primary mt-4">
                {f.xmlButton}
              </a>
            </section>

            <section aria-labelledby="other-heading" className="rounded-xl bg-paper p-6 ring-1 ring-navy-900/10">
              <h2 id="other-heading" className="text-xl font-semibold">
                {f.othersHeading}
              </h2>
              <ul className="mt-3 space-y-2">
                {others.map((p) => (
                  <li key={p.path}>
                    <Link to={p.path} className="font-semibold text-navy-900 underline underline-offset-4">
                      {p.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="admin-heading" className="rounded-xl bg-paper p-6 ring-1 ring-navy-900/10">
              <h2 id="admin-heading" className="text-xl font-semibold">
                {f.adminHeading}
              </h2>
              <p className="mt-2 leading-relaxed text-slate-brand">
                {f.adminText.replaceAll("{count}", String(adminAreaPages.length)).replaceAll("{pages}", adminPageList)}
              </p>
            </section>
          </div>
        </div>
      </div>
      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.contactButton.href} className="btn-dark">
          {f.contactButton.label}
        </Link>
      </CtaBand>
    </>
  );
}
