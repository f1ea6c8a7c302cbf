// What staff send with POST /api/admin/quotes/:id/send: an optional covering note for the e-mail
// (the body may be left out). One schema for the send dialog and the API, which re-checks with it.
import * as z from "zod/mini";
import { coveringNoteField } from "~/forms/covering-note";

export const SendQuoteSchema = z.object({
  message: coveringNoteField,
});

export type SendQuoteInput = z.infer<typeof SendQuoteSchema>;
