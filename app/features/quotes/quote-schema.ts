import * as z from "zod/mini";
import type { FieldErrors, Validated } from "~/forms/field-errors";
import { isCalendarDay } from "~/features/time/dublin-time";
import { basisPoints, defaultPaymentSchedule, PaymentScheduleSchema } from "./payment-schedule";
import { QUOTE_UNITS, VAT_MODES, type QuoteInput } from "./quote-types";

// What staff send to create or change a quote: one schema for the editor (instant errors) and the
// API (POST /api/admin/contacts/:id/quotes, PUT /api/admin/quotes/:id), which re-checks with it.
// Errors are keyed by the full path ("lines.2.vatRate") so the API names the exact field.

export const QUOTE_LIMITS = {
  lines: 200,
  description: 500,
  quantity: 100_000,
  unitPriceCents: 10_000_000,
  name: 200,
  company: 200,
  address: 500,
  notes: 10_000,
  declineReason: 1_000,
} as const;

export const QUOTE_MESSAGES = {
  description: "Describe the line",
  descriptionLong: `Keep a line's description under ${QUOTE_LIMITS.description} characters`,
  quantity: "Quantity must be more than 0, with at most 2 decimals",
  quantityBig: `Quantity can be at most ${QUOTE_LIMITS.quantity.toLocaleString("en-IE")}`,
  unit: `Unit must be one of ${QUOTE_UNITS.join(", ")}`,
  unitPriceCents: "Unit price must be a whole number of cents, 0 or more",
  unitPriceBig: "Unit price can be at most €100,000",
  vatRate: "VAT rate must be 13.5, 23 or 0",
  flag: "Send true or false",
  lines: "Add at least one line before sending the quote",
  linesMany: `A quote can have at most ${QUOTE_LIMITS.lines} lines`,
  vatMode: 'VAT must be "standard" or "reverse-charge"',
  validUntil: "Enter the date the quote is valid until (YYYY-MM-DD)",
  depositPercent: "Deposit must be a percentage from 0 to 100",
  depositDiffers: "The deposit differs from the payment schedule's: send one, or the same in both",
  notesLong: `Keep the notes under ${QUOTE_LIMITS.notes.toLocaleString("en-IE")} characters`,
  name: "Enter the client's name",
  nameLong: `Keep the name under ${QUOTE_LIMITS.name} characters`,
  companyLong: `Keep the company under ${QUOTE_LIMITS.company} characters`,
  email: "Enter the client's e-mail address",
  addressLong: `Keep the address under ${QUOTE_LIMITS.address} characters`,
  body: "Send the quote as a JSON object.",
} as const;

const hasTwoDecimalsAtMost = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const text = (max: number, long: string) => z.string({ error: long }).check(z.trim(), z.maxLength(max, long));

export const QuoteLineSchema = z.object({
  id: z.optional(z.string().check(z.maxLength(40))),
  description: z
    .string({ error: QUOTE_MESSAGES.description })
    .check(
      z.trim(),
      z.minLength(1, QUOTE_MESSAGES.description),
      z.maxLength(QUOTE_LIMITS.description, QUOTE_MESSAGES.descriptionLong),
    ),
  quantity: z
    .number({ error: QUOTE_MESSAGES.quantity })
    .check(
      z.positive(QUOTE_MESSAGES.quantity),
      z.maximum(QUOTE_LIMITS.quantity, QUOTE_MESSAGES.quantityBig),
      z.refine(hasTwoDecimalsAtMost, QUOTE_MESSAGES.quantity),
    ),
  unit: z.enum(QUOTE_UNITS, { error: QUOTE_MESSAGES.unit }),
  unitPriceCents: z
    .number({ error: QUOTE_MESSAGES.unitPriceCents })
    .check(
      z.int({ error: QUOTE_MESSAGES.unitPriceCents }),
      z.minimum(0, QUOTE_MESSAGES.unitPriceCents),
      z.maximum(QUOTE_LIMITS.unitPriceCents, QUOTE_MESSAGES.unitPriceBig),
    ),
  vatRate: z.union([z.literal(13.5), z.literal(23), z.literal(0)], { error: QUOTE_MESSAGES.vatRate }),
  optional: z._default(z.boolean({ error: QUOTE_MESSAGES.flag }), false),
  selected: z._default(z.boolean({ error: QUOTE_MESSAGES.flag }), true),
  goods: z._default(z.boolean({ error: QUOTE_MESSAGES.flag }), false),
});

