import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import type { PaymentSchedule } from "~/features/quotes/payment-schedule";
import type { QuoteLine, VatMode } from "~/features/quotes/quote-types";
import { validateEn16931, type FailedAssert } from "../../../tests/support/en16931/validate";
import {
  creditNote,
  customInvoice,
  depositInvoice,
  retentionInvoice,
  stageInvoice,
  type AcceptedQuote,
  type BillingDocument,
} from "./invoice-maths";
import { buildUbl, CUSTOMIZATION_ID, PROFILE_ID, retentionOf, type EDocument, type EParty } from "./ubl.server";

const seller: EParty = {
  name: "IC Interiors Ltd",
  tradingName: "IC Interiors",
  address: { street: "Unit 4, Ballymount Road", city: "Dublin 12", postalCode: "D12 X5F8", country: "IE" },
  vatNumber: "IE 3456789LH",
  email: "info@icinteriors.ie",
  phone: "01 555 0192",
};
const buyer: EParty = {
  name: "Mulberry & Finch Retail Ltd",
  address: { street: "12 Grafton Street", city: "Dublin 2", postalCode: "D02 Y754", country: "IE" },
  email: "accounts@mulberry.ie",
};
const principal: EParty = { ...buyer, name: "Brennan Main Contractors Ltd", vatNumber: "IE 6388047V" };
const bank = { accountName: "IC Interiors Ltd", iban: "IE29 AIBK 9311 5212 3456 78", bic: "AIBKIE2D" };

const line = (over: Partial<QuoteLine>): QuoteLine => ({
  id: "a",
  description: "Suspended ceiling, 600 × 600 grid & tiles <fire-rated>",
  quantity: 120.5,
  unit: "m²",
  unitPriceCents: 42_35,
  vatRate: 13.5,
  optional: false,
  selected: true,
  goods: false,
  ...over,
});
const payments: PaymentSchedule = {
  depositPercent: 30,
  stages: [
    { label: "First fix", percent: 40 },
    { label: "On completion", percent: 30 },
  ],
  retentionPercent: 5,
  defectsMonths: 12,
};
const mixed = [
  line({}),
  line({
    id: "b",
    description: "Acoustic tiles (supply)",
    quantity: 40,
    unit: "each",
    unitPriceCents: 18_99,
    vatRate: 23,
  }),
  line({ id: "c", description: "Site survey", quantity: 1, unit: "item", unitPriceCents: 150_00, vatRate: 0 }),
];
const quote = (lines: QuoteLine[], vatMode: VatMode = "standard"): AcceptedQuote => ({
  number: "Q-2026-0042",
  lines,
  vatMode,
  payments,
});

function eDocument(doc: BillingDocument, number: string, over: Partial<EDocument> = {}): EDocument {
  return {
    kind: doc.kind === "credit-note" ? "credit-note" : "invoice",
    number,
    issuedOn: "2026-11-20",
    supplyDate: "2026-11-18",
    dueOn: doc.kind === "credit-note" ? undefined : "2026-12-20",
    buyerReference: "JOB-2026-0007",
    seller,
    buyer,
    bank,
    reverseCharge: doc.vatMode === "reverse-charge",
    lines: doc.lines,
    retention: retentionOf(doc),
    retentionPercent: payments.retentionPercent,
    totals: doc.totals,
    ...over,
  };
}

const standard = customInvoice(
  [
    {
      description: "Partition, 70 mm stud, 2 × 12.5 mm board",
      quantity: 18.25,
      unit: "m²",
      unitPriceCents: 55_00,
      vatRate: 13.5,
    },
    { description: "Labour, out of hours", quantity: 6, unit: "hour", unitPriceCents: 48_50, vatRate: 13.5 },
  ],
  "standard",
);
const deposit = depositInvoice(quote(mixed), [])!;
const reverse = quote([line({ quantity: 310.75 })], "reverse-charge");
const reverseDeposit = depositInvoice(reverse, [])!;
const reverseStage = stageInvoice(reverse, 0, [reverseDeposit])!;
const stage = stageInvoice(quote(mixed), 0, [deposit])!;
const release = retentionInvoice(quote(mixed), "completion", [deposit, stage])!;
const wholeCredit = creditNote(stage, []);
const partCredit = creditNote(
  deposit,
  [],
  [{ description: "Survey not needed", quantity: 1, unit: "item", unitPriceCents: 45_00, vatRate: 0 }],
);
if (!wholeCredit.ok || !partCredit.ok) throw new Error("credit refused");

