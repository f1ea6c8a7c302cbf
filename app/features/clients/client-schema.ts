import * as z from "zod/mini";
import { cleanText } from "~/forms/clean-text";
import { compactVatNumber, isIrishVatNumber, normaliseEircode } from "./irish-codes";

// A client's details (issue 37): one schema for the admin's client form (instant errors) and the
// API (POST and PUT /api/admin/clients), which re-checks with it. Errors are keyed by their full
// path ("contacts.1.email") so the form shows each under its input.

export const CLIENT_LIMITS = { name: 200, text: 200, contacts: 20, addressLines: 6, notes: 5000 } as const;

export const CLIENT_MESSAGES = {
  body: "Send the client as a JSON object.",
  name: "Please enter the client's name",
  contactReach: "Give this contact an e-mail address or a phone number",
  email: "Enter a valid e-mail address, like name@example.ie",
  phone: "Enter a phone number of 7 to 15 digits, like 01 555 0147",
  contacts: `A client can have at most ${CLIENT_LIMITS.contacts} contacts`,
  address: `Use at most ${CLIENT_LIMITS.addressLines} address lines`,
  eircode: "Enter an Eircode like D18 X2C4, or leave it empty",
  country: "Enter the country as a two-letter code, like IE or GB",
  vatNumber: "Enter an Irish VAT number like IE1234567X or IE1234567XX, or leave it empty",
  reverseCharge: "Reverse charge must be true or false",
} as const;

const tooLong = (what: string, n: number) => `${what} must be at most ${n.toLocaleString("en-IE")} characters`;

/** Text that may be empty: missing or null is "", cleaned (trimmed, control characters removed). */
const text = (what: string, max: number, multiline = false) =>
  z.pipe(
    z.pipe(
      z.nullish(z.string({ error: `${what} must be text` })),
      z.transform((v: string | null | undefined) => cleanText(v ?? "", multiline)),
    ),
    z.string().check(z.maxLength(max, tooLong(what, max))),
  );

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]+$/;
const isPhone = (v: string) => PHONE.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, ""));

export const ClientContactSchema = z
  .object({
    name: text("Contact name", CLIENT_LIMITS.text),
    email: z.pipe(
      text("E-mail", 254),
      z.string().check(z.refine((v) => v === "" || EMAIL.test(v), CLIENT_MESSAGES.email)),
    ),
    phone: z.pipe(text("Phone", 40), z.string().check(z.refine((v) => v === "" || isPhone(v), CLIENT_MESSAGES.phone))),
    role: text("Role", CLIENT_LIMITS.text),
  })
  .check(
    z.superRefine((contact, ctx) => {
      if (contact.email === "" && contact.phone === "")
        ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.contactReach, path: ["email"], input: contact });
    }),
  );

/** The billing address: a list of lines, or one text with a line per row (the form's textarea). */
const addressLines = z.pipe(
  z.pipe(
    z.nullish(z.union([z.string(), z.array(z.string())], { error: CLIENT_MESSAGES.address })),
    z.transform((v: string | string[] | null | undefined) =>
      (typeof v === "string" ? v.split(/\r?\n/) : (v ?? [])).map((line) => cleanText(line)).filter(Boolean),
    ),
  ),
  z
    .array(z.string().check(z.maxLength(CLIENT_LIMITS.text, tooLong("An address line", CLIENT_LIMITS.text))))
    .check(z.maxLength(CLIENT_LIMITS.addressLines, CLIENT_MESSAGES.address)),
);

const ClientFields = z.object({
  name: z.pipe(
    z.pipe(
      z.string({ error: CLIENT_MESSAGES.name }),
      z.transform((v: string) => cleanText(v)),
    ),
    z.string().check(z.minLength(1, CLIENT_MESSAGES.name), z.maxLength(CLIENT_LIMITS.name, tooLong("Name", 200))),
  ),
  company: text("Company", CLIENT_LIMITS.text),
  contacts: z._default(
    z
      .array(ClientContactSchema, { error: "Send the contacts as a list" })
      .check(z.maxLength(CLIENT_LIMITS.contacts, CLIENT_MESSAGES.contacts)),
    [],
  ),
  address: addressLines,
  eircode: text("Eircode", 20),
  country: z.pipe(
    z.pipe(
      z.nullish(z.string({ error: CLIENT_MESSAGES.country })),
      z.transform((v: string | null | undefined) => (v ?? "").trim().toUpperCase() || "IE"),
    ),
    z.string().check(z.regex(/^[A-Z]{2}$/, CLIENT_MESSAGES.country)),
  ),
  vatNumber: text("VAT number", 30),
  reverseCharge: z.pipe(
    z.nullish(z.boolean({ error: CLIENT_MESSAGES.reverseCharge })),
    z.transform((v: boolean | null | undefined) => v ?? false),
  ),
  notes: text("Notes", CLIENT_LIMITS.notes, true),
});

/** The Irish checks run also when another field is wrong (every message shows at once), once these are read. */
const irishFieldsRead = {
  when: ({ value }: { value: unknown }) => {
    const v = value as Partial<Record<"country" | "eircode" | "vatNumber", unknown>> | null;
    return typeof v?.country === "string" && typeof v.eircode === "string" && typeof v.vatNumber === "string";
  },
};

/**
 * A client as staff write it. In Ireland (country IE) the Eircode must be one and is written
 * "D18 X2C4", and the VAT number must be Irish ("IE1234567X"); elsewhere both are kept as typed.
 */
export const ClientSchema = z.pipe(
  ClientFields.check(
    z.superRefine((client, ctx) => {
      if (client.country !== "IE") return;
      if (client.eircode !== "" && normaliseEircode(client.eircode) === null)
        ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.eircode, path: ["eircode"], input: client.eircode });
      if (client.vatNumber !== "" && !isIrishVatNumber(client.vatNumber))
        ctx.addIssue({
          code: "custom",
          message: CLIENT_MESSAGES.vatNumber,
          path: ["vatNumber"],
          input: client.vatNumber,
        });
    }, irishFieldsRead),
  ),
  z.transform((client: z.output<typeof ClientFields>) =>
    client.country === "IE"
      ? {
          ...client,
          eircode: client.eircode && (normaliseEircode(client.eircode) ?? client.eircode),
          vatNumber: client.vatNumber && compactVatNumber(client.vatNumber),
        }
      : client,
  ),
);

export type ClientInput = z.output<typeof ClientSchema>;

export type ClientValidation = { ok: true; data: ClientInput } | { ok: false; errors: Record<string, string> };

/** Checks a client: the cleaned data, or the first message per field keyed by its path ("contacts.0.email"). */
export function validateClient(raw: unknown): ClientValidation {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, errors: { body: CLIENT_MESSAGES.body } };
  const parsed = ClientSchema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
