import { Link } from "react-router";
import { loadPageContent } from "~/features/pages/page-content.server";
import { pageHeaders } from "~/features/pages/page-preview";
import { editablePageMeta } from "~/features/seo/meta";
import { CtaBand } from "~/features/site/cta-band";
import { useRootData } from "~/root";
import type { Route } from "./+types/gallery";
import { filtersWithProjects, galleryFilterHref, galleryFilters, parseGalleryFilter } from "./gallery-categories";
import { galleryFields } from "./gallery-fields";
import { listProjectCategories, listProjects } from "./gallery.server";
import { ProjectGrid } from "./project-grid";

export function loader(args: Route.LoaderArgs) {
  const filter = parseGalleryFilter(new URL(args.request.url).searchParams.get("category"));
  const { db } = args.context.services.database;
  const rows = Promise.all([listProjects(db, filter.categories), listProjectCategories(db)]).then(
    ([projects, categories]) => ({
      projects,
      filterId: filter.id,
      // Only the tabs with projects behind them; none at all while there are no projects.
      filterIds: filtersWithProjects(categories).map((f) => f.id),
    }),
  );
  return loadPageContent(args, galleryFields, rows);
}

export const headers = pageHeaders;

// Every filtered view is a subset of the same page, so all of them canonicalise to /gallery.
export const meta: Route.MetaFunction = editablePageMeta({
  fallback: {
    title: "Project Gallery: Ceilings and Partitions",
    description:
      "Recent partition, suspended ceiling, shop ceiling and repair projects across Dublin and Kildare. Filter by service and select a photo to see it larger.",
  },
});

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { fields: f, projects, filterId, filterIds } = loaderData;
  const business = useRootData()?.business;
  const current = galleryFilters.find((f) => f.id === filterId) ?? galleryFilters[0];
  return (
    <>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{f.heading}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-brand">{f.intro}</p>
          {/* Here rather than in the footer: a footer link would add to every page's JavaScript. */}
          {filterIds.length > 0 && (
            <p className="mt-3">
              <Link to="/projects" className="font-semibold text-navy-900 underline underline-offset-4">
                Read about each project: the brief, the work and the photos
              </Link>
            </p>
          )}
        </div>

        {filterIds.length === 0 ? (
          // No projects yet: no tabs and no empty grid, a word to the visitor instead.
          <p className="mt-8 max-w-3xl rounded-xl bg-paper p-8 text-lg leading-relaxed text-slate-brand">
            {f.noProjectsText}{" "}
            <Link to={f.noProjectsLink.href} className="font-semibold text-navy-900 underline underline-offset-4">
              {f.noProjectsLink.label}
            </Link>
          </p>
        ) : (
          <>
            <nav aria-label="Filter projects by service" className="mt-8">
              <ul className="flex flex-wrap gap-2">
                {galleryFilters
                  .filter((f) => (filterIds as ReadonlyArray<string>).includes(f.id))
                  .map((f) => {
                    const active = f.id === filterId;
                    return (
                      <li key={f.id}>
                        <Link
                          to={galleryFilterHref(f.id)}
                          preventScrollReset
                          aria-current={active ? "page" : undefined}
                          className={`inline-flex min-h-11 items-center rounded-full px-5 text-[15px] font-semibold ring-1 transition-colors ${
                            active
                              ? "bg-navy-900 text-white ring-navy-900"
                              : "bg-white text-navy-900 ring-navy-900/20 hover:bg-mist"
                          }`}
                        >
                          {f.label}
                        </Link>
                      </li>
                    );
                  })}
              </ul>
            </nav>

            <section aria-labelledby="projects-heading" className="mt-8">
              <h2 id="projects-heading" className="sr-only">
                {current.label}
              </h2>
              {/* Announced to screen readers when a tab changes the list without a page load. */}
              <p role="status" className="mb-4 text-sm text-slate-brand">
                Showing {projects.length} {projects.length === 1 ? "project" : "projects"}
                {current.id === "all" ? "" : ` in ${current.label}`}.
              </p>
              {projects.length > 0 ? (
                <ProjectGrid projects={projects} eager={4} />
              ) : (
                <p className="rounded-xl bg-paper p-8 text-center text-slate-brand">
                  {f.emptyText}{" "}
                  <Link to={f.showAllLink.href} className="font-semibold text-navy-900 underline">
                    {f.showAllLink.label}
                  </Link>
                </p>
              )}
            </section>
          </>
        )}
      </div>

      <CtaBand id="cta-heading" heading={f.ctaHeading} text={f.ctaText}>
        <Link to={f.consultationButton.href} className="btn-dark">
          {f.consultationButton.label}
        </Link>
        {business && (
          <a href={`tel:${business.phoneE164}`} className="btn-outline">
            Call {business.phone}
          </a>
        )}
      </CtaBand>
    </>
  );
}
