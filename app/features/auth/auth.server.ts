import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit, recordThrottledSignIn } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import type { Role } from "./access";
import { staffName, type StaffNameable } from "./staff-name";
import { fieldErrorsOf } from "~/forms/field-errors";
import { isSixDigitCode } from "~/forms/code-schema";
import {
  AUTH_FIELDS,
  INVALID_CREDENTIALS,
  REGISTRATION_CLOSED,
  TWO_FACTOR_MESSAGES,
  type AuthFieldErrors,
} from "./auth-fields";
import { LoginSchema, RegisterSchema, TwoFactorCodeSchema } from "./auth-schema";
import {
  burnVerifyTime,
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from "./password.server";
import { createSession, deleteExpiredSessions, destroySession, readSession, type SessionUser } from "./session.server";
import {
  CHALLENGE_MAX_ATTEMPTS,
  createLoginChallenge,
  deleteLoginChallenge,
  takeChallengeAttempt,
} from "./two-factor/challenge.server";
import { consumeRecoveryCode, countRecoveryCodesLeft } from "./two-factor/recovery-codes.server";
import { consumeTotp, decryptTotpSecret } from "./two-factor/totp.server";

export { INVALID_CREDENTIALS, REGISTRATION_CLOSED };

/** The sign-in or registration form failed its schema: the messages by the fields. */
const invalidFields = (error: Parameters<typeof fieldErrorsOf>[0]) =>
  ({
    status: "invalid",
    fieldErrors: fieldErrorsOf(error, AUTH_FIELDS),
    message: "Please check the highlighted fields.",
  }) as const;

export type AuthResult =
  /** `name`: how the admin names them (staffName), for the "Welcome back" toast. */
  | { status: "ok"; user: SessionUser & { name: string }; token: string }
  /** Password right, two-factor on: no session yet; the token goes into the challenge cookie. */
  | { status: "two-factor"; challengeToken: string }
  | { status: "invalid"; fieldErrors: AuthFieldErrors; message: string }
  | { status: "denied"; message: string; fieldErrors?: AuthFieldErrors }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  | { status: "closed"; message: string }
  /** The code step's challenge is gone (timed out, too many tries): start again with the password. */
  | { status: "expired"; message: string };

type Ctx = { services: AppServices; ip: string; logger?: Logger; previousToken?: string };

const tooMany = (what: string, retryAfterSeconds: number): AuthResult => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    status: "rate-limited",
    retryAfterSeconds,
    message: `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  };
};

/**
 * Signs a user in. Throttled per IP and per username before the password is checked; an unknown
 * user costs the same time and gets the same answer as a wrong password; every attempt is logged
 * (UTC time, IP, username — never the password), and is in the audit log, except that refusals
 * while throttled are listed once per window (recordThrottledSignIn). A successful sign-in always gets a new session.
 * For a user with two-factor sign-in on, a right password only opens the code step (a login
 * challenge); the session comes from completeTwoFactorSignIn.
 */
export async function login(raw: unknown, ctx: Ctx): Promise<AuthResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const parsed = LoginSchema.safeParse(raw);
  if (!parsed.success) return invalidFields(parsed.error);
  const { username, password } = parsed.data;
  const userKey = `user:${username.toLowerCase()}`;
  const [byIp, byUser] = [
    await ctx.services.limits.loginIp.consume(`ip:${ctx.ip}`),
    await ctx.services.limits.loginUser.consume(userKey),
  ];
  const blocked = !byIp.allowed ? byIp : !byUser.allowed ? byUser : null;
  if (blocked) {
    log.warn(
      { event: "login", outcome: "throttled", username, ip: ctx.ip, at: new Date().toISOString() },
      "sign-in throttled",
    );
    await recordThrottledSignIn(
      ctx.services.database.db,
      {
        username,
        ip: ctx.ip,
        by: blocked === byIp ? "ip" : "user",
        windowSeconds: ctx.services.env.LOGIN_RATE_LIMIT_WINDOW_S,
      },
      log,
    );
    return tooMany("sign-in attempts", blocked.retryAfterSeconds);
  }

  const db = ctx.services.database.db;
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      password: users.password,
      twoFactorOn: users.totpEnabledAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  const ok = user ? await verifyPassword(user.password, password) : (await burnVerifyTime(password), false);
  if (!user || !ok) {
    log.warn(
      { event: "login", outcome: "failed", username, ip: ctx.ip, at: new Date().toISOString() },
      "sign-in failed",
    );
    await recordAudit(
      db,
      { userId: user?.id ?? null, username: user?.username ?? username, ip: ctx.ip },
      {
        action: "sign-in.failure",
        summary: `Sign-in as ${user?.username ?? username} failed: ${user ? "wrong password" : "no such user"}`,
        details: { reason: user ? "password" : "unknown-user" },
      },
      log,
    );
    return { status: "denied", message: INVALID_CREDENTIALS };
  }

  await ctx.services.limits.loginUser.reset(userKey);
  if (user.twoFactorOn) {
    const challengeToken = await createLoginChallenge(db, user.id);
    log.info(
      {
        event: "login",
        outcome: "password-ok",
        username: user.username,
        userId: user.id,
        ip: ctx.ip,
        at: new Date().toISOString(),
      },
      "password accepted, waiting for the two-factor code",
    );
    return { status: "two-factor", challengeToken };
  }
  return startSession({ id: user.id, username: user.username, fullName: user.fullName }, "password", ctx);
}

/**
 * The only place a sign-in becomes a session: rotates any previous one, records the time and
 * writes the sign-in.success audit row.
 */
async function startSession(
  user: SessionUser & StaffNameable,
  method: "password" | "authenticator" | "recovery-code",
  ctx: Ctx,
): Promise<AuthResult> {
  const db = ctx.services.database.db;
  const log = ctx.logger ?? ctx.services.logger;
  await destroySession(db, ctx.previousToken); // rotation: never keep a session across a sign-in
  const token = await createSession(db, user.id, ctx.services.sessions);
  await deleteExpiredSessions(db, ctx.services.sessions);
  // The last sign-in becomes the previous one (none: a first visit, which the dashboard greets).
  await db
    .update(users)
    .set({ previousSignInAt: sql`${users.lastSignInAt}`, lastSignInAt: new Date() })
    .where(eq(users.id, user.id));
  log.info(
    {
      event: "login",
      outcome: "success",
      method,
      username: user.username,
      userId: user.id,
      ip: ctx.ip,
      at: new Date().toISOString(),
    },
    "signed in",
  );
  const how = { password: "", authenticator: " with an authenticator code", "recovery-code": " with a recovery code" }[
    method
  ];
  await recordAudit(
    db,
    { userId: user.id, username: user.username, ip: ctx.ip },
    { action: "sign-in.success", summary: `${user.username} signed in${how}`, details: { method } },
    log,
  );
  return { status: "ok", user: { id: user.id, username: user.username, name: staffName(user) }, token };
}

/**
 * The sign-in's second step: a code from the authenticator app (each time step accepted once) or
 * an unused recovery code, for the challenge in the cookie. Throttled per IP and per user; the
 * challenge itself allows CHALLENGE_MAX_ATTEMPTS tries within its few minutes. A wrong code writes
 * sign-in.failure (reason "code"); the code itself is never logged.
 */
export async function completeTwoFactorSignIn(
  raw: unknown,
  ctx: Ctx & { challengeToken?: string },
): Promise<AuthResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const { db } = ctx.services.database;
  const parsed = TwoFactorCodeSchema.safeParse(raw);
  if (!parsed.success)
    return {
      status: "invalid",
      fieldErrors: fieldErrorsOf(parsed.error, AUTH_FIELDS),
      message: TWO_FACTOR_MESSAGES.codeRequired,
    };
  const { code } = parsed.data;

  const byIp = await ctx.services.limits.twoFactorIp.consume(`ip:${ctx.ip}`);
  if (!byIp.allowed) {
    log.warn(
      { event: "login-code", outcome: "throttled", ip: ctx.ip, at: new Date().toISOString() },
      "two-factor code throttled (IP)",
    );
    return tooMany("code attempts", byIp.retryAfterSeconds);
  }
  const attempt = await takeChallengeAttempt(db, ctx.challengeToken);
  if (!attempt) return { status: "expired", message: TWO_FACTOR_MESSAGES.expired };
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      secret: users.totpSecret,
      on: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, attempt.userId));
  // Two-factor turned off (or the user deleted) since the password step: begin again.
  if (!user?.on) {
    await deleteLoginChallenge(db, ctx.challengeToken);
    return { status: "expired", message: TWO_FACTOR_MESSAGES.expired };
  }
  const actor = { userId: user.id, username: user.username, ip: ctx.ip };
  const byUser = await ctx.services.limits.twoFactorUser.consume(`user:${user.id}`);
  if (!byUser.allowed) {
    log.warn(
      { event: "login-code", outcome: "throttled", username: user.username, ip: ctx.ip, at: new Date().toISOString() },
      "two-factor code throttled (user)",
    );
    await recordAudit(
      db,
      actor,
      {
        action: "sign-in.failure",
        summary: `Sign-in as ${user.username} refused: too many code attempts`,
        details: { reason: "throttled" },
      },
      log,
    );
    return tooMany("code attempts", byUser.retryAfterSeconds);
  }

  let outcome: "ok" | "wrong" | "reused";
  const method = isSixDigitCode(code) ? "authenticator" : "recovery-code";
  if (method === "authenticator") {
    const secret = decryptTotpSecret(user.secret, ctx.services.appSecret, user.id);
    if (!secret)
      log.error(
        { userId: user.id },
        "the two-factor secret cannot be decrypted (was APP_SECRET changed?); a recovery code still works",
      );
    outcome = secret ? await consumeTotp(db, user.id, secret, code) : "wrong";
  } else {
    outcome = (await consumeRecoveryCode(db, user.id, code)) ? "ok" : "wrong";
  }

  if (outcome !== "ok") {
    log.warn(
      {
        event: "login-code",
        outcome: "failed",
        method,
        username: user.username,
        ip: ctx.ip,
        at: new Date().toISOString(),
      },
      "two-factor code refused",
    );
    await recordAudit(
      db,
      actor,
      {
        action: "sign-in.failure",
        summary: `Sign-in as ${user.username} failed: ${outcome === "reused" ? "code already used" : "wrong code"}`,
        details: { reason: "code", method },
      },
      log,
    );
    if (attempt.attempts >= CHALLENGE_MAX_ATTEMPTS) {
      await deleteLoginChallenge(db, ctx.challengeToken);
      return { status: "expired", message: TWO_FACTOR_MESSAGES.expired };
    }
    const message =
      method === "recovery-code"
        ? TWO_FACTOR_MESSAGES.wrongRecoveryCode
        : outcome === "reused"
          ? TWO_FACTOR_MESSAGES.reusedCode
          : TWO_FACTOR_MESSAGES.wrongCode;
    return { status: "denied", fieldErrors: { code: message }, message };
  }

  await deleteLoginChallenge(db, ctx.challengeToken);
  await ctx.services.limits.twoFactorUser.reset(`user:${user.id}`);
  if (method === "recovery-code") {
    const remaining = await countRecoveryCodesLeft(db, user.id);
    await recordAudit(
      db,
      actor,
      {
        action: "two-factor.recovery-code-used",
        summary: `${user.username} used a recovery code to sign in (${remaining} left)`,
        target: { type: "user", id: user.id },
        details: { remaining },
      },
      log,
    );
  }
  return startSession({ id: user.id, username: user.username, fullName: user.fullName }, method, ctx);
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
  if (!parsed.success) return invalidFields(parsed.error);
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
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    if (taken) return "taken" as const;
    // The first account owns the site; any later one (development only) starts as an editor.
    const role = (await tx.$count(users)) === 0 ? "owner" : "editor";
    const [created] = await tx
      .insert(users)
      // Registering signs the account in: its first visit (previousSignInAt stays empty).
      .values({ username, password: hashed, role, lastSignInAt: new Date() })
      .returning({ id: users.id, username: users.username });
    return created!;
  });
  if (outcome === "closed") return { status: "closed", message: REGISTRATION_CLOSED };
  if (outcome === "taken") {
    return {
      status: "invalid",
      fieldErrors: { username: "That username is already taken" },
      message: "That username is already taken",
    };
  }
  const token = await createSession(db, outcome.id, ctx.services.sessions);
  log.info(
    { event: "register", username: outcome.username, userId: outcome.id, ip: ctx.ip, at: new Date().toISOString() },
    "account created",
  );
  await recordAudit(
    db,
    { userId: outcome.id, username: outcome.username, ip: ctx.ip },
    {
      action: "user.create",
      summary: `${outcome.username} created an account on the sign-in page`,
      target: { type: "user", id: outcome.id },
    },
    log,
  );
  // A new account has no full name yet: it is named by its username.
  return { status: "ok", user: { ...outcome, name: outcome.username }, token };
}

export async function logout(token: string | undefined, ctx: Ctx): Promise<void> {
  const db = ctx.services.database.db;
  const log = ctx.logger ?? ctx.services.logger;
  const user = await readSession(db, token, ctx.services.sessions);
  await destroySession(db, token);
  log.info({ event: "logout", ip: ctx.ip, at: new Date().toISOString() }, "signed out");
  if (user)
    await recordAudit(
      db,
      { userId: user.id, username: user.username, ip: ctx.ip },
      { action: "sign-out", summary: `${user.username} signed out` },
      log,
    );
}

/**
 * For the CLI: adds a user whatever the registration rule (the operator has shell access, so an
 * owner unless told otherwise).
 */
export async function createUserAsOperator(
  db: Db,
  username: string,
  password: string,
  role: Role = "owner",
): Promise<AuthResult> {
  const parsed = RegisterSchema.safeParse({ username, password });
  if (!parsed.success)
    return {
      status: "invalid",
      fieldErrors: fieldErrorsOf(parsed.error, AUTH_FIELDS),
      message: Object.values(fieldErrorsOf(parsed.error, AUTH_FIELDS)).join("; "),
    };
  if (await isCommonPassword(password))
    return { status: "invalid", fieldErrors: { password: COMMON_PASSWORD_MESSAGE }, message: COMMON_PASSWORD_MESSAGE };
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${parsed.data.username.toLowerCase()}`);
  if (taken)
    return {
      status: "invalid",
      fieldErrors: { username: "That username is already taken" },
      message: "That username is already taken",
    };
  const [created] = await db
    .insert(users)
    .values({ username: parsed.data.username, password: await hashPassword(password), role })
    .returning({ id: users.id, username: users.username });
  return { status: "ok", user: { ...created!, name: created!.username }, token: "" };
}
