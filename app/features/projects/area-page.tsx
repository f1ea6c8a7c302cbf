import { data, Link } from "react-router";
import { seoMeta } from "~/features/seo/meta";
import { CtaBand } from "~/features/site/cta-band";
import { NotFoundContent } from "~/features/site/not-found-content";
import type { Route } from "./+types/area-page";
import { ProjectCards } from "./project-card";
import type { ProjectCard } from "./projects.server";
import { areaPath, AREA_PAGE_MIN_PROJECTS, projectAreaLabel } from "./project-facts";
import { listPublishedProjects } from "./projects.server";

/**
 * /areas/<area>: the published projects in a county, only once it has AREA_PAGE_MIN_PROJECTS of
 * them (a page of a town without real work there is a doorway page); until then a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const label = projectAreaLabel(params.area);
  const projects = label ? await listPublishedProjects(context.services.database.db, params.area) : [];
  if (!label || projects.length < AREA_PAGE_MIN_PROJECTS) return data({ area: null }, { status: 404 });
  return { area: { label, path: areaPath(params.area), projects } };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const area = loaderData?.area;
  if (!area) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  const root = matches[0].loaderData;
  return seoMeta({
    title: `Ceiling and Partition Projects in ${area.label} | ${root.business.name}`,
    description: `${area.projects.length} finished ceiling and partition projects in ${area.label}: what we did, where, and photos of the work.`,
    path: area.path,
    siteUrl: root.siteUrl,
    siteName: root.business.name,
  });
};

export default function AreaPage({ loaderData }: Route.ComponentProps) {
  const { area } = loaderData;
  if (!area) {
    return (
      <div className="container-page py-12 sm:py-16">
        <NotFoundContent />
      </div>
    );
  }
  return (
    <>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Our projects in {area.label}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-brand">
            {area.projects.length} projects we have finished in {area.label}, with the services each one needed.
          </p>
        </div>
        <section aria-labelledby="area-projects-heading" className="mt-10">
          <h2 id="area-projects-heading" className="sr-only">
            Projects in {area.label}
          </h2>
          <ProjectCards projects={area.projects satisfies ProjectCard[]} eager={3} />
        </section>
        <p className="mt-10">
          <Link to="/projects" className="font-semibold text-navy-900 underline underline-offset-4">
            All our projects
          </Link>
        </p>
      </div>
      <CtaBand
        id="cta-heading"
        heading={`Work in ${area.label}?`}
        text="Tell us about your space and we will quote for it."
      >
        <Link to="/contact-us" className="btn-dark">
          Get a free quote
        </Link>
      </CtaBand>
    </>
  );
}
