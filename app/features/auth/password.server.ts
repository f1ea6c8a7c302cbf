import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane (~80 ms here).
// (algorithm 2 is Argon2id; the package exports it as a const enum that cannot be imported here.)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password; a malformed stored hash is a mismatch, not a crash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * For an unknown username, verify against this hash anyway, so an unknown user and a wrong
 * password take the same time and get the same answer.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("not a real password: equalises timing");
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** True if the password is on a list of ~49,000 commonly used passwords (zxcvbn's list). */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!common) {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    const list = dictionary["passwords-common"];
    common = new Set(list.map((p) => p.toLowerCase()));
  }
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Please choose another.";
