import { housePdf, MARGIN, INK, MUTED } from "~/features/pdf/pdf-layout";
import type { Business } from "~/config";
import { compactVatNumber } from "~/features/clients/irish-codes";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import type { PdfStatement } from "./statement-types";

// A client's statement as a PDF (issue 38): A4, real text, pdfkit's built-in Helvetica, drawn in
// the PDF workers (features/pdf) from plain data, as the quote's PDF is.

export function renderStatementPdf(statement: PdfStatement, business: Business): Promise<Buffer> {
  const { doc, done, width, ensure, tableRow } = housePdf({
    Title: `Statement for ${statement.client.name}`,
    Author: business.legalName,
    Subject: `Statement of account at ${formatDay(statement.asOf)}`,
  });

  const top = MARGIN;
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(business.name, MARGIN, top, { width: width * 0.6 });
  const a = business.address;
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      [
        business.legalName,
        a.street,
        [a.locality, `${a.region} ${a.postalCode}`.trim()].filter(Boolean).join(", "),
        `${business.phone} · ${business.email}`,
        business.vatNumber ? `VAT number: ${compactVatNumber(business.vatNumber)}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
      { width: width * 0.6 },
    );
  const leftBottom = doc.y;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text("STATEMENT", MARGIN, top, { width, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Statement of account at ${formatDay(statement.asOf)}`, { width, align: "right" });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  doc.x = MARGIN;
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8).text("ACCOUNT OF", { characterSpacing: 0.8 });
  doc
    .fillColor(INK)
    .font("Helvetica")
    .fontSize(10)
    .text([statement.client.name, statement.client.company].filter(Boolean).join("\n"), { width: width * 0.6 });
  doc.moveDown(1.2);

  // The date column fits the longest Irish date, "30 September 2026" (79 pt at 9 pt), on one line.
  const cols = [
    { key: "date", w: width * 0.19, align: "left" as const },
    { key: "details", w: width * 0.39, align: "left" as const },
    { key: "charge", w: width * 0.14, align: "right" as const },
    { key: "credit", w: width * 0.14, align: "right" as const },
    { key: "balance", w: width * 0.14, align: "right" as const },
  ];
  const row = (cells: Record<string, string>, font: string, color = INK) => tableRow(cols, cells, font, color);
  row(
    { date: "Date", details: "Details", charge: "Charges", credit: "Payments", balance: "Balance" },
    "Helvetica-Bold",
    MUTED,
  );
  if (statement.entries.length === 0) {
    doc.x = MARGIN;
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text("No invoices or payments yet.", { width });
  }
  for (const e of statement.entries)
    row(
      {
        date: formatDay(e.date),
        details: e.issueInvoiceBy ? `${e.details} (invoice due by ${formatDay(e.issueInvoiceBy)})` : e.details,
        charge: e.chargeCents ? formatCents(e.chargeCents) : "",
        credit: e.creditCents ? formatCents(e.creditCents) : "",
        balance: formatCents(e.balanceCents),
      },
      "Helvetica",
    );

  const totals: Array<[string, number]> = [
    ["Invoiced", statement.invoicedCents],
    ["Credit notes", statement.creditedCents],
    ["Paid", statement.paidCents],
  ];
  if (statement.rctCents) totals.push(["RCT withheld (counts as paid)", statement.rctCents]);
  ensure(totals.length * 14 + 40);
  doc.moveDown(0.5);
  for (const [label, cents] of totals) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(10).fillColor(INK);
    doc.text(label, MARGIN + width * 0.3, y, { width: width * 0.5 - 6, align: "right" });
    doc.text(formatCents(cents), MARGIN + width * 0.8, y, { width: width * 0.2, align: "right" });
    doc.y = Math.max(doc.y, y + 14);
  }
  const y = doc.y + 4;
  const owed = statement.balanceCents;
  doc.font("Helvetica-Bold").fontSize(11);
  doc.text(owed < 0 ? "In credit" : "Balance owed", MARGIN + width * 0.3, y, {
    width: width * 0.5 - 6,
    align: "right",
  });
  doc.text(formatCents(Math.abs(owed)), MARGIN + width * 0.8, y, { width: width * 0.2, align: "right" });
  doc.x = MARGIN;
  doc.moveDown(1.5);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Amounts in euro, including VAT where charged. Questions about this statement: ${business.phone} or ${business.email}.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
