import { housePdf, MARGIN, INK, MUTED, GAP } from "~/features/pdf/pdf-layout";
import type { Business } from "~/config";
import type { InvoiceParty } from "~/db/column-types";
import { compactVatNumber } from "~/features/clients/irish-codes";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents, formatQuantity, formatRate, lineNetCents } from "~/features/quotes/quote-totals";
import { REVERSE_CHARGE_NOTE, UNIT_WORDS } from "~/features/quotes/quote-types";
import { documentTitle, groupIban } from "./invoice-format";
import type { InvoiceView } from "./invoice-view";

// An invoice or credit note as a PDF (issue 38): A4, real text, drawn with pdfkit's built-in
// Helvetica in the PDF worker threads (features/pdf), like the quote's. It carries what section 66
// of the VAT Act asks: the seller's and buyer's names, addresses and VAT numbers as frozen at issue,
// the number, issue date and date of supply, each line's description, quantity, unit price before
// VAT, rate and net, VAT by rate and the totals; under the reverse charge no VAT and the sentence
// that says who accounts for it. It takes plain data only (structured-clonable for the worker).

export type PdfInvoice = Pick<
  InvoiceView,
  "kind" | "status" | "issuedOn" | "supplyDate" | "dueOn" | "lines" | "totals" | "reverseCharge"
> & {
  number: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** The job's number, when the document bills one. */
  jobNumber: string | null;
  /** A credit note's invoice and why it was made. */
  credits: { number: string; issuedOn: string | null } | null;
  reason: string;
  /** Where to pay (Settings → Business); null when none is set. */
  bank: { accountName: string; iban: string; bic: string } | null;
};

const partyLines = (p: InvoiceParty, withVat: boolean) =>
  [
    p.name,
    ...p.address,
    p.eircode,
    p.country && p.country !== "IE" ? p.country : "",
    withVat && p.vatNumber ? `VAT number: ${compactVatNumber(p.vatNumber)}` : "",
  ].filter(Boolean);

