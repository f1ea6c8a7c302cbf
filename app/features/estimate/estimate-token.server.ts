import crypto from "node:crypto";
import type { StoredEstimate } from "./stored-estimate";

// An estimate's id is the estimate itself, signed: "e1.<base64url JSON>.<HMAC-SHA256>" with the
// app secret. Nothing is stored until a visitor sends it with an enquiry, and the contact API can
// then trust every figure in it (a changed figure breaks the signature). Opaque to clients.

const PREFIX = "e1";
export const ESTIMATE_ID_MAX = 4000;

function sign(secret: Buffer, payload: string): string {
  return crypto.createHmac("sha256", secret).update(`estimate:${payload}`).digest("base64url");
}

export function issueEstimateId(secret: Buffer, estimate: StoredEstimate): string {
  const payload = Buffer.from(JSON.stringify(estimate), "utf8").toString("base64url");
  return `${PREFIX}.${payload}.${sign(secret, payload)}`;
}

/** The estimate in a genuine id; null for anything forged, changed, truncated or malformed. */
export function readEstimateId(secret: Buffer, id: string): StoredEstimate | null {
  if (id.length > ESTIMATE_ID_MAX) return null;
  const [prefix, payload, signature, extra] = id.split(".");
  if (prefix !== PREFIX || !payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as StoredEstimate;
    return parsed && typeof parsed === "object" && typeof parsed.item === "string" ? parsed : null;
  } catch {
    return null;
  }
}

export const INVALID_ESTIMATE_MESSAGE =
  "We could not verify the estimate sent with this message (it may have been changed or cut short). Please make a new one on our estimate page, or send your message without it.";

/**
 * The estimate a lead was sent with: none when there is no estimateId (or it is empty), the
 * estimate when the id is genuine, "invalid" for anything else, which refuses the whole lead.
 */
export function attachedEstimate(body: object, secret: Buffer): StoredEstimate | null | "invalid" {
  const id = (body as { estimateId?: unknown }).estimateId;
  if (id === undefined || id === null || id === "") return null;
  if (typeof id !== "string") return "invalid";
  return readEstimateId(secret, id.trim()) ?? "invalid";
}
