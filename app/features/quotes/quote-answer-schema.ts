// The client's answers to a quote (/q/<token>): one zod schema each for accepting and declining,
// used by the page's action (a form post) and the JSON API (POST /q/<token>/accept, /decline), so
// both say the same words. The drawn signature is checked on the server (quote-signature.server.ts).
// Never imports server code.
import * as z from "zod/mini";
import { validate, type Validated } from "~/forms/field-errors";
import { formText } from "~/forms/form-values";

export const ANSWER_LIMITS = { name: 200, reason: 1000 } as const;

export const QUOTE_ANSWER_MESSAGES = {
  name: "Type your full name: it is your signature.",
  nameLong: `Keep your name under ${ANSWER_LIMITS.name} characters.`,
  agree: "Tick the box to confirm you accept the quote.",
  selected: "Choose from the quote's optional items.",
  reason: "Send the reason as text.",
} as const;

export const ACCEPT_FIELDS = ["name", "selected", "agree", "signature"] as const;
export type AcceptField = (typeof ACCEPT_FIELDS)[number];

/** Accepting a quote whose optional lines have these ids (the ones the client may tick). */
export function quoteAcceptSchema(optionalIds: ReadonlyArray<string>) {
  const m = QUOTE_ANSWER_MESSAGES;
  return z.object({
    name: z.pipe(
      z.pipe(
        z.string({ error: m.name }),
        z.transform((v: string) => v.trim().replace(/\s+/g, " ")),
      ),
      z.string().check(z.minLength(1, m.name), z.maxLength(ANSWER_LIMITS.name, m.nameLong)),
    ),
    selected: z.pipe(
      z._default(
        z.array(z.string({ error: m.selected }).check(z.refine((id) => optionalIds.includes(id), m.selected)), {
          error: m.selected,
        }),
        [],
      ),
      z.transform((ids: string[]) => [...new Set(ids)]),
    ),
    agree: z.literal(true, { error: m.agree }),
  });
}

export type QuoteAcceptance = z.infer<ReturnType<typeof quoteAcceptSchema>>;

/** The accept form's fields (the signature apart), checked against the quote's optional lines. */
export function validateAcceptance(
  raw: unknown,
  optionalIds: ReadonlyArray<string>,
): Validated<QuoteAcceptance, AcceptField> {
  return validate(quoteAcceptSchema(optionalIds), raw, ACCEPT_FIELDS);
}

/** Declining: a reason if the client gives one (blank is none; cut to 1,000 characters). */
export const QuoteDeclineSchema = z.object({
  reason: z.pipe(
    z.nullish(z.string({ error: QUOTE_ANSWER_MESSAGES.reason })),
    z.transform((v: string | null | undefined) => (v ?? "").trim().slice(0, ANSWER_LIMITS.reason) || null),
  ),
});

export type QuoteDecline = z.infer<typeof QuoteDeclineSchema>;

export const validateDecline = (raw: unknown): Validated<QuoteDecline, "reason"> =>
  validate(QuoteDeclineSchema, raw, ["reason"]);

/**
 * The page's forms as the JSON API's body: a ticked box arrives as "true" (or "on"), each ticked
 * option as one `selected`, and a blank signature means none was drawn.
 */
export function answerFromForm(form: FormData) {
  const agree = formText(form, "agree");
  return {
    name: formText(form, "name"),
    selected: form.getAll("selected").filter((v): v is string => typeof v === "string"),
    agree: agree === "true" || agree === "on" ? true : undefined,
    signature: formText(form, "signature") || undefined,
    reason: formText(form, "reason"),
    revision: formText(form, "revision"),
  };
}
