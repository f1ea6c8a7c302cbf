import sharp from "sharp";

// A drawn signature arrives as a PNG data URL from the client's browser, so it is anything anyone
// cares to post. It is decoded in full here (sharp, with a pixel limit), flattened onto white,
// scaled to fit the PDF's signature box and encoded again as a small opaque PNG: only those bytes
// are stored and ever reach the PDF builder. What does not decode is refused.

export const SIGNATURE_LIMITS = {
  /** The data URL as posted. */
  dataUrlBytes: 200 * 1024,
  /** Decoded pixels at most (a signature pad is a few hundred thousand; a PNG "bomb" is billions). */
  inputPixels: 4_000_000,
  /** The stored image fits inside this box, never enlarged. */
  width: 1200,
  height: 400,
} as const;

const PNG_DATA_URL = "data:image/png;base64,";

export type SignatureCheck = { ok: true; signature: string | null } | { ok: false; error: string };

/** The posted signature (optional) as the PNG data URL to store, or why it cannot be used. */
export async function readSignature(raw: unknown): Promise<SignatureCheck> {
  if (raw === undefined || raw === null || raw === "") return { ok: true, signature: null };
  if (typeof raw !== "string" || !raw.startsWith(PNG_DATA_URL))
    return { ok: false, error: "The signature must be a PNG image" };
  if (raw.length > SIGNATURE_LIMITS.dataUrlBytes)
    return { ok: false, error: "The signature image is too large (200 KB at most)" };
  const bytes = Buffer.from(raw.slice(PNG_DATA_URL.length), "base64");
  try {
    const png = await sharp(bytes, { limitInputPixels: SIGNATURE_LIMITS.inputPixels, failOn: "warning" })
      .flatten({ background: "#ffffff" })
      .resize(SIGNATURE_LIMITS.width, SIGNATURE_LIMITS.height, { fit: "inside", withoutEnlargement: true })
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    return { ok: true, signature: `${PNG_DATA_URL}${png.toString("base64")}` };
  } catch {
    return { ok: false, error: "The signature image could not be read" };
  }
}
