import { housePdf, MARGIN, INK, MUTED } from "~/features/pdf/pdf-layout";
import type { Business } from "~/config";
import { formatMoment } from "~/features/quotes/quote-dates";
import { formatQuantity } from "~/features/quotes/quote-totals";
import { UNIT_WORDS, type QuoteLine } from "~/features/quotes/quote-types";
import { HANDOVER_MAX_PHOTOS } from "./handover-limits";
import { jobDayWhen } from "./job-dates";

// The handover pack as a PDF, built in the PDF worker threads (features/pdf): the scope delivered,
// the dates and crew, the "after" photos, the snags and how they were closed, the documents and the
// client's sign-off. It takes plain data only; the photos are the stored JPEG variants (800 px at
// most), which pdfkit embeds as they are, so 30 photos cost their bytes and no decoding.

export type PdfHandover = {
  number: string;
  title: string;
  client: { name: string; company: string };
  site: { address: string[]; eircode: string };
  lines: Array<Pick<QuoteLine, "description" | "quantity" | "unit" | "optional" | "selected">>;
  days: Array<{ start: Date; end: Date; crew: string[] }>;
  photos: Array<{ jpeg: Uint8Array; width: number; height: number }>;
  snags: Array<{ text: string; createdAt: Date; closedAt: Date | null; closedBy: string | null }>;
  documents: Array<{ name: string; byteSize: number }>;
  signOff: { name: string; at: Date; signature: string | null };
};

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function renderHandoverPdf(pack: PdfHandover, business: Business): Promise<Buffer> {
  const { doc, done, width, ensure } = housePdf({
    Title: `Handover pack ${pack.number}`,
    Author: business.legalName,
    Subject: pack.title,
  });
  const heading = (text: string) => {
    ensure(60);
    doc.moveDown(1).fillColor(INK).font("Helvetica-Bold").fontSize(13).text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.3).font("Helvetica").fontSize(10).fillColor(INK);
  };
  const para = (text: string, colour = INK) => {
    ensure(16);
    doc.fillColor(colour).text(text, MARGIN, doc.y, { width });
  };

  doc.fillColor(INK).font("Helvetica-Bold").fontSize(18).text(business.name, MARGIN, MARGIN, { width });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(`${business.phone} · ${business.email}`, { width });
  doc
    .moveDown(1)
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(`Handover pack: job ${pack.number}`, { width });
  doc.font("Helvetica").fontSize(10);
  if (pack.title) para(pack.title);
  para(`Client: ${pack.client.company ? `${pack.client.name}, ${pack.client.company}` : pack.client.name}`);
  para(`Site: ${[...pack.site.address, pack.site.eircode].filter(Boolean).join(", ")}`);

  heading("Scope delivered");
  const delivered = pack.lines.filter((l) => !l.optional || l.selected);
  if (delivered.length === 0) para("The work as agreed with you.", MUTED);
  for (const line of delivered)
    para(`• ${line.description} (${formatQuantity(line.quantity)} ${UNIT_WORDS[line.unit] ?? line.unit})`);

  heading("Dates and crew");
  if (pack.days.length === 0) para("No days were recorded.", MUTED);
  for (const day of pack.days)
    para(`${jobDayWhen(day.start, day.end)}${day.crew.length ? `: ${day.crew.join(", ")}` : ""}`);

  heading("Snags");
  if (pack.snags.length === 0) para("No snags were recorded.", MUTED);
  for (const snag of pack.snags) {
    para(`• ${snag.text}`);
    para(
      snag.closedAt
        ? `   Raised ${formatMoment(snag.createdAt)}; closed ${formatMoment(snag.closedAt)}${snag.closedBy ? ` by ${snag.closedBy}` : ""}.`
        : `   Raised ${formatMoment(snag.createdAt)}; still open at sign-off.`,
      MUTED,
    );
  }

  heading("Documents");
  if (pack.documents.length === 0) para("No documents.", MUTED);
  for (const d of pack.documents) para(`• ${d.name} (${kb(d.byteSize)}), attached to the e-mail with this pack`);

  heading("Sign-off");
  para(`Signed off by ${pack.signOff.name} on ${formatMoment(pack.signOff.at)}.`);
  if (pack.signOff.signature) {
    ensure(90);
    const png = Buffer.from(pack.signOff.signature.slice("data:image/png;base64,".length), "base64");
    doc.image(png, MARGIN, doc.y + 4, { fit: [240, 80] });
    doc.y += 90;
  }

  if (pack.photos.length > 0) {
    doc.addPage();
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(13).text("Photos after the work", MARGIN, MARGIN, { width });
    // Two photos a row, each fitted in its cell.
    const gap = 12;
    const cellW = (width - gap) / 2;
    const cellH = cellW * 0.75;
    let column = 0;
    let top = doc.y + 8;
    for (const photo of pack.photos.slice(0, HANDOVER_MAX_PHOTOS)) {
      if (top + cellH > doc.page.height - MARGIN) {
        doc.addPage();
        top = MARGIN;
        column = 0;
      }
      doc.image(
        Buffer.from(photo.jpeg.buffer, photo.jpeg.byteOffset, photo.jpeg.byteLength),
        MARGIN + column * (cellW + gap),
        top,
        {
          fit: [cellW, cellH],
          align: "center",
          valign: "center",
        },
      );
      column = (column + 1) % 2;
      if (column === 0) top += cellH + gap;
    }
  }
  doc.end();
  return done;
}
