import * as z from "zod/mini";
import type { Validated } from "~/forms/field-errors";
import { QuoteLineSchema, quoteErrorsOf } from "~/features/quotes/quote-schema";
import { isCalendarDay } from "~/features/time/dublin-time";
import type { InvoiceLine } from "~/db/column-types";

// What staff send to raise, change, issue and credit invoices (issue 38): one schema per form, used
// by the admin's dialogs for instant errors and by the API (features/admin/invoices), which
// re-checks with it. Errors are keyed by the full path ("lines.2.vatRate") so the API names the
// exact field, as the quote editor's are.

export const INVOICE_LIMITS = { lines: 100, reason: 500, notes: 2_000 } as const;

export const INVOICE_MESSAGES = {
  body: "Send the invoice as a JSON object.",
  kind: 'Kind must be one of "deposit", "stage", "final", "retention" or "custom"',
  stage: "Choose the stage to bill (stage: its number in the schedule, counting from 0)",
  release: 'Release must be "completion" or "defects"',
  lines: "Add at least one line to the invoice",
  linesMany: `An invoice can have at most ${INVOICE_LIMITS.lines} lines`,
  creditLines: "Send the lines to credit as a list, or leave them out to credit the whole invoice",
  supplyDate: "Enter the date of supply as YYYY-MM-DD",
  reason: "Say why the invoice is credited (it is printed on the credit note)",
  reasonLong: `Keep the reason under ${INVOICE_LIMITS.reason} characters`,
} as const;

/** A line as on quotes (description, quantity, unit, unit price before VAT, VAT rate), nothing the client chooses. */
export const InvoiceLineSchema = z.pick(QuoteLineSchema, {
  description: true,
  quantity: true,
  unit: true,
  unitPriceCents: true,
  vatRate: true,
});

const lineList = (message: string) =>
  z
    .array(InvoiceLineSchema, { error: message })
    .check(z.minLength(1, message), z.maxLength(INVOICE_LIMITS.lines, INVOICE_MESSAGES.linesMany));

const supplyDate = z
  .string({ error: INVOICE_MESSAGES.supplyDate })
  .check(z.trim(), z.refine(isCalendarDay, INVOICE_MESSAGES.supplyDate));

/** POST /api/admin/jobs/:id/invoices: a schedule invoice by kind, or a custom one with its lines. */
export const NewInvoiceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("deposit") }),
    z.object({
      kind: z.literal("stage"),
      stage: z.int({ error: INVOICE_MESSAGES.stage }).check(z.gte(0, INVOICE_MESSAGES.stage)),
    }),
    z.object({ kind: z.literal("final") }),
    z.object({
      kind: z.literal("retention"),
      /** Which half; absent: worked out from the job's completion and defects dates. */
      release: z.optional(z.enum(["completion", "defects"], { error: INVOICE_MESSAGES.release })),
    }),
    z.object({ kind: z.literal("custom"), lines: lineList(INVOICE_MESSAGES.lines) }),
  ],
  { error: INVOICE_MESSAGES.kind },
);
export type NewInvoiceInput = z.infer<typeof NewInvoiceSchema>;

/** PUT /api/admin/invoices/:id (a draft): its lines (a custom invoice's only) and date of supply. */
export const InvoiceDraftChangeSchema = z.object({
  lines: z.optional(lineList(INVOICE_MESSAGES.lines)),
  supplyDate: z.optional(z.nullable(supplyDate)),
});
export type InvoiceDraftChange = z.infer<typeof InvoiceDraftChangeSchema>;

/** POST /api/admin/invoices/:id/issue: the date of supply when it is not the issue date. */
export const IssueInvoiceSchema = z.object({ supplyDate: z.optional(supplyDate) });
export type IssueInvoiceInput = z.infer<typeof IssueInvoiceSchema>;

/** POST /api/admin/invoices/:id/credit-note: why, and the lines to take back (none: the whole invoice). */
export const CreditNoteSchema = z.object({
  reason: z
    .string({ error: INVOICE_MESSAGES.reason })
    .check(
      z.trim(),
      z.minLength(1, INVOICE_MESSAGES.reason),
      z.maxLength(INVOICE_LIMITS.reason, INVOICE_MESSAGES.reasonLong),
    ),
  lines: z.optional(lineList(INVOICE_MESSAGES.creditLines)),
});
export type CreditNoteInput = z.infer<typeof CreditNoteSchema>;

export type InvoiceErrors = Record<string, string>;

/** Parses a request body with one of the schemas: the data, or the first message per field path. */
export function validateInvoiceInput<T>(schema: z.ZodMiniType<T>, raw: unknown): Validated<T, string> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, errors: { body: INVOICE_MESSAGES.body } };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: quoteErrorsOf(parsed.error) };
}

/** The lines as stored: exactly the invoice line's fields. */
export const invoiceLinesOf = (lines: ReadonlyArray<InvoiceLine>): InvoiceLine[] =>
  lines.map(({ description, quantity, unit, unitPriceCents, vatRate }) => ({
    description,
    quantity,
    unit,
    unitPriceCents,
    vatRate,
  }));
