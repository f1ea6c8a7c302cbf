// The covering note staff may add when a document goes to the client by e-mail (an invoice, a
// quote): one field, one limit, so both send dialogs and their APIs check it the same way.
import { optionalText } from "./schema-fields";

export const COVERING_NOTE_MAX = 2_000;

/** Optional, multi-line, at most COVERING_NOTE_MAX characters; blank is stored as null. */
export const coveringNoteField = optionalText({ label: "The covering note", max: COVERING_NOTE_MAX, multiline: true });
