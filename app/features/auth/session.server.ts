import crypto from "node:crypto";
import { parse, serialize } from "cookie";
import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta, sessions, users } from "~/db/schema";
import { REQUIRE_TWO_FACTOR_KEY } from "~/features/auth/two-factor/two-factor-policy.server";
import type { Role } from "./access";

export type SessionSettings = { idleMinutes: number; absoluteHours: number; secureCookie: boolean };
export type SessionUser = { id: number; username: string };
/** What the admin guard needs besides who it is: read in the same query as the session. */
export type SessionState = SessionUser & {
  /** "" until set (`staffName` falls back to the username). */
  fullName: string;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
  role: Role;
  /** When this session's user last confirmed their password (and code) for a dangerous call. */
  confirmedAt: Date | null;
};

/** How long a confirmation (POST /api/auth/confirm) lets dangerous calls through. */
export const CONFIRM_FOR_MS = 10 * 60_000;

/** Whether the session confirmed who it is within the last CONFIRM_FOR_MS. */
export const isRecentlyConfirmed = (session: Pick<SessionState, "confirmedAt">, now = new Date()) =>
  session.confirmedAt !== null &&
  session.confirmedAt.getTime() <= now.getTime() &&
  now.getTime() - session.confirmedAt.getTime() < CONFIRM_FOR_MS;

/** __Host- cookies must be Secure and host-only; plain HTTP in development uses a plain name. */
export const cookieName = (secure: boolean) => (secure ? "__Host-ic_session" : "ic_session");
/** Both names a session cookie can have: a request carrying either comes from signed-in staff. */
export const SESSION_COOKIE_NAMES = [cookieName(true), cookieName(false)];

/** Only the SHA-256 of the cookie's value is stored: a leaked sessions table opens no sessions. */
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Seen-at updates are written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

export function sessionCookie(token: string, settings: SessionSettings): string {
  return serialize(cookieName(settings.secureCookie), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookie,
    path: "/",
    maxAge: settings.absoluteHours * 3600,
  });
}

export function clearSessionCookie(settings: SessionSettings): string {
  return serialize(cookieName(settings.secureCookie), "", {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookie,
    path: "/",
    maxAge: 0,
  });
}

export function tokenFromCookieHeader(
  header: string | null | undefined,
  settings: SessionSettings,
): string | undefined {
  if (!header) return undefined;
  const token = parse(header)[cookieName(settings.secureCookie)];
  return token && /^[\w-]{20,100}$/.test(token) ? token : undefined;
}

/** A new session (256 random bits) for the user. Returns the token for the cookie. */
export async function createSession(
  db: Db,
  userId: number,
  settings: SessionSettings,
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + settings.absoluteHours * 3_600_000),
  });
  return token;
}

/** The signed-in user for a token, if its session is neither idle too long nor past its lifetime. */
export async function readSession(
  db: Db,
  token: string | undefined,
  settings: SessionSettings,
  now = new Date(),
): Promise<SessionState | null> {
  if (!token) return null;
  const idHash = hashToken(token);
  const idleCutoff = new Date(now.getTime() - settings.idleMinutes * 60_000);
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      lastSeenAt: sessions.lastSeenAt,
      confirmedAt: sessions.confirmedAt,
      role: users.role,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      twoFactorRequired: sql<boolean>`coalesce((select ${appMeta.value} = 'true' from ${appMeta} where ${appMeta.key} = ${REQUIRE_TWO_FACTOR_KEY}), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1)
    // A named statement (the text never changes, only its values): every staff request reads its
    // session, and on PostgreSQL each connection now parses and plans this once, not every time
    // (1.7 ms a request on the 2-core machine, issue 40 item 5; queryRowsPrepared in client.server.ts).
    .prepare("read_session")
    .execute();
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    twoFactorEnabled: row.twoFactorEnabled === true,
    twoFactorRequired: row.twoFactorRequired === true,
    role: row.role,
    confirmedAt: row.confirmedAt,
  };
}

/**
 * Marks the session as confirmed now (stored on its row, so every instance of the app sees it).
 * Nothing without a token.
 */
export async function markSessionConfirmed(db: Db, token: string | undefined, now = new Date()): Promise<void> {
  if (token)
    await db
      .update(sessions)
      .set({ confirmedAt: now })
      .where(eq(sessions.idHash, hashToken(token)));
}

export async function destroySession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user except the one with this token (none kept without a token). Returns how many. */
export async function destroyUserSessions(db: Db, userId: number, exceptToken?: string): Promise<number> {
  const where = exceptToken
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(exceptToken)))
    : eq(sessions.userId, userId);
  const gone = await db.delete(sessions).where(where).returning({ idHash: sessions.idHash });
  return gone.length;
}

/** Removes sessions that can no longer be used. Returns how many. */
export async function deleteExpiredSessions(db: Db, settings: SessionSettings, now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - settings.idleMinutes * 60_000);
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ idHash: sessions.idHash });
  return gone.length;
}
