import { Link } from "react-router";
import { seoMeta } from "~/features/seo/meta";
import { CtaBand } from "~/features/site/cta-band";
import type { Route } from "./+types/projects-index";
import { ProjectCards } from "./project-card";
import { areaPath, projectAreaLabel } from "./project-facts";
import { listLiveAreas, listPublishedProjects } from "./projects.server";

/** /projects: every published project, newest first, and the areas with a page of their own. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services.database;
  const [projects, areas] = await Promise.all([listPublishedProjects(db), listLiveAreas(db)]);
  return {
    projects,
    areas: areas.map((a) => ({ path: areaPath(a.areaSlug), label: projectAreaLabel(a.areaSlug) ?? a.areaSlug })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `Projects: Ceilings and Partitions We Have Finished | ${root.business.name}`,
    description:
      "Finished office partition, suspended ceiling, shop ceiling and repair projects: where, what was done, how long it took and photos of the work.",
    path: "/projects",
    siteUrl: root.siteUrl,
    siteName: root.business.name,
  });
};

export default function ProjectsIndex({ loaderData }: Route.ComponentProps) {
  const { projects, areas } = loaderData;
  return (
    <>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Our projects</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-brand">
            Work we have finished for offices, shops and clinics: where it was, what we did, how long it took and photos
            of the result.
          </p>
        </div>
        {areas.length > 0 && (
          <nav aria-label="Projects by area" className="mt-8">
            <ul className="flex flex-wrap gap-2">
              {areas.map((a) => (
                <li key={a.path}>
                  <Link
                    to={a.path}
                    className="inline-flex min-h-11 items-center rounded-full bg-white px-5 text-[15px] font-semibold text-navy-900 ring-1 ring-navy-900/20 hover:bg-mist"
                  >
                    Projects in {a.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <section aria-labelledby="project-list-heading" className="mt-10">
          <h2 id="project-list-heading" className="sr-only">
            Projects
          </h2>
          {projects.length > 0 ? (
            <ProjectCards projects={projects} eager={3} />
          ) : (
            <p className="rounded-xl bg-paper p-8 text-center text-slate-brand">
              No projects are published yet.{" "}
              <Link to="/contact-us" className="font-semibold text-navy-900 underline">
                Tell us about yours
              </Link>
            </p>
          )}
        </section>
      </div>
      <CtaBand
        id="cta-heading"
        heading="Planning something similar?"
        text="Tell us about your space and we will quote for it."
      >
        <Link to="/contact-us" className="btn-dark">
          Get a free quote
        </Link>
      </CtaBand>
    </>
  );
}