const documents: Record<string, string> = {
  standard: buildUbl(eDocument(standard, "INV-2026-0001")),
  "mixed-rate": buildUbl(eDocument(deposit, "INV-2026-0002")),
  "reverse-charge": buildUbl(eDocument(reverseStage, "INV-2026-0003", { buyer: principal, prepaidCents: 0 })),
  retention: buildUbl(eDocument(stage, "INV-2026-0004")),
  "retention-release": buildUbl(eDocument(release, "INV-2026-0005")),
  "credit-note": buildUbl(
    eDocument(wholeCredit.creditNote, "CN-2026-0001", {
      creditedInvoice: { number: "INV-2026-0004", issuedOn: "2026-11-20" },
      reason: "Stage invoiced before the work was signed off",
      bank: undefined,
    }),
  ),
  "part-credit-note": buildUbl(
    eDocument(partCredit.creditNote, "CN-2026-0002", {
      creditedInvoice: { number: "INV-2026-0002", issuedOn: "2026-11-20" },
      reason: "Survey not needed",
    }),
  ),
  // Negative control: the VAT total no longer matches its breakdown, which the schematron must catch.
  tampered: buildUbl(eDocument(standard, "INV-2026-0099")).replace(
    /<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">([\d.]+)</,
    '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">9999.99<',
  ),
};

const fatal = (failed: FailedAssert[]) => failed.filter((f) => f.flag === "fatal");

describe("UBL e-invoices (EN 16931, Peppol BIS Billing 3.0)", () => {
  let results: ReturnType<typeof validateEn16931>;
  beforeAll(() => {
    results = validateEn16931(documents);
  }, 180_000);

  it.each(Object.keys(documents).filter((n) => n !== "tampered"))(
    "%s: well-formed and no fatal failed assertion in the official schematron",
    (name) => {
      const lint = spawnSync("xmllint", ["--noout", "-"], { input: documents[name], encoding: "utf8" });
      expect(lint.stderr).toBe("");
      expect(lint.status).toBe(0);
      expect(results[name]!.svrl).toContain("svrl:schematron-output");
      expect(fatal(results[name]!.failed)).toEqual([]);
    },
  );

  it("the schematron catches a VAT total that does not match its breakdown", () => {
    expect(fatal(results.tampered!.failed).map((f) => f.id)).toContain("BR-CO-14");
  });

  it("declares the customisation and profile, and carries what section 66 asks", () => {
    const xml = documents.standard!;
    expect(xml).toContain(`<cbc:CustomizationID>${CUSTOMIZATION_ID}</cbc:CustomizationID>`);
    expect(xml).toContain(`<cbc:ProfileID>${PROFILE_ID}</cbc:ProfileID>`);
    expect(xml).toContain("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>");
    expect(xml).toContain("<cbc:CompanyID>IE3456789LH</cbc:CompanyID>");
    expect(xml).toContain("<cbc:RegistrationName>Mulberry &amp; Finch Retail Ltd</cbc:RegistrationName>");
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="MTK">18.25</cbc:InvoicedQuantity>');
    expect(xml).toContain("<cbc:ID>IE29AIBK93115212345678</cbc:ID>");
    expect(xml).toContain("<cbc:PaymentID>INV-2026-0001</cbc:PaymentID>");
    expect(documents["mixed-rate"]).toContain(
      "<cbc:Description>Deposit of 30% on quote Q-2026-0042 (items at 23% VAT)</cbc:Description>",
    );
    expect(documents["mixed-rate"]).toMatch(/<cbc:ID>S<\/cbc:ID><cbc:Percent>13.5<\/cbc:Percent>/);
    expect(documents["mixed-rate"]).toMatch(/<cbc:ID>S<\/cbc:ID><cbc:Percent>23<\/cbc:Percent>/);
    expect(documents["mixed-rate"]).toMatch(/<cbc:ID>Z<\/cbc:ID><cbc:Percent>0<\/cbc:Percent>/);
  });

  it("under the reverse charge: category AE, no VAT, the principal's VAT number and the words section 66 asks", () => {
    const xml = documents["reverse-charge"]!;
    expect(xml).toContain(
      "<cbc:TaxExemptionReason>VAT on this supply to be accounted for by the principal contractor</cbc:TaxExemptionReason>",
    );
    expect(xml).toContain('<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>');
    expect(xml).toContain("<cbc:CompanyID>IE6388047V</cbc:CompanyID>");
    expect(xml).not.toMatch(/<cbc:ID>S<\/cbc:ID>/);
  });

  it("shows retention as an allowance and a credit note as a CreditNote referring to its invoice", () => {
    expect(documents.retention).toMatch(
      /<cac:AllowanceCharge><cbc:ChargeIndicator>false<\/cbc:ChargeIndicator><cbc:AllowanceChargeReason>Retention \(5%\)/,
    );
    expect(documents.retention).toContain(`<cbc:AllowanceTotalAmount currencyID="EUR">`);
    const cn = documents["credit-note"]!;
    expect(cn).toMatch(/^<\?xml[^>]*>\n<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(cn).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect(cn).toContain("<cac:InvoiceDocumentReference><cbc:ID>INV-2026-0004</cbc:ID>");
    expect(cn).toContain("<cac:CreditNoteLine>");
    expect(cn).not.toMatch(/currencyID="EUR">-/);
  });
});
