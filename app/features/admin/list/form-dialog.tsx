import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * The create/edit modal (spec section 4), on the native <dialog>: showModal() makes the page
 * behind it inert and keeps focus inside, Escape closes it (not while saving), and focus goes back
 * to the button that opened it. Closing is the parent's business: it stops rendering `open`.
 */
export function FormDialog({
  open,
  title,
  busy,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // showModal() focuses the first focusable element, the Close button; start at the first field
      // instead (React's autoFocus runs before the dialog is open, so it cannot do this).
      dialog
        .querySelector<HTMLElement>("form input:not([type=hidden]):not([type=file]), form textarea, form select")
        ?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(100vw-1rem,44rem)] max-w-none overflow-hidden rounded-xl bg-white p-0 text-navy-900 shadow-2xl backdrop:bg-navy-950/70"
      onCancel={(e) => {
        // Escape while saving would hide a request that is still under way.
        if (busy) e.preventDefault();
      }}
      onClose={() => {
        // Delivered a task after the dialog closed: stale if it has been opened again since.
        if (ref.current?.open) return;
        onClose();
        const el = opener.current;
        if (el instanceof HTMLElement && el.isConnected) el.focus();
      }}
    >
      {open && (
        <div className="flex max-h-[calc(100dvh-1rem)] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-mist px-5 py-4 sm:px-6">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-mist disabled:opacity-50"
              onClick={() => ref.current?.close()}
              disabled={busy}
              aria-label="Close"
            >
              <svg
                viewBox="0 0 20 20"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
