// zod/mini: the same validation in the browser and on the server at a quarter of the size of
// classic zod (it ships to visitors, and the page budget is 120 KB).
import * as z from "zod/mini";
import { fieldErrorsOf } from "~/forms/field-errors";
import { cleanedString, maxChars } from "~/forms/schema-fields";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  SERVICE_OPTIONS,
  type ContactFieldErrors,
} from "./contact-fields";

/** The visitor's name and e-mail, as every lead form checks them (the spec's rules and messages). */
export const VisitorName = z.pipe(
  cleanedString(CONTACT_MESSAGES.name),
  z.string().check(z.minLength(2, CONTACT_MESSAGES.name), maxChars(CONTACT_LIMITS.name, "Name")),
);
export const VisitorEmail = z.pipe(
  cleanedString(CONTACT_MESSAGES.email),
  z.email(CONTACT_MESSAGES.email).check(z.maxLength(CONTACT_LIMITS.email, CONTACT_MESSAGES.email)),
);

/** What a visitor fills in: spec sections 3 and 5, with the spec's messages. */
export const ContactSchema = z.object({
  name: VisitorName,
  email: VisitorEmail,
  // Optional: missing, null and "" all mean "not given".
  phone: z.pipe(
    z.nullish(
      z.pipe(
        cleanedString("Please enter a valid phone number"),
        z.string().check(maxChars(CONTACT_LIMITS.phone, "Phone number")),
      ),
    ),
    z.transform((v: string | null | undefined) => v || undefined),
  ),
  service: z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(SERVICE_OPTIONS)], { error: "Please choose a service from the list" })),
    z.transform((v: (typeof SERVICE_OPTIONS)[number] | "" | null | undefined) => v || undefined),
  ),
  message: z.pipe(
    cleanedString(CONTACT_MESSAGES.message, true),
    z.string().check(z.minLength(10, CONTACT_MESSAGES.message), maxChars(CONTACT_LIMITS.message, "Message")),
  ),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/** Validates a whole form's values; {} when valid. */
export function validateContact(values: unknown): ContactFieldErrors {
  const parsed = ContactSchema.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error, CONTACT_FIELDS);
}
