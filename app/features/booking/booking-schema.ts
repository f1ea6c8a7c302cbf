// The booking form's rules (zod/mini: the /book page may load it). The visitor's details follow
// the contact form's rules and messages; a survey needs a time, a phone number for the day and
// somewhere to go (an Eircode or an address).
import * as z from "zod/mini";
import { validate, type FieldErrors, type Validated } from "~/forms/field-errors";
import { cleanedString, maxChars } from "~/forms/schema-fields";
import { VisitorEmail, VisitorName } from "~/features/contact/contact-schema";
import { CONTACT_LIMITS, CONTACT_MESSAGES, SERVICE_OPTIONS } from "~/features/contact/contact-fields";

export const BOOKING_FIELDS = ["start", "name", "email", "phone", "eircode", "address", "service", "message"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingFieldErrors = FieldErrors<BookingField>;

export const BOOKING_LIMITS = { address: 300 } as const;

export const BOOKING_MESSAGES = {
  start: "Please choose one of the survey times offered",
  phone: "Please enter a phone number so the surveyor can reach you on the day",
  eircode: "Please enter a valid Eircode, such as D02 X285",
  where: "Please enter the site's Eircode or address",
  address: `Address must be at most ${BOOKING_LIMITS.address} characters`,
} as const;

/** A full Eircode: routing key (letter and two digits, or D6W) and four characters. */
export const EIRCODE_PATTERN = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i;

/** "d02x285" → "D02 X285". */
export const formatEircode = (value: string) => {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
};

/** Missing, null and "" all mean "not given". */
const notGiven = (v: string | null | undefined) => v || undefined;

export const BookingSchema = z.object({
  // An instant with its offset (as GET /api/booking/slots gives it).
  start: z.pipe(
    z.string({ error: BOOKING_MESSAGES.start }),
    z.string().check(z.iso.datetime({ offset: true, error: BOOKING_MESSAGES.start })),
  ),
  name: VisitorName,
  email: VisitorEmail,
  phone: z.pipe(
    cleanedString(BOOKING_MESSAGES.phone),
    z
      .string()
      .check(z.regex(/\d.*\d.*\d.*\d.*\d.*\d/, BOOKING_MESSAGES.phone), maxChars(CONTACT_LIMITS.phone, "Phone number")),
  ),
  eircode: z.pipe(
    z.nullish(
      z.pipe(
        cleanedString(BOOKING_MESSAGES.eircode),
        z.union([z.literal(""), z.string().check(z.regex(EIRCODE_PATTERN, BOOKING_MESSAGES.eircode))]),
      ),
    ),
    z.transform(notGiven),
  ),
  address: z.pipe(
    z.nullish(
      z.pipe(
        cleanedString(BOOKING_MESSAGES.address),
        z.string().check(z.maxLength(BOOKING_LIMITS.address, BOOKING_MESSAGES.address)),
      ),
    ),
    z.transform(notGiven),
  ),
  service: z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(SERVICE_OPTIONS)], { error: "Please choose a service from the list" })),
    z.transform((v: (typeof SERVICE_OPTIONS)[number] | "" | null | undefined) => v || undefined),
  ),
  // Optional here: the time and place say what the visit is; a note helps the surveyor prepare.
  message: z.pipe(
    z.nullish(
      z.pipe(
        cleanedString(CONTACT_MESSAGES.message, true),
        z.string().check(maxChars(CONTACT_LIMITS.message, "Message")),
      ),
    ),
    z.transform(notGiven),
  ),
});

export type BookingInput = z.infer<typeof BookingSchema>;

/** The whole form: each field's rule, then "an Eircode or an address". */
export function parseBooking(values: unknown): Validated<BookingInput, BookingField> {
  const parsed = validate(BookingSchema, values, BOOKING_FIELDS);
  if (!parsed.ok) return parsed;
  if (!parsed.data.eircode && !parsed.data.address) return { ok: false, errors: { eircode: BOOKING_MESSAGES.where } };
  return { ok: true, data: { ...parsed.data, eircode: parsed.data.eircode && formatEircode(parsed.data.eircode) } };
}

/** Moving a booking from its manage link: one of the times offered (the booking form's rule). */
export const RescheduleSchema = z.object({ start: BookingSchema.shape.start });

export const parseReschedule = (values: unknown): Validated<{ start: string }, "start"> =>
  validate(RescheduleSchema, values, ["start"]);
