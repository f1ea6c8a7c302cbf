// zod/mini: the same validation in the browser and on the server at a quarter of the size of
// classic zod (it ships to visitors, and the page budget is 120 KB).
import * as z from "zod/mini";
import { fieldErrorsOf } from "~/forms/field-errors";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  SERVICE_OPTIONS,
  UTM_KEYS,
  type ContactFieldErrors,
} from "./contact-fields";

// C0/C1 control characters are removed. Single-line fields also turn tabs and line breaks into
// spaces (a newline in a name or e-mail could forge mail headers); the message keeps them.
const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Trims and strips control characters (NUL included) so nothing unprintable is ever stored. */
export function cleanText(value: string, multiline = false): string {
  const wellFormed = value.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC");
  if (multiline) return wellFormed.replace(CONTROL_CHARS, "").replace(/\r\n?/g, "\n").trim();
  return wellFormed
    .replace(LINE_BREAKS_AND_TABS, " ")
    .replace(CONTROL_CHARS, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** A cleaned text field; a wrong type or a missing value gets the field's own message. */
function text(message: string, multiline = false) {
  return z.pipe(
    z.string({ error: message }),
    z.transform((v: string) => cleanText(v, multiline)),
  );
}

const max = (n: number, what: string) =>
  z.maxLength(n, `${what} must be at most ${n.toLocaleString("en-IE")} characters`);

/** What a visitor fills in: spec sections 3 and 5, with the spec's messages. */
export const ContactSchema = z.object({
  name: z.pipe(
    text(CONTACT_MESSAGES.name),
    z.string().check(z.minLength(2, CONTACT_MESSAGES.name), max(CONTACT_LIMITS.name, "Name")),
  ),
  email: z.pipe(
    text(CONTACT_MESSAGES.email),
    z.email(CONTACT_MESSAGES.email).check(z.maxLength(CONTACT_LIMITS.email, CONTACT_MESSAGES.email)),
  ),
  // Optional: missing, null and "" all mean "not given".
  phone: z.pipe(
    z.nullish(
      z.pipe(text("Please enter a valid phone number"), z.string().check(max(CONTACT_LIMITS.phone, "Phone number"))),
    ),
    z.transform((v: string | null | undefined) => v || undefined),
  ),
  service: z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(SERVICE_OPTIONS)], { error: "Please choose a service from the list" })),
    z.transform((v: (typeof SERVICE_OPTIONS)[number] | "" | null | undefined) => v || undefined),
  ),
  message: z.pipe(
    text(CONTACT_MESSAGES.message, true),
    z.string().check(z.minLength(10, CONTACT_MESSAGES.message), max(CONTACT_LIMITS.message, "Message")),
  ),
});

export type ContactInput = z.infer<typeof ContactSchema>;

const shortText = (limit: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((v: string) => cleanText(v).slice(0, limit)),
      ),
    ),
    undefined,
  );

/**
 * What the page adds to a submission: the spam traps and attribution. None of it is ever a reason
 * to refuse a person's enquiry, so anything malformed is simply dropped.
 */
export const ContactMetaSchema = z.object({
  /** Honeypot: a field people never see. Anything in it means a bot. */
  website: z.catch(z.optional(z.string()), "bot"),
  /** Signed time the form was shown (minimum fill time). */
  formToken: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  landingPage: shortText(500),
  referrer: shortText(500),
  utm: z.catch(
    z.optional(
      z.pipe(
        z.record(z.string(), z.unknown()),
        z.transform((raw: Record<string, unknown>) => {
          const out: Record<string, string> = {};
          for (const key of UTM_KEYS) {
            const value = raw[key];
            if (typeof value === "string" && cleanText(value)) out[key] = cleanText(value).slice(0, 200);
          }
          return Object.keys(out).length ? out : undefined;
        }),
      ),
    ),
    undefined,
  ),
});

export type ContactMeta = z.infer<typeof ContactMetaSchema>;

/** Validates a whole form's values; {} when valid. */
export function validateContact(values: unknown): ContactFieldErrors {
  const parsed = ContactSchema.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error, CONTACT_FIELDS);
}
