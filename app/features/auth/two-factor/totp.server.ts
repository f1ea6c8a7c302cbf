import { openSecret, sealSecret } from "~/features/security/sealed-secret.server";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { getBusiness } from "~/config.server";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { SixDigitCodeSchema } from "~/forms/code-schema";

/** RFC 6238 defaults, the only settings every authenticator app supports. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone clock up to ~30 s off, or a code typed just as it changed. */
export const TOTP_WINDOW = 1;

/**
 * The issuer in the otpauth:// URI: the name an authenticator app lists the account under, the
 * business name from config (BUSINESS_NAME). It is only a label: codes depend on the secret,
 * algorithm, digits and period alone, so changing BUSINESS_NAME leaves existing enrolments
 * working. Their apps keep showing the name they were set up with (apps store it when the QR code
 * is scanned); a user who wants the new name turns two-factor off and on again to re-scan.
 */
export const totpIssuer = () => getBusiness().name;

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = "admin"): TOTP {
  return new TOTP({
    issuer: totpIssuer(),
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI the QR code carries. */
export function totpUri(secretBase32: string, username: string): string {
  return totp(secretBase32, username).toString();
}

/** The key in groups of four, for people who type it in instead of scanning. */
export function groupKey(secretBase32: string): string {
  return secretBase32
    .replace(/=+$/, "")
    .match(/.{1,4}/g)!
    .join(" ");
}

/** The time step a 6-digit code belongs to (within the window around now), or null if it matches none. */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const parsed = SixDigitCodeSchema.safeParse(code);
  if (!parsed.success) return null;
  const token = parsed.data;
  // otpauth compares in constant time and returns the offset of the matching step.
  const delta = totp(secretBase32).validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Checks a code for a user with two-factor on and marks its step used. Single use: the step must be
 * later than the last one accepted, and the conditional UPDATE makes that check and the write one
 * atomic statement, so two requests racing with one code cannot both pass.
 */
export async function consumeTotp(
  db: Db,
  userId: number,
  secretBase32: string,
  code: string,
  now = Date.now(),
): Promise<"ok" | "wrong" | "reused"> {
  const step = matchTotpStep(secretBase32, code, now);
  if (step === null) return "wrong";
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1 ? "ok" : "reused";
}

// ---- The secret at rest: sealed with the app secret (features/security/sealed-secret.server.ts). ----

const TOTP_PURPOSE = "ic-interiors/totp-secret/v1";

/** Encrypts a TOTP secret for the users table; bound to the user, so it does not open in another user's row. */
export function encryptTotpSecret(secretBase32: string, appSecret: Buffer, userId: number): string {
  return sealSecret(secretBase32, appSecret, TOTP_PURPOSE, `user:${userId}`);
}

/** The secret back, or null if the value was tampered with, belongs to another user or another key. */
export function decryptTotpSecret(stored: string | null | undefined, appSecret: Buffer, userId: number): string | null {
  return openSecret(stored, appSecret, TOTP_PURPOSE, `user:${userId}`);
}
