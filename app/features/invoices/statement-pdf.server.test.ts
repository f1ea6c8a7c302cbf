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

  it("dates every row in the long Irish form, as the other PDFs do, each on one line with its row", async () => {
    const lines = (await layoutText()).split("\n");
    const rowOf = (details: string) => lines.find((l) => l.includes(details))?.trim();
    // A wrapped date would leave "2026" on a line of its own, away from the row.
    expect(rowOf("Invoice INV-2026-0041")).toMatch(/^30 September 2026 +Invoice INV-2026-0041 +€12,345\.50/);
    expect(rowOf("ref. EFT 1101")).toMatch(/^1 November 2026 +Payment by bank transfer, ref\. EFT 1101/);
    const text = lines.join(" ").replace(/\s+/g, " ");
    expect(text).toContain("(invoice due by 15 December 2026)");
    expect(text).toContain("Statement of account at 28 November 2026");
    expect(text).not.toMatch(/\b(Sep|Nov|Dec) 2026/);
  });
});
