import { Link } from "react-router";
import { ProjectImage } from "~/features/uploads/project-image";
import { projectPath, projectService } from "./project-facts";
import type { ProjectCard } from "./projects.server";

const CARD_SIZES = "(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw";

/** Published projects as cards: photo, title (the link), area and services. */
export function ProjectCards({ projects, eager = 0 }: { projects: ProjectCard[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p, i) => (
        <li key={p.id} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10">
          {p.photo && (
            <ProjectImage
              src={p.photo.src}
              alt={p.photo.alt}
              sizes={CARD_SIZES}
              width={p.photo.width}
              height={p.photo.height}
              loading={i < eager ? undefined : "lazy"}
              fetchPriority={i === 0 && eager > 0 ? "high" : undefined}
              decoding="async"
              className="aspect-[4/3] w-full object-cover"
            />
          )}
          <div className="p-5">
            <h3 className="text-lg font-semibold leading-snug">
              <Link to={projectPath(p.slug)} className="text-navy-900 underline-offset-4 hover:underline">
                {p.title}
              </Link>
            </h3>
            {p.area && <p className="mt-1 text-sm text-slate-brand">{p.area}</p>}
            {p.services.length > 0 && (
              <p className="mt-3 text-sm">
                {p.services
                  .map((s) => projectService(s)?.label)
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
