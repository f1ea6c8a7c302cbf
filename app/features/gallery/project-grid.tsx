import { useState } from "react";
import { ImageDialog, type DialogImage } from "~/components/ui/image-dialog";
import type { GalleryProject } from "./gallery.server";

/**
 * A grid of project thumbnails; each opens the enlarged image in a dialog. Thumbnails load lazily
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
              className="group block w-full overflow-hidden rounded-lg bg-mist text-left shadow-sm ring-1 ring-navy-900/10"
              onClick={() => setOpen({ src: p.imageSrc, alt: p.altText, title: p.title, description: p.description })}
              aria-haspopup="dialog"
            >
              <img
                src={p.imageSrc}
                alt={p.altText}
                width={800}
                height={600}
                loading={i < eager ? undefined : "lazy"}
                fetchPriority={i === 0 && eager > 0 ? "high" : undefined}
                decoding="async"
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
              />
              <span className="block bg-white px-3 py-2 text-sm font-medium">
                {p.title}
                <span className="sr-only"> (view larger)</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ImageDialog image={open} onClose={() => setOpen(null)} />
    </>
  );
}
