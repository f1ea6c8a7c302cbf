// The house style of every PDF (quotes, invoices, statements, handover packs): A4 with 50 pt
// margins, the ink, muted and rule colours, and the pieces each document drew for itself before:
// the finished file as a Buffer, a page break before a block that would not fit, and a table row
// (cells wrapped to their column, the row as tall as its tallest cell, a hairline under it).
import PDFDocument from "pdfkit";

export const MARGIN = 50;
export const INK = "#12263a";
export const MUTED = "#4a5a6a";
export const RULE = "#c8d0d8";
/** Space between table columns. */
export const GAP = 6;

/** A table column: its cell key, width in points and alignment. */
export type PdfColumn = { key: string; w: number; align: "left" | "right" };

/** An A4 document in the house margins, the Buffer it will be, and its drawing helpers. */
export function housePdf(info: PDFKit.DocumentInfo) {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  /** The width between the margins. */
  const width = doc.page.width - 2 * MARGIN;
  /** A new page unless `height` more points fit above the bottom margin. */
  const ensure = (height: number) => {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  };
  /** One table row from the left margin: each cell wrapped to its column, a rule under the row. */
  const tableRow = (cols: ReadonlyArray<PdfColumn>, cells: Record<string, string>, font: string, color = INK) => {
    doc.font(font).fontSize(9);
    const height = Math.max(...cols.map((col) => doc.heightOfString(cells[col.key] ?? "", { width: col.w - GAP })));
    ensure(height + 8);
    const y = doc.y;
    let x = MARGIN;
    for (const col of cols) {
      doc.fillColor(color).text(cells[col.key] ?? "", x, y, { width: col.w - GAP, align: col.align });
      x += col.w;
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
  return { doc, done, width, ensure, tableRow };
}
