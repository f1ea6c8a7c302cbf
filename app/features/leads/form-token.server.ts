import crypto from "node:crypto";

/**
 * People take a while to fill in a form; bots post at once. A form carries a signed token with the
 * time it was shown, and a submission sooner than the minimum fill time (CONTACT_MIN_FILL_MS,
 * default 3 s, never 4 s or more) is treated as spam.
 */
export const MIN_FILL_MS = 3_000;

export type TokenCheck = "ok" | "too-fast" | "invalid";

function sign(secret: Buffer, issuedAt: string): string {
  return crypto.createHmac("sha256", secret).update(`contact-form:${issuedAt}`).digest("base64url");
}

export function issueFormToken(secret: Buffer, now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/** A token too old is still fine: a person may leave the tab open over a weekend. */
export function checkFormToken(secret: Buffer, token: string, now = Date.now(), minFillMs = MIN_FILL_MS): TokenCheck {
  const [issuedAt, signature] = token.split(".");
  if (!issuedAt || !signature || !/^\d{10,16}$/.test(issuedAt)) return "invalid";
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return "invalid";
  const elapsed = now - Number(issuedAt);
  if (elapsed < -60_000) return "invalid"; // from the future: forged
  return elapsed < minFillMs ? "too-fast" : "ok";
}
