import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { authFieldErrors, INVALID_CREDENTIALS, LoginSchema, REGISTRATION_CLOSED, RegisterSchema, type AuthFieldErrors } from "./auth-schema";
import { burnVerifyTime, COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from "./password.server";
import { createSession, deleteExpiredSessions, destroySession, readSession, type SessionUser } from "./session.server";

export { INVALID_CREDENTIALS, REGISTRATION_CLOSED };

export type AuthResult =
  | { status: "ok"; user: SessionUser; token: string }
  | { status: "invalid"; fieldErrors: AuthFieldErrors; message: string }
  | { status: "denied"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  | { status: "closed"; message: string };

type Ctx = { services: AppServices; ip: string; logger?: Logger; previousToken?: string };

/**
 * Signs a user in. Throttled per IP and per username before the password is checked; an unknown
 * user costs the same time and gets the same answer as a wrong password; every attempt is logged
 * (UTC time, IP, username — never the password). A successful sign-in always gets a new session.
 */
export async function login(raw: unknown, ctx: Ctx): Promise<AuthResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const parsed = LoginSchema.safeParse(raw);
  if (!parsed.success) {
    return { status: "invalid", fieldErrors: authFieldErrors(parsed.error), message: "Please check the highlighted fields." };
  }
  const { username, password } = parsed.data;
  const userKey = `user:${username.toLowerCase()}`;
  const [byIp, byUser] = [
    await ctx.services.limits.loginIp.consume(`ip:${ctx.ip}`),
    await ctx.services.limits.loginUser.consume(userKey),
  ];
  const blocked = !byIp.allowed ? byIp : !byUser.allowed ? byUser : null;
  if (blocked) {
    log.warn({ event: "login", outcome: "throttled", username, ip: ctx.ip, at: new Date().toISOString() }, "sign-in throttled");
    await recordAudit(
      ctx.services.database.db,
      { userId: null, username, ip: ctx.ip },
      { action: "sign-in.failure", summary: `Sign-in as ${username} refused: too many attempts`, details: { reason: "throttled" } },
      log,
    );
    const minutes = Math.ceil(blocked.retryAfterSeconds / 60);
    return {
      status: "rate-limited",
      retryAfterSeconds: blocked.retryAfterSeconds,
      message: `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    };
  }

  const db = ctx.services.database.db;
  const [user] = await db
    .select({ id: users.id, username: users.username, password: users.password })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  const ok = user ? await verifyPassword(user.password, password) : (await burnVerifyTime(password), false);
  if (!user || !ok) {
    log.warn({ event: "login", outcome: "failed", username, ip: ctx.ip, at: new Date().toISOString() }, "sign-in failed");
    await recordAudit(
      db,
      { userId: user?.id ?? null, username: user?.username ?? username, ip: ctx.ip },
      { action: "sign-in.failure", summary: `Sign-in as ${user?.username ?? username} failed: ${user ? "wrong password" : "no such user"}`, details: { reason: user ? "password" : "unknown-user" } },
      log,
    );
    return { status: "denied", message: INVALID_CREDENTIALS };
  }

  await ctx.services.limits.loginUser.reset(userKey);
  await destroySession(db, ctx.previousToken); // rotation: never keep a session across a sign-in
  const token = await createSession(db, user.id, ctx.services.sessions);
  await deleteExpiredSessions(db, ctx.services.sessions);
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  log.info({ event: "login", outcome: "success", username: user.username, userId: user.id, ip: ctx.ip, at: new Date().toISOString() }, "signed in");
  await recordAudit(db, { userId: user.id, username: user.username, ip: ctx.ip }, { action: "sign-in.success", summary: `${user.username} signed in` }, log);
  return { status: "ok", user: { id: user.id, username: user.username }, token };
}

/** Arbitrary constant key for the registration lock: concurrent first registrations take turns. */
const REGISTRATION_LOCK = 48_210_377;

/**
 * Creates an account and signs it in — only while the site has no users yet (the first admin),
 * or in development. Race-safe: registrations take a transaction-scoped advisory lock, then count.
 */
export async function register(raw: unknown, ctx: Ctx): Promise<AuthResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const parsed = RegisterSchema.safeParse(raw);
  if (!parsed.success) {
    return { status: "invalid", fieldErrors: authFieldErrors(parsed.error), message: "Please check the highlighted fields." };
  }
  const { username, password } = parsed.data;
  if (await isCommonPassword(password)) {
    return { status: "invalid", fieldErrors: { password: COMMON_PASSWORD_MESSAGE }, message: COMMON_PASSWORD_MESSAGE };
  }
  const db = ctx.services.database.db;
  const openToAll = ctx.services.env.NODE_ENV === "development";
  if (!openToAll && (await db.$count(users)) > 0) return { status: "closed", message: REGISTRATION_CLOSED };

  const hashed = await hashPassword(password);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
    if (!openToAll && (await tx.$count(users)) > 0) return "closed" as const;
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    if (taken) return "taken" as const;
    const [created] = await tx.insert(users).values({ username, password: hashed }).returning({ id: users.id, username: users.username });
    return created!;
  });
  if (outcome === "closed") return { status: "closed", message: REGISTRATION_CLOSED };
  if (outcome === "taken") {
    return { status: "invalid", fieldErrors: { username: "That username is already taken" }, message: "That username is already taken" };
  }
  const token = await createSession(db, outcome.id, ctx.services.sessions);
  log.info({ event: "register", username: outcome.username, userId: outcome.id, ip: ctx.ip, at: new Date().toISOString() }, "account created");
  await recordAudit(db, { userId: outcome.id, username: outcome.username, ip: ctx.ip }, { action: "user.create", summary: `${outcome.username} created an account on the sign-in page`, target: { type: "user", id: outcome.id } }, log);
  return { status: "ok", user: outcome, token };
}

export async function logout(token: string | undefined, ctx: Ctx): Promise<void> {
  const db = ctx.services.database.db;
  const log = ctx.logger ?? ctx.services.logger;
  const user = await readSession(db, token, ctx.services.sessions);
  await destroySession(db, token);
  log.info({ event: "logout", ip: ctx.ip, at: new Date().toISOString() }, "signed out");
  if (user) await recordAudit(db, { userId: user.id, username: user.username, ip: ctx.ip }, { action: "sign-out", summary: `${user.username} signed out` }, log);
}

/** For the CLI: adds a user whatever the registration rule (the operator has shell access). */
export async function createUserAsOperator(db: Db, username: string, password: string): Promise<AuthResult> {
  const parsed = RegisterSchema.safeParse({ username, password });
  if (!parsed.success) return { status: "invalid", fieldErrors: authFieldErrors(parsed.error), message: Object.values(authFieldErrors(parsed.error)).join("; ") };
  if (await isCommonPassword(password)) return { status: "invalid", fieldErrors: { password: COMMON_PASSWORD_MESSAGE }, message: COMMON_PASSWORD_MESSAGE };
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${parsed.data.username.toLowerCase()}`);
  if (taken) return { status: "invalid", fieldErrors: { username: "That username is already taken" }, message: "That username is already taken" };
  const [created] = await db.insert(users).values({ username: parsed.data.username, password: await hashPassword(password) }).returning({ id: users.id, username: users.username });
  return { status: "ok", user: created!, token: "" };
}
