// An invoice or credit note as a UBL 2.1 e-invoice conforming to EN 16931, in the Peppol BIS
// Billing 3.0 customisation (issue 38, item 6): what an Irish public body, and from November 2028
// any Irish business, can take in. Built from a plain document (no database), so the invoices API,
// the e-mail and the client's page all send the same XML. The tests run the official EN 16931 UBL
// schematron over it (tests/support/en16931/).
import { compactVatNumber } from "~/features/clients/irish-codes";
import { lineNetCents } from "~/features/quotes/quote-totals";
import { REVERSE_CHARGE_NOTE, type QuoteUnit, type VatRate } from "~/features/quotes/quote-types";
import type { BillingDocument, InvoiceLine, InvoiceTotals } from "./invoice-maths";

export const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

export type EPostalAddress = {
  street: string;
  additionalStreet?: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, e.g. "IE". */
  country: string;
};

export type EParty = {
  /** The registered (legal) name. */
  name: string;
  /** The trading name, when it differs. */
  tradingName?: string;
  address: EPostalAddress;
  /** With its country prefix, e.g. "IE3456789LH" (spaces are dropped). The seller's always; the buyer's under the reverse charge. */
  vatNumber?: string;
  email?: string;
  phone?: string;
};

export type EBank = { accountName: string; iban: string; bic: string };

export type EDocument = {
  kind: "invoice" | "credit-note";
  /** "INV-2026-0001" or "CN-2026-0001". */
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  /** When the work (or the share of it billed) was supplied, YYYY-MM-DD. */
  supplyDate?: string;
  /** An invoice's payment date, YYYY-MM-DD. */
  dueOn?: string;
  /** The buyer's reference for the work: the job or quote number. */
  buyerReference: string;
  /** A credit note's invoice. */
  creditedInvoice?: { number: string; issuedOn: string };
  /** Why a credit note was issued. */
  reason?: string;
  seller: EParty;
  buyer: EParty;
  /** Where to pay (an invoice): a SEPA credit transfer to this account, quoting the document number. */
  bank?: EBank;
  reverseCharge: boolean;
  lines: ReadonlyArray<InvoiceLine>;
  /** Retention held back per VAT rate (excluding VAT): an allowance on the document. */
  retention: ReadonlyArray<{ rate: VatRate; netCents: number }>;
  retentionPercent?: number;
  /** The document's totals, as invoice-maths worked them out (positive, a credit note's too). */
  totals: InvoiceTotals;
  /** Already paid against it (an invoice), e.g. RCT withheld: taken off the amount due. */
  prepaidCents?: number;
};

/** A document's retention allowance per rate, from its parts (a credit note's, which are negative, read positive). */
export function retentionOf(doc: Pick<BillingDocument, "parts">): EDocument["retention"] {
  return doc.parts.filter((p) => p.heldCents !== 0).map((p) => ({ rate: p.rate, netCents: Math.abs(p.heldCents) }));
}

/** UN/ECE Recommendation 20 codes for the units quotes use. */
const UNIT_CODES: Record<QuoteUnit, string> = {
  "m²": "MTK",
  m: "MTR",
  each: "H87",
  hour: "HUR",
  day: "DAY",
  item: "C62",
};

const escapeXml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

/** 12345 → "123.45", -5 → "-0.05". */
export function amount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

type Node = string | false | null | undefined;
/** An element with text, or with children; left out when its text is empty or it has no children. */
function el(name: string, content: string | Node[] | undefined, attrs: Record<string, string> = {}): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  if (content === undefined) return "";
  if (typeof content === "string") return content === "" ? "" : `<${name}${a}>${escapeXml(content)}</${name}>`;
  const inner = content.filter((c): c is string => typeof c === "string" && c !== "").join("");
  return inner === "" ? "" : `<${name}${a}>${inner}</${name}>`;
}

const money = (name: string, cents: number) => el(name, amount(cents), { currencyID: "EUR" });

