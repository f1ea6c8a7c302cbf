import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultBusiness } from "~/config";
import { lineNetCents } from "~/features/quotes/quote-totals";
import { REVERSE_CHARGE_NOTE } from "~/features/quotes/quote-types";
import { TEST_BUYER, TEST_PRINCIPAL, TEST_SELLER, testDocuments } from "../../../tests/support/invoice-fixture";
import type { BillingDocument } from "./invoice-maths";
import { renderInvoicePdf, type PdfInvoice } from "./invoice-pdf.server";

// The invoice PDF carries what section 66 of the VAT Act asks (issue 38): read back with
// pdftotext (in its layout mode, so a total reads on one line with its label), as an accountant's software or a Revenue auditor would read it, for a standard, a
// mixed-rate (with retention held), a reverse-charge and a credit-note document.

const bank = { accountName: "IC Interiors Ltd", iban: "IE29AIBK93115212345678", bic: "AIBKIE2D" };
const docs = testDocuments();

function pdfInvoice(doc: BillingDocument, number: string, over: Partial<PdfInvoice> = {}): PdfInvoice {
  return {
    kind: doc.kind,
    status: "issued",
    number,
    issuedOn: "2026-11-20",
    supplyDate: "2026-11-18",
    dueOn: doc.kind === "credit-note" ? null : "2026-12-20",
    lines: doc.lines,
    totals: doc.totals,
    reverseCharge: doc.vatMode === "reverse-charge",
    seller: TEST_SELLER,
    buyer: TEST_BUYER,
    jobNumber: "J-2026-0007",
    credits: null,
    reason: "",
    bank: doc.kind === "credit-note" ? null : bank,
    ...over,
  };
}

const euro = (cents: number) =>
  `€${Math.floor(cents / 100).toLocaleString("en-IE")}.${String(cents % 100).padStart(2, "0")}`;

const read = (pdf: Buffer, args: string[]) =>
  execFileSync("pdftotext", [...args, "-", "-"], { input: pdf })
    .toString("utf8")
    .replace(/\s+/g, " ");

/** Layout mode (a total on one line with its label); wrapped descriptions are read in reading order into `flow`. */
async function textOf(invoice: PdfInvoice): Promise<string> {
  const pdf = await renderInvoicePdf(invoice, { ...defaultBusiness, vatNumber: TEST_SELLER.vatNumber });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  flow[invoice.number] = read(pdf, []);
  return read(pdf, ["-layout"]);
}

const texts: Record<string, string> = {};
const flow: Record<string, string> = {};
beforeAll(async () => {
  texts.standard = await textOf(pdfInvoice(docs.standard, "INV-2026-0001"));
  texts.mixed = await textOf(pdfInvoice(docs.mixedStage, "INV-2026-0002"));
  texts.reverse = await textOf(pdfInvoice(docs.reverse, "INV-2026-0003", { buyer: TEST_PRINCIPAL }));
  texts.credit = await textOf(
    pdfInvoice(docs.credit, "CN-2026-0001", {
      credits: { number: "INV-2026-0001", issuedOn: "2026-11-20" },
      reason: "Out-of-hours labour not needed",
    }),
  );
});

describe("every invoice PDF (section 66)", () => {
  it.each(["standard", "mixed", "reverse", "credit"])("%s: the seller's name, address and VAT number", (name) => {
    const text = texts[name]!;
    expect(text).toContain(TEST_SELLER.name);
    for (const line of TEST_SELLER.address) expect(text).toContain(line);
    expect(text).toContain(TEST_SELLER.eircode);
    // Typed "IE 6388047V" in Settings; printed compact, as Revenue and the e-invoice write it.
    expect(text).toContain("VAT number: IE6388047V");
  });

  it.each(["standard", "mixed", "credit"])(
    "%s: the client's name and address, no VAT number outside the reverse charge",
    (name) => {
      const text = texts[name]!;
      expect(text).toContain(TEST_BUYER.name.replace("&", "&"));
      for (const line of TEST_BUYER.address) expect(text).toContain(line);
      expect(text).not.toContain("9876543W");
    },
  );

  it.each([
    ["standard", "Invoice number: INV-2026-0001"],
    ["mixed", "Invoice number: INV-2026-0002"],
    ["reverse", "Invoice number: INV-2026-0003"],
    ["credit", "Credit note number: CN-2026-0001"],
  ])("%s: number, issue date and date of supply in Irish form", (name, number) => {
    const text = texts[name]!;
    expect(text).toContain(number);
    expect(text).toContain("Date of issue: 20 November 2026");
    expect(text).toContain("Date of supply: 18 November 2026");
  });

  it.each([
    ["standard", "INV-2026-0001", docs.standard],
    ["mixed", "INV-2026-0002", docs.mixedStage],
    ["reverse", "INV-2026-0003", docs.reverse],
    ["credit", "CN-2026-0001", docs.credit],
  ] as const)("%s: each line's description, quantity, unit price before VAT, rate and net", (name, number, doc) => {
    const text = texts[name]!;
    expect(text).toContain("Unit price ex VAT");
    for (const line of doc.lines) {
      expect(flow[number]).toContain(line.description);
      expect(text).toContain(euro(line.unitPriceCents));
      expect(text).toContain(euro(lineNetCents(line)));
      expect(text).toContain(String(line.quantity));
      expect(text).toContain(name === "reverse" ? "RC" : `${line.vatRate}%`);
    }
  });
});