export function renderInvoicePdf(invoice: PdfInvoice, business: Business): Promise<Buffer> {
  const credit = invoice.kind === "credit-note";
  const title = documentTitle(invoice.kind);
  const { doc, done, width, ensure, tableRow } = housePdf({
    Title: `${title} ${invoice.number}`,
    Author: invoice.seller.name,
    Subject: `${title} for ${invoice.buyer.name}`,
  });
  // Small capitals by hand, not letter-spacing, so text extractors read the words whole.
  const heading = (text: string) =>
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8).text(text.toUpperCase(), MARGIN, doc.y);

  // Letterhead: the seller as frozen at issue (name, address, VAT number) under the trading name.
  const top = MARGIN;
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(business.name, MARGIN, top, { width: width * 0.6 });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.text(
    [...partyLines(invoice.seller, true), [business.phone, invoice.seller.email].filter(Boolean).join(" · ")].join(
      "\n",
    ),
    { width: width * 0.6 },
  );
  const leftBottom = doc.y;
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(title.toUpperCase(), MARGIN, top, { width, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.text(
    [
      `${title} number: ${invoice.number}`,
      invoice.issuedOn ? `Date of issue: ${formatDay(invoice.issuedOn)}` : "",
      invoice.supplyDate ? `Date of supply: ${formatDay(invoice.supplyDate)}` : "",
      !credit && invoice.dueOn ? `Due date: ${formatDay(invoice.dueOn)}` : "",
      invoice.jobNumber ? `Job: ${invoice.jobNumber}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    { width, align: "right" },
  );
  doc.y = Math.max(leftBottom, doc.y) + 18;

  // The client; their VAT number under the reverse charge (the principal contractor accounts for the VAT).
  heading(credit ? "Credit to" : "Bill to");
  doc.fillColor(INK).font("Helvetica").fontSize(10);
  doc.text(partyLines(invoice.buyer, invoice.reverseCharge).join("\n"), MARGIN, doc.y, { width: width * 0.6 });
  doc.moveDown(1);

  if (credit && invoice.credits) {
    doc
      .fillColor(INK)
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(
        `Credit note against invoice ${invoice.credits.number}${invoice.credits.issuedOn ? ` of ${formatDay(invoice.credits.issuedOn)}` : ""}`,
        MARGIN,
        doc.y,
        { width },
      );
    if (invoice.reason) doc.font("Helvetica").text(`Reason: ${invoice.reason}`, { width });
    doc.moveDown(1);
  }

  // The lines: description, quantity, unit price before VAT, rate and net.
  const cols = [
    { key: "description", w: width * 0.4, align: "left" as const },
    { key: "quantity", w: width * 0.1, align: "right" as const },
    { key: "unit", w: width * 0.08, align: "left" as const },
    { key: "price", w: width * 0.16, align: "right" as const },
    { key: "vat", w: width * 0.1, align: "right" as const },
    { key: "net", w: width * 0.16, align: "right" as const },
  ];
  const drawRow = (cells: Record<string, string>, font: string, color = INK) => tableRow(cols, cells, font, color);
  drawRow(
    {
      description: "Description",
      quantity: "Qty",
      unit: "Unit",
      price: "Unit price ex VAT",
      vat: "VAT rate",
      net: "Net",
    },
    "Helvetica-Bold",
    MUTED,
  );
  for (const line of invoice.lines)
    drawRow(
      {
        description: line.description,
        quantity: formatQuantity(line.quantity),
        unit: UNIT_WORDS[line.unit],
        price: formatCents(line.unitPriceCents),
        vat: invoice.reverseCharge ? "RC" : formatRate(line.vatRate),
        net: formatCents(lineNetCents(line)),
      },
      "Helvetica",
    );

  // Totals: the lines, the retention held back, VAT by rate, what the document comes to.
  const t = invoice.totals;
  const rows: Array<[string, string, boolean?]> = [];
  if (t.retentionCents !== 0) {
    rows.push(["Work billed", formatCents(t.netCents + t.retentionCents)]);
    // A hyphen: Helvetica's built-in encoding has no minus sign.
    rows.push(["Less retention held", `-${formatCents(t.retentionCents)}`]);
  }
  rows.push(["Net total", formatCents(t.netCents)]);
  if (invoice.reverseCharge) rows.push(["VAT (reverse charge)", formatCents(0)]);
  else {
    for (const v of t.vat)
      rows.push([`VAT at ${formatRate(v.rate)} on ${formatCents(v.netCents)}`, formatCents(v.vatCents)]);
    rows.push(["VAT total", formatCents(t.vatCents)]);
  }
  rows.push([
    credit ? "Total credited" : invoice.reverseCharge ? "Total (no VAT charged)" : "Total including VAT",
    formatCents(t.grossCents),
    true,
  ]);
  ensure(rows.length * 16 + 30);
  doc.moveDown(0.5);
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc
      .font(strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, MARGIN + width * 0.25, y, { width: width * 0.55 - GAP, align: "right" });
    doc.text(value, MARGIN + width * 0.8, y, { width: width * 0.2, align: "right" });
    doc.y = Math.max(doc.y, y + 14);
  }
  if (invoice.reverseCharge) {
    doc.moveDown(0.6);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(REVERSE_CHARGE_NOTE, MARGIN, doc.y, { width });
  }
  if (t.retentionCents !== 0 && !credit) {
    doc.moveDown(0.4);
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `Retention held: ${formatCents(t.retentionCents)} (before VAT), invoiced when it is released at completion and after the defects period.`,
        MARGIN,
        doc.y,
        { width },
      );
  }

  // How to pay: the bank account, the reference to quote (the invoice number) and the due date.
  if (!credit) {
    doc.moveDown(1.2);
    ensure(90);
    heading("How to pay");
    doc.fillColor(INK).font("Helvetica").fontSize(10);
    const pay = invoice.bank
      ? [
          `Bank transfer to ${invoice.bank.accountName}`,
          `IBAN: ${groupIban(invoice.bank.iban)}`,
          `BIC: ${invoice.bank.bic}`,
          `Payment reference: ${invoice.number}`,
        ]
      : [`Please quote ${invoice.number} with your payment; ring us on ${business.phone} for our bank details.`];
    if (invoice.dueOn) pay.push(`Please pay ${formatCents(t.grossCents)} by ${formatDay(invoice.dueOn)}.`);
    doc.text(pay.join("\n"), MARGIN, doc.y, { width });
  }

  doc.moveDown(1.2);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Amounts in euro. ${invoice.seller.name}${business.email ? ` · ${business.email}` : ""}`, MARGIN, doc.y, {
      width,
    });
  doc.end();
  return done;
}
