import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recoveryCodes } from "~/db/schema";

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without the look-alikes 0/o, 1/l/i: easy to read off paper. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const HALF = 5;

/** Ten random codes like "k7m2p-x9qra" (10 characters from 31: about 50 bits each). */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: HALF * 2 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join("");
  const codes = new Set<string>();
  while (codes.size < count) {
    const raw = one();
    codes.add(`${raw.slice(0, HALF)}-${raw.slice(HALF)}`);
  }
  return [...codes];
}

/** What people type: any case, with or without the dash, spaces anywhere. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, "");
}

/**
 * Only a SHA-256 is stored. A fast hash is enough here (unlike passwords): each code is ~50 random
 * bits, not something a person chose, so there is no dictionary to try, and a code is worthless
 * without the account's password. A slow hash would also rule out finding the code by its hash.
 */
export function hashRecoveryCode(input: string): string {
  return crypto.createHash("sha256").update(normaliseRecoveryCode(input)).digest("hex");
}

/** Replaces all of a user's recovery codes with new ones; returns the plain codes, to show once. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Uses up one recovery code. The conditional UPDATE checks "not used yet" and marks it used in one
 * statement, so the same code sent twice at once works only once.
 */
export async function consumeRecoveryCode(db: Db, userId: number, input: string, now = new Date()): Promise<boolean> {
  if (normaliseRecoveryCode(input).length !== HALF * 2) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(input)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** How many unused codes a user has left. */
export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
