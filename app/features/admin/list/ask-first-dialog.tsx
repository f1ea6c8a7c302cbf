import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogTitle } from "~/components/ui/dialog";

/** The server's refusal inside a dialog, read out when it appears. */
export function DialogProblem({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
      {message}
    </p>
  ) : null;
}

/**
 * A step that cannot be undone, asked first: its question, what follows in words, the server's
 * refusal if it gave one, a way out (`keep`, "Cancel" unless that would name the step itself) and a
 * button naming the step, red when something is removed or ended.
 */
export function AskFirstDialog({
  open,
  title,
  action,
  danger = false,
  keep = "Cancel",
  pending,
  problem,
  onClose,
  onConfirm,
  children,
}: {
  open: unknown;
  title: string;
  action: string;
  danger?: boolean;
  keep?: string;
  pending: boolean;
  problem: string | null;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} busy={pending}>
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        {children}
        <DialogProblem message={problem} />
      </DialogBody>
      <DialogFooter>
        <DialogClose>{keep}</DialogClose>
        <button
          type="button"
          className={`${danger ? buttonClass.danger : "btn-primary"} !min-h-10 text-sm`}
          disabled={pending}
          onClick={onConfirm}
        >
          {action}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
