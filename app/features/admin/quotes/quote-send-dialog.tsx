import { useState } from "react";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/form-field";
import { COVERING_NOTE_MAX } from "~/forms/covering-note";
import { formatCents } from "~/features/quotes/quote-totals";
import type { VatMode } from "~/features/quotes/quote-types";

// The confirmation before a quote goes to the client: the first send, a send again, or (once the
// client has the quote) saving a change, which always goes to them as an updated quote with the
// next revision number, so the version they can accept is the one staff see. A send (first or
// again) takes an optional covering note, as an invoice's does, put above the link in the e-mail.

export type SendMode = "send" | "send-again" | "update";

/** What Send does for this quote: a quote the client has (sent or opened) with changes typed is an update. */
export function sendModeOf(quote: { status: string; sentAt: unknown }, dirty: boolean): SendMode {
  if ((quote.status === "sent" || quote.status === "viewed") && dirty) return "update";
  return quote.sentAt !== null ? "send-again" : "send";
}

/** A quote the client already has: saving a change sends it to them (the editor says so). */
export const clientHasQuote = (quote: { status: string }) => quote.status === "sent" || quote.status === "viewed";

export const SEND_BUTTON: Record<SendMode, string> = {
  send: "Send to client",
  "send-again": "Send again",
  update: "Save and send update",
};

/** Under the buttons of a quote the client has, so nobody expects a quiet save. */
export function SentQuoteNote({ revision }: { revision: number }) {
  return (
    <p className="text-sm text-slate-brand">
      The client has revision {revision} of this quote. Changes are not saved on their own: “Save and send update”
      e-mails the client the updated quote (revision {revision + 1}), and the version they had can no longer be
      accepted.
    </p>
  );
}

export function SendQuoteDialog({
  open,
  mode,
  number,
  revision,
  client,
  grossCents,
  vatMode,
  dirty,
  pending,
  onClose,
  onSend,
}: {
  open: unknown;
  mode: SendMode;
  number: string;
  revision: number;
  client: { name: string; email: string };
  grossCents: number;
  vatMode: VatMode;
  dirty: boolean;
  pending: boolean;
  onClose: () => void;
  /** The covering note typed ("" for none; an update carries none). */
  onSend: (message: string) => void;
}) {
  const [message, setMessage] = useState("");
  // Each opening starts with an empty note.
  const [openedBy, setOpenedBy] = useState(open);
  if (openedBy !== open) {
    setOpenedBy(open);
    setMessage("");
  }
  const title = {
    send: `Send quote ${number}?`,
    "send-again": `Send quote ${number} again?`,
    update: `Send the updated quote ${number} to the client?`,
  }[mode];
  return (
    <Dialog open={open} onClose={onClose} busy={pending}>
      <DialogBody>
        <DialogTitle>{title}</DialogTitle>
        <p>
          {client.name} gets an e-mail at <strong>{client.email}</strong>{" "}
          {mode === "update"
            ? `saying the quote was updated, with a link to it and the new PDF (revision ${revision + 1}) attached.`
            : "with a link to the quote and the PDF attached."}{" "}
          Total {formatCents(grossCents)}
          {vatMode === "reverse-charge" ? " (reverse charge, no VAT)" : " including VAT"}.
        </p>
        {mode === "update" ? (
          <p className="text-slate-brand">
            Your changes are saved as revision {revision + 1}. The client can then accept only the updated quote.
          </p>
        ) : (
          dirty && <p className="text-slate-brand">Your changes are saved first.</p>
        )}
        <p className="text-slate-brand">
          The enquiry moves to Quoted, and reminders follow if the client has not answered after a few days.
        </p>
        {mode !== "update" && (
          <TextAreaField
            name="message"
            label="Covering note"
            optional
            rows={4}
            maxLength={COVERING_NOTE_MAX}
            hint="Added above the link to the quote in the e-mail."
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </DialogBody>
      <DialogFooter>
        <DialogClose>Cancel</DialogClose>
        <button
          type="button"
          className="btn-primary"
          disabled={pending}
          onClick={() => onSend(mode === "update" ? "" : message)}
        >
          {pending
            ? "Sending..."
            : { send: "Send quote", "send-again": "Send again", update: "Save and send update" }[mode]}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
