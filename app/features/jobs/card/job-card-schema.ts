// The job card's and the client's sign-off inputs: one zod schema each, used by the forms for
// instant errors and by the API as the final word. Never imports server code.
import * as z from "zod/mini";
import { requiredText } from "~/forms/schema-fields";

export const CHECKLIST_MESSAGES = { done: "Say whether the item is done: true or false" } as const;
export const ChecklistTickSchema = z.object({ done: z.boolean({ error: CHECKLIST_MESSAGES.done }) });

export const SNAG_MESSAGES = {
  text: "Describe the snag",
  photoId: "Choose one of this job's photos, or none",
  closed: "Say whether the snag is closed: true or false",
} as const;
export const SNAG_TEXT_MAX = 2000;

export const NewSnagSchema = z.object({
  text: requiredText({ label: "The snag", min: 1, message: SNAG_MESSAGES.text, max: SNAG_TEXT_MAX, multiline: true }),
  photoId: z.nullish(z.int({ error: SNAG_MESSAGES.photoId }).check(z.positive(SNAG_MESSAGES.photoId))),
});
export type NewSnag = z.infer<typeof NewSnagSchema>;

export const SnagCloseSchema = z.object({ closed: z.boolean({ error: SNAG_MESSAGES.closed }) });

export const SIGN_OFF_MESSAGES = {
  name: "Type your full name: it is your signature.",
  agree: "Tick the box to confirm the work is complete.",
} as const;

/** The client's sign-off; the drawn signature (optional) is checked by the quote's signature reader. */
export const SignOffSchema = z.object({
  name: requiredText({ label: "Your name", min: 2, message: SIGN_OFF_MESSAGES.name, max: 200 }),
  agree: z.literal(true, { error: SIGN_OFF_MESSAGES.agree }),
});

export const DOCUMENT_MESSAGES = {
  name: "Name the document (at most 200 characters)",
  type: "Only PDF documents can be added.",
  empty: "Choose a PDF document to add.",
} as const;
export const DOCUMENT_NAME_MAX = 200;

export const PHOTO_MESSAGES = {
  stage: "Say which stage the photo shows: before, during or after",
} as const;
