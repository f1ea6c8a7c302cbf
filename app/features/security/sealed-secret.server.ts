import crypto from "node:crypto";

// Secrets kept in the database (two-factor secrets, the admin's SMTP password) are sealed with
// AES-256-GCM under a key derived from the app secret, one key per purpose.

/**
 * A key for one purpose (HKDF-SHA256 with its own label), so the app secret itself never encrypts
 * anything and two uses of it cannot collide. The label is fixed text, never a setting: renaming
 * the business must not change the key.
 */
function purposeKey(appSecret: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", appSecret, Buffer.alloc(0), purpose, 32));
}

/**
 * "v1.<iv>.<tag>.<ciphertext>" (base64url). `context` is authenticated, not stored: a value copied
 * to another place (another user's row) does not open there.
 */
export function sealSecret(plain: string, appSecret: Buffer, purpose: string, context: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", purposeKey(appSecret, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret back, or null if the value was tampered with, or sealed for another purpose, context or key. */
export function openSecret(
  stored: string | null | undefined,
  appSecret: Buffer,
  purpose: string,
  context: string,
): string | null {
  const parts = stored?.split(".");
  if (parts?.length !== 4 || parts[0] !== "v1") return null;
  try {
    const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
    const decipher = crypto.createDecipheriv("aes-256-gcm", purposeKey(appSecret, purpose), iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