describe("the standard and mixed-rate invoices", () => {
  it("show VAT by rate and the totals, in euro with Irish separators", () => {
    const s = docs.standard.totals;
    expect(texts.standard).toContain(`Net total ${euro(s.netCents)}`);
    expect(texts.standard).toContain(`VAT at 13.5% on ${euro(s.netCents)} ${euro(s.vatCents)}`);
    expect(texts.standard).toContain(`Total including VAT ${euro(s.grossCents)}`);
    expect(s.grossCents).toBeGreaterThan(100_000); // so "€1,…" shows the thousands separator
    expect(texts.standard).toMatch(/€1,\d{3}\.\d{2}/);

    const m = docs.mixedStage.totals;
    expect(m.vat.map((v) => v.rate)).toEqual([13.5, 23]);
    for (const v of m.vat)
      expect(texts.mixed).toContain(`VAT at ${v.rate}% on ${euro(v.netCents)} ${euro(v.vatCents)}`);
    expect(texts.mixed).toContain(`VAT total ${euro(m.vatCents)}`);
    expect(texts.mixed).toContain(`Total including VAT ${euro(m.grossCents)}`);
  });

  it("show the retention held back from a stage", () => {
    const m = docs.mixedStage.totals;
    expect(m.retentionCents).toBeGreaterThan(0);
    expect(texts.mixed).toContain(`Less retention held -${euro(m.retentionCents)}`);
    expect(texts.mixed).toContain(`Retention held: ${euro(m.retentionCents)}`);
    expect(texts.standard).not.toContain("retention");
  });

  it("say how to pay: account name, IBAN in fours, BIC, the number as reference, the due date", () => {
    for (const [text, number] of [
      [texts.standard!, "INV-2026-0001"],
      [texts.mixed!, "INV-2026-0002"],
    ]) {
      expect(text).toContain("HOW TO PAY");
      expect(text).toContain("Bank transfer to IC Interiors Ltd");
      expect(text).toContain("IBAN: IE29 AIBK 9311 5212 3456 78");
      expect(text).toContain("BIC: AIBKIE2D");
      expect(text).toContain(`Payment reference: ${number}`);
      expect(text).toContain("Due date: 20 December 2026");
    }
  });
});

describe("the reverse-charge invoice", () => {
  it("charges no VAT, names the principal's VAT number and says who accounts for the VAT", () => {
    const text = texts.reverse!;
    expect(text).toContain(TEST_PRINCIPAL.name);
    expect(text).toContain("VAT number: IE6433435F");
    expect(text).toContain(REVERSE_CHARGE_NOTE);
    expect(text).toContain("VAT (reverse charge) €0.00");
    expect(text).not.toMatch(/VAT at \d/);
    expect(text).toContain(`Total (no VAT charged) ${euro(docs.reverse.totals.grossCents)}`);
    expect(docs.reverse.totals.grossCents).toBe(docs.reverse.totals.netCents);
  });
});

describe("the credit note", () => {
  it("says it is a credit note, names the invoice it credits and the reason, and asks for no payment", () => {
    const text = texts.credit!;
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("Credit note against invoice INV-2026-0001 of 20 November 2026");
    expect(text).toContain("Reason: Out-of-hours labour not needed");
    expect(text).toContain(`Total credited ${euro(docs.credit.totals.grossCents)}`);
    expect(text).not.toContain("HOW TO PAY");
    expect(text).not.toContain("Due date");
  });
});
