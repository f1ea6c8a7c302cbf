/**
 * Addresses of uploaded project images. Each upload is stored re-encoded as AVIF, WebP and JPEG at
 * the standard widths below its own width, plus its own width capped at the largest:
 * /uploads/<id>-<width>.<avif|webp|jpg>. A project's imageSrc is the largest JPEG, so the other
 * variants can be derived from it without a database read. Browser and server share this file.
 */
// 720: a photo across a phone's width (92vw of 412 CSS px at 1.75 device pixels each, Lighthouse's
// phone, or of 360 at 2) needs about 665 px, and Chromium takes the smallest candidate at least that
// wide: the 800 before, now the 720 (a third fewer bytes in AVIF). Uploads stored before it was
// added get it from a background step at start-up (addMissingUploadWidths) and meanwhile are
// served the next width up.
export const UPLOAD_WIDTHS = [400, 720, 800, 1200] as const;
const MAX_UPLOAD_WIDTH = 1200;
export const UPLOAD_FORMATS = ["avif", "webp", "jpeg"] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

const EXTENSION: Record<UploadFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const CONTENT_TYPE: Record<UploadFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

// An upload's id: 32 hex digits (128 random bits); 16 for the uploads stored before.
const FILE_NAME = /^([a-f0-9]{32}|[a-f0-9]{16})-(\d{1,5})\.(avif|webp|jpg)$/;

/** The widths stored for an image whose largest variant is `maxWidth` wide. */
export function variantWidths(maxWidth: number): number[] {
  return [...UPLOAD_WIDTHS.filter((w) => w < maxWidth), maxWidth];
}

/** The widths to store for an upload `width` pixels wide (never enlarged). */
export function widthsForUpload(width: number): number[] {
  return variantWidths(Math.min(width, MAX_UPLOAD_WIDTH));
}

export function uploadUrl(id: string, width: number, format: UploadFormat): string {
  return `/uploads/${id}-${width}.${EXTENSION[format]}`;
}

/** The variant a file name under /uploads names, or null for anything else. */
export function parseUploadFileName(name: string): { id: string; width: number; format: UploadFormat } | null {
  const m = FILE_NAME.exec(name);
  if (!m) return null;
  const format: UploadFormat = m[3] === "jpg" ? "jpeg" : (m[3] as UploadFormat);
  return { id: m[1]!, width: Number(m[2]), format };
}

/** For an image path that is an uploaded variant: its id and largest width. */
export function parseUploadSrc(src: string): { id: string; maxWidth: number } | null {
  if (!src.startsWith("/uploads/")) return null;
  const parsed = parseUploadFileName(src.slice("/uploads/".length));
  return parsed ? { id: parsed.id, maxWidth: parsed.width } : null;
}

export type ResponsiveSources = {
  /** The JPEG to use where nothing better is chosen (800 wide, or the largest if smaller). */
  src: string;
  srcSet: Record<UploadFormat, string>;
};

/** srcset strings for each format of an uploaded image; null for any other image path. */
export function responsiveSources(src: string): ResponsiveSources | null {
  const parsed = parseUploadSrc(src);
  if (!parsed) return null;
  const widths = variantWidths(parsed.maxWidth);
  const srcSet = {} as Record<UploadFormat, string>;
  for (const format of UPLOAD_FORMATS)
    srcSet[format] = widths.map((w) => `${uploadUrl(parsed.id, w, format)} ${w}w`).join(", ");
  const fallback = widths.includes(800) ? 800 : parsed.maxWidth;
  return { src: uploadUrl(parsed.id, fallback, "jpeg"), srcSet };
}

/** The smallest variant of an uploaded image (for thumbnails), or the path itself. */
export function thumbnailSrc(src: string): string {
  const parsed = parseUploadSrc(src);
  return parsed ? uploadUrl(parsed.id, variantWidths(parsed.maxWidth)[0]!, "jpeg") : src;
}
