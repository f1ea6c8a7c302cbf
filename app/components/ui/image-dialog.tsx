import { useEffect, useRef } from "react";

export type DialogImage = { src: string; alt: string; title?: string; description?: string };

/**
 * An enlarged image in a modal dialog. Built on the native <dialog>: showModal() makes the page
 * behind it inert (focus stays inside), Escape closes it, and focus goes back to the thumbnail
 * that opened it.
 */
export function ImageDialog({ image, onClose }: { image: DialogImage | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (image && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!image && dialog.open) {
      dialog.close();
    }
  }, [image]);

  const handleClose = () => {
    // The close event arrives a task after the dialog closed. If the visitor has opened it again
    // in between (Escape, then Enter at once), this event is stale: the dialog stays open.
    if (ref.current?.open) return;
    onClose();
    const el = opener.current;
    if (el instanceof HTMLElement) el.focus();
  };

  return (
    // The backdrop click is a mouse shortcut; keyboards close the dialog with Escape or its button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="image-dialog-title"
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(100vw-1.5rem,64rem)] max-w-none overflow-auto rounded-xl bg-white p-0 shadow-2xl backdrop:bg-navy-950/80"
      onClose={handleClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) ref.current?.close();
      }}
    >
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
              <h2 id="image-dialog-title" className="text-lg font-semibold">
                {image.title ?? image.alt}
              </h2>
              {image.description && <p className="mt-1 text-sm text-slate-brand">{image.description}</p>}
            </div>
            {/* In a modal dialog autofocus picks the element showModal() focuses (HTML dialog focusing steps). */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
            <button type="button" className="btn-dark shrink-0" onClick={() => ref.current?.close()} autoFocus>
              Close
            </button>
          </figcaption>
        </figure>
      )}
    </dialog>
  );
}