export const QuoteClientSchema = z.object({
  name: z
    .string({ error: QUOTE_MESSAGES.name })
    .check(z.trim(), z.minLength(1, QUOTE_MESSAGES.name), z.maxLength(QUOTE_LIMITS.name, QUOTE_MESSAGES.nameLong)),
  company: z._default(text(QUOTE_LIMITS.company, QUOTE_MESSAGES.companyLong), ""),
  email: z.string({ error: QUOTE_MESSAGES.email }).check(z.trim(), z.email(QUOTE_MESSAGES.email), z.maxLength(254)),
  address: z._default(text(QUOTE_LIMITS.address, QUOTE_MESSAGES.addressLong), ""),
});

/** A whole quote as staff edit it (PUT, and create once the lead's defaults are filled in). */
export const QuoteInputSchema = z.object({
  client: QuoteClientSchema,
  lines: z
    .array(QuoteLineSchema, { error: QUOTE_MESSAGES.lines })
    // A draft may have no lines yet (a lead without an estimate); sending needs at least one.
    .check(z.maxLength(QUOTE_LIMITS.lines, QUOTE_MESSAGES.linesMany)),
  vatMode: z._default(z.enum(VAT_MODES, { error: QUOTE_MESSAGES.vatMode }), "standard"),
  validUntil: z.string({ error: QUOTE_MESSAGES.validUntil }).check(z.refine(isCalendarDay, QUOTE_MESSAGES.validUntil)),
  depositPercent: z._default(
    z
      .number({ error: QUOTE_MESSAGES.depositPercent })
      .check(
        z.minimum(0, QUOTE_MESSAGES.depositPercent),
        z.maximum(100, QUOTE_MESSAGES.depositPercent),
        z.refine(hasTwoDecimalsAtMost, QUOTE_MESSAGES.depositPercent),
      ),
    0,
  ),
  // Absent: the deposit, the rest on completion (defaultPaymentSchedule).
  payments: z.optional(PaymentScheduleSchema),
  notes: z._default(text(QUOTE_LIMITS.notes, QUOTE_MESSAGES.notesLong), ""),
});

export type QuoteErrors = FieldErrors;

/** The first message per field, keyed by its full path: { "lines.2.vatRate": "VAT rate must be…" }. */
export function quoteErrorsOf(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The quote's fields checked: the one `Validated` shape every form and API shares, keyed by path. */
export function validateQuoteInput(raw: unknown): Validated<QuoteInput, string> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, errors: { body: QUOTE_MESSAGES.body } };
  const parsed = QuoteInputSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: quoteErrorsOf(parsed.error) };
  const data = parsed.data;
  // One writer of the deposit: the schedule's. A top-level depositPercent is the schedule's
  // shorthand; sent with a schedule, it must say the same.
  if (
    data.payments &&
    (raw as { depositPercent?: unknown }).depositPercent !== undefined &&
    basisPoints(data.depositPercent) !== basisPoints(data.payments.depositPercent)
  )
    return { ok: false, errors: { depositPercent: QUOTE_MESSAGES.depositDiffers } };
  const payments = data.payments ?? defaultPaymentSchedule(data.depositPercent);
  // A line that is not optional always counts: its `selected` is true whatever was sent.
  return {
    ok: true,
    data: {
      ...data,
      depositPercent: payments.depositPercent,
      payments,
      lines: data.lines.map((l) => (l.optional ? l : { ...l, selected: true })),
    },
  };
}
