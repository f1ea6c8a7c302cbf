// What staff send with POST /api/admin/invoices/:id/send: an optional covering note for the e-mail.
// One schema for a form that sends it and the API, which re-checks with it. Never imports server code.
import * as z from "zod/mini";
import { optionalText } from "~/forms/schema-fields";

export const SEND_MESSAGE_MAX = 2_000;

export const SendInvoiceSchema = z.object({
  message: optionalText({ label: "The covering note", max: SEND_MESSAGE_MAX, multiline: true }),
});

export type SendInvoiceInput = z.infer<typeof SendInvoiceSchema>;
