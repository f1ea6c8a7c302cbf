import { createContext, useContext, useEffect, useId, useRef, type ComponentProps, type ReactNode } from "react";
import { EditingForm } from "./form";
import { Icon } from "./icon";

// The one modal dialog, on the native <dialog>: showModal() makes the page behind it inert and keeps
// focus inside, Escape closes it (not while `busy`: that would hide a request still under way), and
// focus goes back to whatever opened it. Whether it is open is the parent's state: the dialog shows
// while `open` is set and tells the parent through `onClose` when the visitor closes it. Its
// content is rendered only while open, so a form inside starts afresh each time.

type DialogContextValue = { titleId: string; busy: boolean; close: () => void };
const DialogContext = createContext<DialogContextValue | null>(null);

function useDialog(): DialogContextValue {
  const value = useContext(DialogContext);
  if (!value) throw new Error("Dialog parts must be used inside <Dialog>");
  return value;
}

export function Dialog({
  open,
  onClose,
  busy = false,
  closeOnBackdrop = false,
  className = "w-[min(100vw-1rem,44rem)]",
  children,
}: {
  /**
   * Shown while truthy. Pass what the dialog shows (a row, an image) rather than a boolean where
   * the same dialog can be asked for again at once: a new value then reopens it even if the
   * visitor closed it a moment ago (Escape, then Enter on the same button).
   */
  open: unknown;
  onClose: () => void;
  busy?: boolean;
  /** A click on the backdrop closes it too (a mouse shortcut; keyboards have Escape and a button). */
  closeOnBackdrop?: boolean;
  /** Width classes. */
  className?: string;
  /** Use `DialogTitle` (or `DialogHeader`) inside: it names the dialog. */
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
      // showModal() focuses the first focusable element (usually a Close button). Start instead at
      // what the content marks with data-autofocus, or else at the first field of a form. (React's
      // autoFocus runs before the dialog is open, so it cannot do this.)
      dialog
        .querySelector<HTMLElement>(
          "[data-autofocus], form input:not([type=hidden]):not([type=file]), form textarea, form select",
        )
        ?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const close = () => ref.current?.close();

  return (
    // The backdrop click is a mouse shortcut; keyboards close the dialog with Escape or its button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto max-h-[calc(100dvh-1rem)] max-w-none overflow-hidden rounded-xl bg-white p-0 text-navy-900 shadow-2xl backdrop:bg-navy-950/70 ${className}`}
      onCancel={(e) => {
        if (busy) e.preventDefault();
      }}
      onClose={() => {
        // The close event arrives a task after the dialog closed. If it has been opened again in
        // between (Escape, then Enter at once), this event is stale: the dialog stays open.
        if (ref.current?.open) return;
        onClose();
        const el = opener.current;
        if (el instanceof HTMLElement && el.isConnected) el.focus();
      }}
      onClick={(e) => {
        // A click on the dialog element itself is a click on the backdrop, outside its content.
        if (closeOnBackdrop && !busy && e.target === e.currentTarget) close();
      }}
    >
      <DialogContext.Provider value={{ titleId, busy, close }}>
        {Boolean(open) && <div className="flex max-h-[calc(100dvh-1rem)] flex-col overflow-y-auto">{children}</div>}
      </DialogContext.Provider>
    </dialog>
  );
}

/** The dialog's name: a heading its aria-labelledby points at. */
export function DialogTitle({
  className = "text-xl font-bold",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const { titleId } = useDialog();
  return (
    <h2 id={titleId} className={className}>
      {children}
    </h2>
  );
}

/** A button that closes the dialog (disabled while it is busy). */
export function DialogClose({
  className = "btn-outline !min-h-10 text-sm",
  startsFocused = false,
  children = "Close",
}: {
  className?: string;
  /** The dialog opens with focus here (a dialog whose one job is to be looked at and closed). */
  startsFocused?: boolean;
  children?: ReactNode;
}) {
  const { busy, close } = useDialog();
  return (
    <button
      type="button"
      className={className}
      onClick={close}
      disabled={busy}
      data-autofocus={startsFocused ? true : undefined}
    >
      {children}
    </button>
  );
}

/** The usual top of a dialog: its title, and a close button (×) at the right. */
export function DialogHeader({ title }: { title: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-mist px-5 py-4 sm:px-6">
      <DialogTitle>{title}</DialogTitle>
      <DialogClose className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-mist disabled:opacity-50">
        <Icon name="close" />
        <span className="sr-only">Close</span>
      </DialogClose>
    </div>
  );
}

/** The usual bottom of a dialog: its buttons, at the right (or spread out, with `between`). */
export function DialogFooter({ between = false, children }: { between?: boolean; children: ReactNode }) {
  return (
    <div
      className={`flex flex-wrap gap-3 border-t border-mist bg-paper px-5 py-4 sm:px-6 ${between ? "justify-between" : "justify-end"}`}
    >
      {children}
    </div>
  );
}

/** The dialog's content between its header and footer: it scrolls when taller than the screen. */
export function DialogBody({ className = "space-y-5", children }: { className?: string; children: ReactNode }) {
  return <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6 ${className}`}>{children}</div>;
}

/** The form inside an editing dialog (an EditingForm that lays out its body and footer): put DialogBody and DialogFooter inside. */
export function DialogForm(props: Omit<ComponentProps<typeof EditingForm>, "className">) {
  return <EditingForm {...props} className="flex min-h-0 flex-col" />;
}
