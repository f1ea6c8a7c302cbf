import crypto from "node:crypto";
import { parse, serialize } from "cookie";
import { and, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginChallenges } from "~/db/schema";
import type { SessionSettings } from "../session.server";

/** A correct password buys this long to enter the code, and this many tries at it. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** The half-finished sign-in lives in its own short-lived cookie, never in the session cookie. */
export const challengeCookieName = (secure: boolean) => (secure ? "__Host-ic_2fa" : "ic_2fa");

/** As with sessions, only the SHA-256 of the token is stored. */
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export function challengeCookie(token: string, settings: SessionSettings): string {
  return serialize(challengeCookieName(settings.secureCookie), token, {
    httpOnly: true,
    // Strict: the code step is only ever posted from this site's own sign-in page.
    sameSite: "strict",
    secure: settings.secureCookie,
    path: "/",
    maxAge: CHALLENGE_MINUTES * 60,
  });
}

export function clearChallengeCookie(settings: SessionSettings): string {
  return serialize(challengeCookieName(settings.secureCookie), "", {
    httpOnly: true,
    sameSite: "strict",
    secure: settings.secureCookie,
    path: "/",
    maxAge: 0,
  });
}

export function challengeTokenFromCookieHeader(
  header: string | null | undefined,
  settings: SessionSettings,
): string | undefined {
  if (!header) return undefined;
  const token = parse(header)[challengeCookieName(settings.secureCookie)];
  return token && /^[\w-]{20,100}$/.test(token) ? token : undefined;
}

/** Starts the code step for a user whose password was right; returns the token for the cookie. */
export async function createLoginChallenge(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  // Sweep finished-with challenges here: sign-ins are rare, and the table stays tiny.
  await db.delete(loginChallenges).where(or(lt(loginChallenges.expiresAt, now), eq(loginChallenges.userId, userId)));
  await db.insert(loginChallenges).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

/** The user a challenge belongs to while it can still be answered (not expired, tries left), else null. */
export async function peekLoginChallenge(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<{ userId: number } | null> {
  if (!token) return null;
  const [row] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.idHash, hashToken(token)),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Counts one try at a challenge and returns its user, or null when it has expired or its tries are
 * used up (then it is deleted). Counting and checking are one UPDATE, so parallel tries cannot
 * exceed the cap.
 */
export async function takeChallengeAttempt(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<{ userId: number; attempts: number } | null> {
  if (!token) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.idHash, idHash),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning({ userId: loginChallenges.userId, attempts: loginChallenges.attempts });
  if (!row) {
    await db
      .delete(loginChallenges)
      .where(
        and(
          eq(loginChallenges.idHash, idHash),
          or(lt(loginChallenges.expiresAt, now), gte(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS)),
        ),
      );
    return null;
  }
  return row;
}

export async function deleteLoginChallenge(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(loginChallenges).where(eq(loginChallenges.idHash, hashToken(token)));
}
