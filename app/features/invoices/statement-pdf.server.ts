import PDFDocument from "pdfkit";
import type { Business } from "~/config";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import type { PdfStatement } from "./statement-types";

// A client's statement as a PDF (issue 38): A4, real text, pdfkit's built-in Helvetica, drawn in
// the PDF workers (features/pdf) from plain data, as the quote's PDF is.

const MARGIN = 50;
const INK = "#12263a";
const MUTED = "#4a5a6a";
const RULE = "#c8d0d8";

const shortDay = new Intl.DateTimeFormat("en-IE", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const day = (d: string) => shortDay.format(new Date(`${d}T12:00:00Z`));

export function renderStatementPdf(statement: PdfStatement, business: Business): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `Statement for ${statement.client.name}`,
      Author: business.legalName,
      Subject: `Statement of account at ${formatDay(statement.asOf)}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  };

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
        business.vatNumber ? `VAT number: ${business.vatNumber}` : "",
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

  const cols = [
    { key: "date", w: 0.15, align: "left" as const },
    { key: "details", w: 0.43, align: "left" as const },
    { key: "charge", w: 0.14, align: "right" as const },
    { key: "credit", w: 0.14, align: "right" as const },
    { key: "balance", w: 0.14, align: "right" as const },
  ];
  const row = (cells: Record<string, string>, font: string, color = INK) => {
    doc.font(font).fontSize(9);
    const height = Math.max(...cols.map((c) => doc.heightOfString(cells[c.key] ?? "", { width: c.w * width - 6 })));
    ensure(height + 8);
    const y = doc.y;
    let x = MARGIN;
    for (const c of cols) {
      doc.fillColor(color).text(cells[c.key] ?? "", x, y, { width: c.w * width - 6, align: c.align });
      x += c.w * width;
    }
    doc.y = y + height + 4;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y += 4;
  };
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
        date: day(e.date),
        details: e.issueInvoiceBy ? `${e.details} (invoice due by ${day(e.issueInvoiceBy)})` : e.details,
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