/** The VAT category of a rate: AE under the reverse charge, S at 13.5 and 23 %, Z at 0 %. */
function category(rate: VatRate, reverseCharge: boolean): { id: "AE" | "S" | "Z"; percent: number } {
  if (reverseCharge) return { id: "AE", percent: 0 };
  return rate === 0 ? { id: "Z", percent: 0 } : { id: "S", percent: rate };
}

const taxScheme = el("cac:TaxScheme", [el("cbc:ID", "VAT")]);

function taxCategory(tag: string, rate: VatRate, reverseCharge: boolean, withExemption: boolean): string {
  const c = category(rate, reverseCharge);
  return el(tag, [
    el("cbc:ID", c.id),
    el("cbc:Percent", String(c.percent)),
    withExemption && c.id === "AE" && el("cbc:TaxExemptionReasonCode", "VATEX-EU-AE"),
    withExemption && c.id === "AE" && el("cbc:TaxExemptionReason", REVERSE_CHARGE_NOTE),
    taxScheme,
  ]);
}

function party(p: EParty): string {
  const vat = p.vatNumber ? compactVatNumber(p.vatNumber) : "";
  const endpoint = vat
    ? el("cbc:EndpointID", vat, { schemeID: "9935" }) // 9935: an Irish VAT number (Peppol EAS)
    : p.email
      ? el("cbc:EndpointID", p.email, { schemeID: "EM" })
      : "";
  return el("cac:Party", [
    endpoint,
    p.tradingName && el("cac:PartyName", [el("cbc:Name", p.tradingName)]),
    el("cac:PostalAddress", [
      el("cbc:StreetName", p.address.street),
      el("cbc:AdditionalStreetName", p.address.additionalStreet ?? ""),
      el("cbc:CityName", p.address.city),
      el("cbc:PostalZone", p.address.postalCode),
      el("cac:Country", [el("cbc:IdentificationCode", p.address.country)]),
    ]),
    vat && el("cac:PartyTaxScheme", [el("cbc:CompanyID", vat), taxScheme]),
    el("cac:PartyLegalEntity", [el("cbc:RegistrationName", p.name)]),
    (p.email || p.phone) &&
      el("cac:Contact", [el("cbc:Telephone", p.phone ?? ""), el("cbc:ElectronicMail", p.email ?? "")]),
  ]);
}

/** The VAT breakdown: one subtotal per rate (one AE subtotal under the reverse charge). */
function taxTotal(doc: EDocument): string {
  const subtotals = doc.reverseCharge
    ? [
        el("cac:TaxSubtotal", [
          money("cbc:TaxableAmount", doc.totals.netCents),
          money("cbc:TaxAmount", 0),
          taxCategory("cac:TaxCategory", 0, true, true),
        ]),
      ]
    : doc.totals.vat.map((v) =>
        el("cac:TaxSubtotal", [
          money("cbc:TaxableAmount", v.netCents),
          money("cbc:TaxAmount", v.vatCents),
          taxCategory("cac:TaxCategory", v.rate, false, true),
        ]),
      );
  return el("cac:TaxTotal", [money("cbc:TaxAmount", doc.totals.vatCents), ...subtotals]);
}

function line(doc: EDocument, l: InvoiceLine, index: number): string {
  const credit = doc.kind === "credit-note";
  return el(credit ? "cac:CreditNoteLine" : "cac:InvoiceLine", [
    el("cbc:ID", String(index + 1)),
    el(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", String(l.quantity), {
      unitCode: UNIT_CODES[l.unit],
    }),
    money("cbc:LineExtensionAmount", lineNetCents(l)),
    el("cac:Item", [
      // The name is short (BT-153); the description carries the whole text.
      el("cbc:Description", l.description),
      el("cbc:Name", l.description.length > 100 ? `${l.description.slice(0, 97)}...` : l.description),
      taxCategory("cac:ClassifiedTaxCategory", l.vatRate, doc.reverseCharge, false),
    ]),
    el("cac:Price", [money("cbc:PriceAmount", l.unitPriceCents)]),
  ]);
}

