import { housePdf, MARGIN, INK, MUTED, GAP } from "~/features/pdf/pdf-layout";
import type { Business } from "~/config";
import { compactVatNumber } from "~/features/clients/irish-codes";
import { oneLineAddress } from "~/features/site/address-lines";
import { dublinDay } from "~/features/time/dublin-time";
import { formatDay, formatMoment } from "./quote-dates";
import { retentionSentence, scheduleRows, type PaymentSchedule } from "./payment-schedule";
import { formatCents, formatQuantity, formatRate, lineCounts, lineNetCents } from "./quote-totals";
import { REVERSE_CHARGE_NOTE, UNIT_WORDS, type QuoteClient, type QuoteLine, type QuoteTotals } from "./quote-types";

// The quote as a PDF: A4, real text (searchable, copyable), drawn with pdfkit and its built-in
// Helvetica (no font files to load, no headless browser: a 50-line quote takes a few MB of memory).
// Made on demand from the stored quote: for the download and when an e-mail that carries it goes.

export type PdfQuote = {
  number: string;
  /** Which version of the quote this is (raised by each change sent to the client). */
  revision: number;
  client: QuoteClient;
  lines: QuoteLine[];
  vatMode: "standard" | "reverse-charge";
  validUntil: string;
  depositPercent: number;
  payments: PaymentSchedule;
  notes: string;
  totals: QuoteTotals;
  createdAt: Date;
  sentAt: Date | null;
};

export type PdfAcceptance = { name: string; at: Date; signature: string | null } | null;

/** Markdown notes as plain paragraphs: the marks people type (**bold**, # headings, - lists) read fine as text. */
function plainNotes(markdown: string): string {
  return markdown
    .replace(/\r\n/g, "\n")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/^\s*[-*+]\s+/gm, "• ")
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, "$1$2")
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1 ($2)")
    .trim();
}

