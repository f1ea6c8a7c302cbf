import { Link } from "react-router";
import { Dialog, DialogClose, DialogTitle } from "./dialog";

export type DialogImage = {
  src: string;
  alt: string;
  title?: string;
  description?: string;
  /** Where to read more about what the photo shows (a project's page). */
  link?: { href: string; label: string };
};

/**
 * An enlarged image in the shared modal dialog (the gallery loads this with the first click, so
 * the dialog's code is not part of any page's initial JavaScript). A click beside it closes it too.
 */
export function ImageDialog({ image, onClose }: { image: DialogImage | null; onClose: () => void }) {
  return (
    <Dialog open={image} onClose={onClose} closeOnBackdrop className="w-[min(100vw-1.5rem,64rem)]">
      {image && (
        <figure className="relative">
          <img
            src={image.src}
            alt={image.alt}
            width={800}
            height={600}
            className="block aspect-[4/3] max-h-[calc(100dvh-9rem)] w-full rounded-t-xl bg-mist object-contain"
          />
          {/* The link sits beside Close from sm up, so the caption keeps its height and the photo
              its room; on a phone it goes under the words. */}
          <figcaption className="grid grid-cols-[1fr_auto] items-start gap-x-4 gap-y-3 p-4 sm:grid-cols-[1fr_auto_auto] sm:p-5">
            <div>
              <DialogTitle className="text-lg font-semibold">{image.title ?? image.alt}</DialogTitle>
              {image.description && <p className="mt-1 text-sm text-slate-brand">{image.description}</p>}
            </div>
            {image.link && (
              <Link
                to={image.link.href}
                className="btn-outline col-start-1 row-start-2 justify-self-start text-navy-900 sm:col-start-2 sm:row-start-1"
              >
                {image.link.label}
              </Link>
            )}
            <DialogClose className="btn-dark col-start-2 row-start-1 shrink-0 sm:col-start-3" startsFocused />
          </figcaption>
        </figure>
      )}
    </Dialog>
  );
}
