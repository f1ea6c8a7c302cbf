import type { FormEvent } from "react";
import { rowButton } from "~/components/ui/button-styles";
import { Dialog, DialogBody, DialogForm, DialogHeader } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form";
import { TextAreaField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { SEND_MESSAGE_MAX, SendInvoiceSchema } from "~/features/invoices/invoice-send-schema";
import { formatMoment } from "~/features/quotes/quote-dates";
import { validate } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";
import { FormDialogFooter } from "../list/admin-list";
import { useMutation } from "../list/mutation";

// Sending an issued invoice or credit note to the client from its page (issue 38): a dialog that
// says where it goes and takes an optional covering note (POST …/send; the outbox attaches the PDF
// and the e-invoice), and once sent, when it went and the client's link to copy.

export function SendInvoiceDialog({
  open,
  invoiceId,
  name,
  to,
  onClose,
}: {
  open: boolean;
  invoiceId: number;
  name: string;
  /** The buyer's e-mail address printed on the document ("" when it has none: the API says so). */
  to: string;
  onClose: () => void;
}) {
  const { mutate, pending, formError, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const message = formText(new FormData(event.currentTarget), "message");
    const checked = validate(SendInvoiceSchema, { message });
    if (!checked.ok) return showFieldErrors(checked.errors);
    const done = await mutate<{ sentTo: string }>(
      "POST",
      `/api/admin/invoices/${invoiceId}/send`,
      checked.data.message ? { message: checked.data.message } : {},
      {
        success: (sent) => ({
          title: `${name} sent`,
          description: `It is on its way to ${sent.sentTo}, with the PDF and the e-invoice attached.`,
        }),
      },
    );
    if (done.ok) onClose();
  }

  return (
    <Dialog open={open} busy={pending} onClose={onClose}>
      <DialogHeader title={`Send ${name} to the client?`} />
      {open && (
        <DialogForm formRef={formRef} onSubmit={onSubmit} onFieldEdited={clearFieldError}>
          <DialogBody>
            <p>
              {to ? (
                <>
                  It goes by e-mail to <strong>{to}</strong>
                </>
              ) : (
                "The client has no e-mail address on it"
              )}
              , with a link to it and the PDF and the e-invoice attached.
            </p>
            <TextAreaField
              name="message"
              label="Covering note"
              optional
              rows={4}
              maxLength={SEND_MESSAGE_MAX}
              hint="Added above the invoice's details in the e-mail."
              error={fieldErrors.message}
            />
            {formError && <FormAlert>{formError}</FormAlert>}
          </DialogBody>
          <FormDialogFooter pending={pending} submitLabel="Send invoice" onCancel={onClose} />
        </DialogForm>
      )}
    </Dialog>
  );
}

/** When the document went to the client, and their link to copy (it works without a session). */
export function InvoiceSentNote({ sentAt, link }: { sentAt: string | null; link: string }) {
  const toast = useToast();
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Link copied", description: "The client's link is on your clipboard." });
    } catch {
      toast({
        variant: "destructive",
        title: "Could not copy the link",
        description: `This browser did not allow it. The link is ${link}`,
      });
    }
  }
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-slate-brand">
      <span>{sentAt ? `Sent ${formatMoment(new Date(sentAt))}` : "Not sent yet"}</span>
      <button type="button" className={rowButton.light} onClick={() => void copyLink()}>
        Copy client link
      </button>
    </p>
  );
}
