// What staff send with POST /api/admin/invoices/:id/send: an optional covering note for the e-mail.
// One schema for a form that sends it and the API, which re-checks with it. Never imports server code.
import * as z from "zod/mini";
import { COVERING_NOTE_MAX, coveringNoteField } from "~/forms/covering-note";

export const SEND_MESSAGE_MAX = COVERING_NOTE_MAX;

export const SendInvoiceSchema = z.object({
  message: coveringNoteField,
});

export type SendInvoiceInput = z.infer<typeof SendInvoiceSchema>;
