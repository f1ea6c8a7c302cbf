import * as z from "zod/mini";
import { PAYMENT_METHODS } from "~/db/column-types";
import { cleanedString, maxChars } from "~/forms/schema-fields";
import { dublinDay, isCalendarDay } from "~/features/time/dublin-time";
import { RCT_RATES } from "./invoice-maths";

// A payment staff record against an invoice (POST /api/admin/invoices/:id/payments, issue 38): one
// schema for the admin's form (instant errors) and the API (the final word). Browser-safe.

/** The largest single payment: €10 million (a typo's extra zeros are caught, no real job is near it). */
export const MAX_PAYMENT_CENTS = 1_000_000_000;

export const PAYMENT_MESSAGES = {
  body: "Send the payment as a JSON object.",
  paidOn: "Enter the day the money arrived as YYYY-MM-DD",
  paidOnFuture: "The day the money arrived cannot be after today",
  amountCents: "Enter the amount received in cents, a whole number from 1 (e.g. 150000 for €1,500.00)",
  amountTooLarge: `A single payment can be at most ${(MAX_PAYMENT_CENTS / 100).toLocaleString("en-IE")} euro`,
  method: `Choose how it was paid: ${PAYMENT_METHODS.join(", ")}`,
  reference: "Enter the reference as text (the bank's reference, the cheque number), or leave it empty",
  rctRate: `RCT withheld must be one of ${RCT_RATES.join(", ")} (percent), or left out`,
} as const;

/** Money that has not arrived yet is not a payment: the day is today or before, in Ireland. */
const notAfterToday = (day: string) => day <= dublinDay(new Date());

export const PaymentSchema = z.object({
  paidOn: z
    .string({ error: PAYMENT_MESSAGES.paidOn })
    .check(
      z.refine(isCalendarDay, { error: PAYMENT_MESSAGES.paidOn, abort: true }),
      z.refine(notAfterToday, PAYMENT_MESSAGES.paidOnFuture),
    ),
  amountCents: z
    .number({ error: PAYMENT_MESSAGES.amountCents })
    .check(
      z.int(PAYMENT_MESSAGES.amountCents),
      z.positive(PAYMENT_MESSAGES.amountCents),
      z.lte(MAX_PAYMENT_CENTS, PAYMENT_MESSAGES.amountTooLarge),
    ),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }),
  reference: z._default(
    z.pipe(cleanedString(PAYMENT_MESSAGES.reference), z.string().check(maxChars(140, "The reference"))),
    "",
  ),
  rctRate: z.optional(
    z.nullable(
      z.union(
        RCT_RATES.map((rate) => z.literal(rate)),
        { error: PAYMENT_MESSAGES.rctRate },
      ),
    ),
  ),
});

export type PaymentInput = z.infer<typeof PaymentSchema>;

/** "1,500.00", "€1500" or "1500.5" (euro, as staff type it) → cents; NaN when it is not an amount. */
export function centsFromEuro(text: string): number {
  const clean = text.replace(/[€,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole = "0", fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
