import { hash, verify } from "@node-rs/argon2";
import { newPasswordSchema } from "./auth-schema";
import { NEW_PASSWORD_MESSAGES } from "./password-rule";

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

let common: Promise<Set<string>> | undefined;
/**
 * True if the password is on the bundled list of commonly used passwords (common-passwords.txt:
 * the ones long enough to pass the length rule). Compared lowercased, so "Password1234" counts.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("./common-passwords.txt?raw").then(
    ({ default: text }) =>
      new Set(
        text
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith("#")),
      ),
  );
  return (await common).has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = NEW_PASSWORD_MESSAGES.common;

/** The whole new-password rule, as the server applies it: null when the password is fine, else the message. */
export async function newPasswordProblem(password: string): Promise<string | null> {
  const length = newPasswordSchema().safeParse(password);
  if (!length.success) return length.error.issues[0]!.message;
  return (await isCommonPassword(password)) ? NEW_PASSWORD_MESSAGES.common : null;
}
