import { Dialog, DialogClose, DialogTitle } from "./dialog";

export type DialogImage = { src: string; alt: string; title?: string; description?: string };

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
          <figcaption className="flex items-start justify-between gap-4 p-4 sm:p-5">
            <div>
              <DialogTitle className="text-lg font-semibold">{image.title ?? image.alt}</DialogTitle>
              {image.description && <p className="mt-1 text-sm text-slate-brand">{image.description}</p>}
            </div>
            <DialogClose className="btn-dark shrink-0" startsFocused />
          </figcaption>
        </figure>
      )}
    </Dialog>
  );
}
