import { describe, expect, it } from "vitest";
import {
  CreditNoteSchema,
  INVOICE_MESSAGES,
  InvoiceDraftChangeSchema,
  IssueInvoiceSchema,
  NewInvoiceSchema,
  validateInvoiceInput,
} from "./invoice-schema";

// What staff send to raise, change, issue and credit invoices (issue 38): the data kept, and each
// refusal keyed by the exact field path the API answers in fieldErrors.

const line = {
  description: "Partition, 70 mm stud",
  quantity: 18.25,
  unit: "m²",
  unitPriceCents: 55_00,
  vatRate: 13.5,
};

describe("a new invoice", () => {
  it("takes each schedule kind, and a custom one with lines as on quotes (nothing the client chooses kept)", () => {
    expect(validateInvoiceInput(NewInvoiceSchema, { kind: "deposit" })).toEqual({
      ok: true,
      data: { kind: "deposit" },
    });
    expect(validateInvoiceInput(NewInvoiceSchema, { kind: "stage", stage: 1 })).toEqual({
      ok: true,
      data: { kind: "stage", stage: 1 },
    });
    expect(validateInvoiceInput(NewInvoiceSchema, { kind: "retention", release: "defects" })).toEqual({
      ok: true,
      data: { kind: "retention", release: "defects" },
    });
    expect(
      validateInvoiceInput(NewInvoiceSchema, {
        kind: "custom",
        lines: [{ ...line, description: "  Partition  ", optional: true, selected: false }],
      }),
    ).toEqual({ ok: true, data: { kind: "custom", lines: [{ ...line, description: "Partition" }] } });
  });

  it("names the field that is wrong", () => {
    const errors = (raw: unknown) => {
      const r = validateInvoiceInput(NewInvoiceSchema, raw);
      return r.ok ? null : r.errors;
    };
    expect(errors({})).toEqual({ kind: INVOICE_MESSAGES.kind });
    expect(errors({ kind: "interim" })).toEqual({ kind: INVOICE_MESSAGES.kind });
    expect(errors({ kind: "stage" })).toEqual({ stage: INVOICE_MESSAGES.stage });
    expect(errors({ kind: "stage", stage: -1 })).toEqual({ stage: INVOICE_MESSAGES.stage });
    expect(errors({ kind: "stage", stage: 1.5 })).toEqual({ stage: INVOICE_MESSAGES.stage });
    expect(errors({ kind: "retention", release: "half" })).toEqual({ release: INVOICE_MESSAGES.release });
    expect(errors({ kind: "custom" })).toEqual({ lines: INVOICE_MESSAGES.lines });
    expect(errors({ kind: "custom", lines: [] })).toEqual({ lines: INVOICE_MESSAGES.lines });
    expect(
      errors({
        kind: "custom",
        lines: [
          { ...line, vatRate: 9 },
          { ...line, quantity: 0, unitPriceCents: 1.5 },
        ],
      }),
    ).toEqual({
      "lines.0.vatRate": "VAT rate must be 13.5, 23 or 0",
      "lines.1.quantity": "Quantity must be more than 0, with at most 2 decimals",
      "lines.1.unitPriceCents": "Unit price must be a whole number of cents, 0 or more",
    });
    expect(errors({ kind: "custom", lines: Array(101).fill(line) })).toEqual({ lines: INVOICE_MESSAGES.linesMany });
    expect(errors([{ kind: "deposit" }])).toEqual({ body: INVOICE_MESSAGES.body });
    expect(errors(null)).toEqual({ body: INVOICE_MESSAGES.body });
  });
});

describe("changing, issuing and crediting", () => {
  it("a draft's change: lines and a real date of supply, or null to clear it", () => {
    expect(validateInvoiceInput(InvoiceDraftChangeSchema, { supplyDate: null })).toEqual({
      ok: true,
      data: { supplyDate: null },
    });
    expect(validateInvoiceInput(InvoiceDraftChangeSchema, { supplyDate: "2026-02-29" })).toEqual({
      ok: false,
      errors: { supplyDate: INVOICE_MESSAGES.supplyDate },
    });
    expect(validateInvoiceInput(IssueInvoiceSchema, {})).toEqual({ ok: true, data: {} });
    expect(validateInvoiceInput(IssueInvoiceSchema, { supplyDate: "28/11/2026" })).toEqual({
      ok: false,
      errors: { supplyDate: INVOICE_MESSAGES.supplyDate },
    });
  });

  it("a credit note needs its reason; its lines are optional", () => {
    expect(validateInvoiceInput(CreditNoteSchema, { reason: "  Job cancelled " })).toEqual({
      ok: true,
      data: { reason: "Job cancelled" },
    });
    expect(validateInvoiceInput(CreditNoteSchema, { reason: " " })).toEqual({
      ok: false,
      errors: { reason: INVOICE_MESSAGES.reason },
    });
    expect(validateInvoiceInput(CreditNoteSchema, { reason: "x".repeat(501) })).toEqual({
      ok: false,
      errors: { reason: INVOICE_MESSAGES.reasonLong },
    });
    expect(validateInvoiceInput(CreditNoteSchema, { reason: "Less", lines: [] })).toEqual({
      ok: false,
      errors: { lines: INVOICE_MESSAGES.creditLines },
    });
  });
});
