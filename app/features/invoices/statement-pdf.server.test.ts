import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { renderStatementPdf } from "./statement-pdf.server";
import type { PdfStatement } from "./statement-types";

// The client's statement PDF read back with pdftotext (layout mode: each row on one line, as an
// accountant's software reads it), as the invoice PDF's test does.

const statement: PdfStatement = {
  asOf: "2026-11-28",
  client: { id: 7, name: "Aoife Byrne", company: "Byrne Retail Ltd" },
  entries: [
    {
      date: "2026-09-30",
      kind: "invoice",
      invoiceId: 1,
      details: "Invoice INV-2026-0041",
      chargeCents: 1_234_550,
      creditCents: 0,
      balanceCents: 1_234_550,
      issueInvoiceBy: null,
    },
    {
      date: "2026-11-01",
      kind: "payment",
      invoiceId: 2,
      details: "Payment by bank transfer, ref. EFT 1101",
      chargeCents: 0,
      creditCents: 500_000,
      balanceCents: 734_550,
      issueInvoiceBy: "2026-12-15",
    },
  ],
  invoicedCents: 1_234_550,
  creditedCents: 0,
  paidCents: 500_000,
  rctCents: 0,
  balanceCents: 734_550,
};

async function layoutText(business = defaultBusiness): Promise<string> {
  const pdf = await renderStatementPdf(statement, business);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8");
}

describe("the statement PDF", () => {
  it("prints the business's VAT number compact, as the invoices do, however it was typed", async () => {
    const text = await layoutText({ ...defaultBusiness, vatNumber: "IE 6388047V" });
    expect(text).toContain("VAT number: IE6388047V");
  });
});
