import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import path from "node:path";
import type { ReceivedMail } from "./smtp";

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

/** The attachments of a received multipart/mixed message (base64 parts with a file name). */
export function attachmentsOf(mail: ReceivedMail): ReceivedAttachment[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.headers["content-type"] ?? "")?.[1];
  if (!boundary) return [];
  const out: ReceivedAttachment[] = [];
  for (const part of mail.raw.split(`--${boundary}`)) {
    const [head = "", ...rest] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
    const filename = /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (!filename) continue;
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(unfolded)?.[1]?.trim() ?? "";
    out.push({ filename, contentType, content: Buffer.from(rest.join("\n\n").replace(/\s+/g, ""), "base64") });
  }
  return out;
}

const standardFontDataUrl = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;

/** Every page's text, read back with pdfjs (a PDF text extractor, as a search engine or a screen reader would). */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: parts.join("\n").replace(/\s+/g, " ") };
}
