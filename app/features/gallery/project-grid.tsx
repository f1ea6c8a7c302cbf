import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { DialogImage } from "~/components/ui/image-dialog";
import { ProjectImage } from "~/features/uploads/project-image";
import { projectPath } from "~/features/projects/project-paths";
import type { GalleryProject } from "./gallery.server";

// The enlarged view's code loads with the first click (pointing at a thumbnail starts the fetch).
const loadDialog = () => import("~/components/ui/image-dialog");
const ImageDialog = lazy(() => loadDialog().then((m) => ({ default: m.ImageDialog })));

/** How wide a thumbnail is drawn for each grid (the page is at most 80rem wide). */
const SIZES: Record<string, string> = {
  "lg:grid-cols-4": "(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 47vw, 92vw",
};

/**
 * A grid of project thumbnails; each opens the enlarged image in a dialog, and its title (and the
 * dialog) links to the project's page. Thumbnails load lazily
 * except the first `eager` ones (use it when the grid starts above the fold).
 */
export function ProjectGrid({
  projects,
  columns = "lg:grid-cols-4",
  eager = 0,
}: {
  projects: GalleryProject[];
  columns?: string;
  eager?: number;
}) {
  const [open, setOpen] = useState<DialogImage | null>(null);
  return (
    <>
      <ul className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${columns}`}>
        {projects.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              className="group block w-full overflow-hidden rounded-t-lg bg-mist text-left shadow-sm ring-1 ring-navy-900/10"
              onPointerEnter={() => void loadDialog()}
              onFocus={() => void loadDialog()}
              onClick={() =>
                setOpen({
                  src: p.imageSrc,
                  alt: p.altText,
                  title: p.title,
                  description: p.description,
                  // Every published project has its page: the photo leads on to the whole story.
                  link: { href: projectPath(p.slug), label: "See the project" },
                })
              }
              aria-haspopup="dialog"
            >
              <ProjectImage
                src={p.imageSrc}
                alt={p.altText}
                sizes={SIZES[columns] ?? "(min-width: 640px) 50vw, 100vw"}
                width={800}
                height={600}
                loading={i < eager ? undefined : "lazy"}
                fetchPriority={i === 0 && eager > 0 ? "high" : undefined}
                decoding="async"
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
              />
              <span className="sr-only">{p.title} (view larger)</span>
            </button>
            <Link
              to={projectPath(p.slug)}
              className="block min-h-11 rounded-b-lg bg-white px-3 py-2 text-sm font-medium text-navy-900 underline-offset-4 shadow-sm ring-1 ring-navy-900/10 hover:underline"
            >
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
      {open && (
        <Suspense fallback={null}>
          <ImageDialog image={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