/** The UBL 2.1 XML of an invoice (Invoice) or a credit note (CreditNote). */
export function buildUbl(doc: EDocument): string {
  const credit = doc.kind === "credit-note";
  const lineCents = doc.lines.reduce((s, l) => s + lineNetCents(l), 0);
  const retentionCents = doc.retention.reduce((s, r) => s + r.netCents, 0);
  const prepaid = doc.prepaidCents ?? 0;
  const root = credit ? "CreditNote" : "Invoice";
  const ns = `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`;
  const retentionReason = `Retention${doc.retentionPercent ? ` (${doc.retentionPercent}%)` : ""}, released at completion and after the defects period`;
  const notes = [doc.reason ? `Reason: ${doc.reason}` : "", doc.reverseCharge ? REVERSE_CHARGE_NOTE : ""].filter(
    Boolean,
  );
  const body = [
    el("cbc:CustomizationID", CUSTOMIZATION_ID),
    el("cbc:ProfileID", PROFILE_ID),
    el("cbc:ID", doc.number),
    el("cbc:IssueDate", doc.issuedOn),
    !credit && el("cbc:DueDate", doc.dueOn ?? ""),
    // 380: commercial invoice; 381: credit note (UNTDID 1001).
    el(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", credit ? "381" : "380"),
    ...notes.map((n) => el("cbc:Note", n)),
    el("cbc:DocumentCurrencyCode", "EUR"),
    el("cbc:BuyerReference", doc.buyerReference),
    doc.creditedInvoice &&
      el("cac:BillingReference", [
        el("cac:InvoiceDocumentReference", [
          el("cbc:ID", doc.creditedInvoice.number),
          el("cbc:IssueDate", doc.creditedInvoice.issuedOn),
        ]),
      ]),
    el("cac:AccountingSupplierParty", [party(doc.seller)]),
    el("cac:AccountingCustomerParty", [party(doc.buyer)]),
    doc.supplyDate && el("cac:Delivery", [el("cbc:ActualDeliveryDate", doc.supplyDate)]),
    doc.bank &&
      el("cac:PaymentMeans", [
        // 58: SEPA credit transfer (UNTDID 4461); the payment reference is the document's number.
        el("cbc:PaymentMeansCode", "58", { name: "SEPA credit transfer" }),
        el("cbc:PaymentID", doc.number),
        el("cac:PayeeFinancialAccount", [
          el("cbc:ID", doc.bank.iban.replace(/\s/g, "").toUpperCase()),
          el("cbc:Name", doc.bank.accountName),
          el("cac:FinancialInstitutionBranch", [el("cbc:ID", doc.bank.bic.replace(/\s/g, "").toUpperCase())]),
        ]),
      ]),
    el("cac:PaymentTerms", [
      el(
        "cbc:Note",
        credit
          ? `Credit against invoice ${doc.creditedInvoice?.number ?? ""}`.trim()
          : doc.dueOn
            ? `Payment due by ${doc.dueOn}, quoting ${doc.number}`
            : `Payment on receipt, quoting ${doc.number}`,
      ),
    ]),
    ...doc.retention
      .filter((r) => r.netCents !== 0)
      .map((r) =>
        el("cac:AllowanceCharge", [
          el("cbc:ChargeIndicator", "false"),
          el("cbc:AllowanceChargeReason", retentionReason),
          money("cbc:Amount", r.netCents),
          taxCategory("cac:TaxCategory", r.rate, doc.reverseCharge, false),
        ]),
      ),
    taxTotal(doc),
    el("cac:LegalMonetaryTotal", [
      money("cbc:LineExtensionAmount", lineCents),
      money("cbc:TaxExclusiveAmount", lineCents - retentionCents),
      money("cbc:TaxInclusiveAmount", lineCents - retentionCents + doc.totals.vatCents),
      retentionCents !== 0 && money("cbc:AllowanceTotalAmount", retentionCents),
      prepaid !== 0 && money("cbc:PrepaidAmount", prepaid),
      money("cbc:PayableAmount", lineCents - retentionCents + doc.totals.vatCents - prepaid),
    ]),
    ...doc.lines.map((l, i) => line(doc, l, i)),
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="${ns}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">` +
    body.filter((b): b is string => typeof b === "string" && b !== "").join("") +
    `</${root}>\n`
  );
}