export function renderQuotePdf(quote: PdfQuote, business: Business, acceptance: PdfAcceptance): Promise<Buffer> {
  const { doc, done, width, ensure, tableRow } = housePdf({
    Title: `Quote ${quote.number}`,
    Author: business.legalName,
    Subject: `Quote for ${quote.client.name}`,
  });

  // Letterhead: the business on the left, the quote's facts on the right.
  const top = MARGIN;
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(business.name, MARGIN, top, { width: width * 0.6 });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  const a = business.address;
  doc.text(
    [
      business.legalName,
      oneLineAddress(a.street, a.locality, `${a.region} ${a.postalCode}`.trim()),
      `${business.phone} · ${business.email}`,
      business.vatNumber ? `VAT number: ${compactVatNumber(business.vatNumber)}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    { width: width * 0.6 },
  );
  const leftBottom = doc.y;
  const quoteDate = dublinDay(quote.sentAt ?? quote.createdAt);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text("QUOTE", MARGIN, top, { width, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.text(
    [
      `Quote number: ${quote.number}`,
      `Revision ${quote.revision}`,
      `Date: ${formatDay(quoteDate)}`,
      `Valid until: ${formatDay(quote.validUntil)}`,
    ].join("\n"),
    {
      width,
      align: "right",
    },
  );
  doc.y = Math.max(leftBottom, doc.y) + 18;

  // The client.
  doc.x = MARGIN;
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8).text("PREPARED FOR", { characterSpacing: 0.8 });
  doc.fillColor(INK).font("Helvetica").fontSize(10);
  const c = quote.client;
  doc.text([c.name, c.company, oneLineAddress(c.address), c.email].filter(Boolean).join("\n"), { width: width * 0.6 });
  doc.moveDown(1.2);

  // The lines.
  const cols = [
    { key: "description", title: "Description", w: width * 0.4, align: "left" as const },
    { key: "quantity", title: "Qty", w: width * 0.1, align: "right" as const },
    { key: "unit", title: "Unit", w: width * 0.08, align: "left" as const },
    { key: "price", title: "Unit price", w: width * 0.14, align: "right" as const },
    { key: "vat", title: "VAT", w: width * 0.1, align: "right" as const },
    { key: "net", title: "Net", w: width * 0.18, align: "right" as const },
  ];
  const drawRow = (cells: Record<string, string>, font: string, color = INK) => tableRow(cols, cells, font, color);
  const header = {
    description: "Description",
    quantity: "Qty",
    unit: "Unit",
    price: "Unit price",
    vat: "VAT",
    net: "Net",
  };
  drawRow(header, "Helvetica-Bold", MUTED);
  const reverse = quote.vatMode === "reverse-charge";
  for (const line of quote.lines) {
    const counts = lineCounts(line);
    const description = line.optional
      ? `${line.description}\n(Optional: ${counts ? "included" : "not included"})`
      : line.description;
    drawRow(
      {
        description,
        quantity: formatQuantity(line.quantity),
        unit: UNIT_WORDS[line.unit],
        price: formatCents(line.unitPriceCents),
        vat: reverse ? "RC" : formatRate(line.vatRate),
        net: formatCents(lineNetCents(line)),
      },
      "Helvetica",
      counts ? INK : MUTED,
    );
  }

  // Totals, right-aligned.
  const t = quote.totals;
  const rows: Array<[string, string, boolean?]> = [["Net total", formatCents(t.netCents)]];
  for (const v of t.vat)
    rows.push([`VAT at ${formatRate(v.rate)} on ${formatCents(v.netCents)}`, formatCents(v.vatCents)]);
  if (!reverse) rows.push(["VAT total", formatCents(t.vatCents)]);
  rows.push([reverse ? "Total (no VAT charged)" : "Total including VAT", formatCents(t.grossCents), true]);
  if (t.depositCents > 0)
    rows.push([`Deposit on acceptance (${quote.depositPercent}%)`, formatCents(t.depositCents), true]);
  ensure(rows.length * 16 + 30);
  doc.moveDown(0.5);
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc
      .font(strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, MARGIN + width * 0.3, y, { width: width * 0.5 - GAP, align: "right" });
    doc.text(value, MARGIN + width * 0.8, y, { width: width * 0.2, align: "right" });
    doc.y = Math.max(doc.y, y + 14);
  }
  doc.x = MARGIN;
  if (reverse) {
    doc.moveDown(0.6);
    doc.font("Helvetica-Bold").fontSize(10).text(REVERSE_CHARGE_NOTE, MARGIN, doc.y, { width });
  }
  doc.moveDown(0.8);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(`This quote is valid until ${formatDay(quote.validUntil)}. Prices are in euro.`, MARGIN, doc.y, { width });

  // The payment schedule: each payment's share of the total, the retention and the defects period.
  const schedule = scheduleRows(quote.payments, t.grossCents);
  doc.moveDown(1);
  ensure(schedule.length * 14 + 60);
  doc
    .fillColor(MUTED)
    .font("Helvetica-Bold")
    .fontSize(8)
    .text("PAYMENT SCHEDULE", MARGIN, doc.y, { characterSpacing: 0.8 });
  doc.fillColor(INK).font("Helvetica").fontSize(9);
  for (const row of schedule) {
    const y = doc.y;
    doc.text(`${row.label} (${row.percent}%)`, MARGIN, y, { width: width * 0.6 });
    doc.text(formatCents(row.cents), MARGIN + width * 0.6, y, { width: width * 0.2, align: "right" });
    doc.y = Math.max(doc.y, y + 12);
  }
  const retention = retentionSentence(quote.payments);
  const months = quote.payments.defectsMonths;
  doc.x = MARGIN;
  doc.text(
    [retention, `Defects period: ${months} ${months === 1 ? "month" : "months"} from completion.`]
      .filter(Boolean)
      .join("\n"),
    MARGIN,
    doc.y + 4,
    { width },
  );

  const notes = plainNotes(quote.notes);
  if (notes) {
    doc.moveDown(1);
    ensure(40);
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8).text("NOTES AND TERMS", { characterSpacing: 0.8 });
    doc.fillColor(INK).font("Helvetica").fontSize(9).text(notes, { width });
  }

  if (acceptance) {
    doc.moveDown(1.2);
    const image = acceptance.signature ? Buffer.from(acceptance.signature.split(",")[1] ?? "", "base64") : null;
    ensure(image ? 120 : 50);
    const y = doc.y;
    const stamp = `Accepted by ${acceptance.name} on ${formatMoment(acceptance.at)}`;
    const boxHeight = image ? 110 : 36;
    doc.lineWidth(1.5).strokeColor("#1f7a4d").rect(MARGIN, y, width, boxHeight).stroke();
    doc
      .fillColor("#1f7a4d")
      .font("Helvetica-Bold")
      .fontSize(12)
      .text(stamp, MARGIN + 12, y + 12, { width: width - 24 });
    if (image) {
      try {
        doc.image(image, MARGIN + 12, y + 34, { fit: [200, 66] });
      } catch {
        // A drawn signature pdfkit cannot read: the typed name above is the signature.
      }
    }
    doc.y = y + boxHeight + 8;
  }

  doc.end();
  return done;
}
