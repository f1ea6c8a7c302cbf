import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { emailOutbox, loginChallenges, passwordResets, users } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { fieldErrorsOf, type FieldErrors } from "~/forms/field-errors";
import type { AppServices } from "~/services.server";
import { hashPassword, isCommonPassword } from "./password.server";
import { NEW_PASSWORD_MESSAGES } from "./password-rule";
import {
  RESET_LINK_MINUTES,
  RESET_MESSAGES,
  ResetPasswordWithLinkSchema,
  ResetRequestSchema,
} from "./password-reset-schema";
import { destroyUserSessions } from "./session.server";

// "Forgot password?": a one-time link by e-mail (through the outbox) to the address on the account.
// Only the token's SHA-256 is stored; the link works once, for RESET_LINK_MINUTES.

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A link's token as it may appear in the URL (base64url of 32 random bytes: 256 bits). */
const TOKEN_SHAPE = /^[\w-]{43}$/;

type Ctx = { services: AppServices; ip: string; logger?: Logger; now?: Date };

export type ResetRequestResult =
  | { status: "accepted"; message: string }
  | { status: "invalid"; fieldErrors: FieldErrors<"username">; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

const tooMany = (retryAfterSeconds: number): ResetRequestResult => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    status: "rate-limited",
    retryAfterSeconds,
    message: `Too many password reset requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  };
};

export const resetLinkPath = (token: string) => `/admin/reset-password/${token}`;

/**
 * Asks for a reset link. The answer is the same whether the username exists, has an e-mail
 * address or not (and the limits count every name), so it tells nobody which accounts exist.
 * For an account with an address: a new link (older ones stay valid until they expire) and its
 * e-mail, written together, then the outbox is woken.
 */
export async function requestPasswordReset(raw: unknown, ctx: Ctx): Promise<ResetRequestResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const parsed = ResetRequestSchema.safeParse(raw ?? {});
  if (!parsed.success)
    return {
      status: "invalid",
      fieldErrors: fieldErrorsOf(parsed.error, ["username"]),
      message: RESET_MESSAGES.usernameRequired,
    };
  const { username } = parsed.data;
  const byIp = await ctx.services.limits.passwordResetIp.consume(`ip:${ctx.ip}`);
  if (!byIp.allowed) return tooMany(byIp.retryAfterSeconds);
  const byUser = await ctx.services.limits.passwordResetUser.consume(`user:${username.toLowerCase()}`);
  if (!byUser.allowed) return tooMany(byUser.retryAfterSeconds);

  const db = ctx.services.database.db;
  const now = ctx.now ?? new Date();
  // Made for every request, used or not: an unknown name costs about the same as a known one.
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (user?.email) {
    const { business, siteUrl } = ctx.services;
    await db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      });
      await tx.insert(emailOutbox).values({
        kind: "password-reset",
        toAddress: user.email!,
        subject: `Set a new password for the ${business.name} website admin`,
        bodyText: [
          `Hello ${user.username},`,
          "",
          `Someone (we hope you) asked to set a new password for your account on the ${business.name} website admin. Open this link to choose one:`,
          "",
          `${siteUrl}${resetLinkPath(token)}`,
          "",
          `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs your account out everywhere.`,
          "",
          "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
        ].join("\n"),
      });
    });
    ctx.services.outbox.kick();
    await recordAudit(
      db,
      { userId: user.id, username: user.username, ip: ctx.ip },
      {
        action: "account.password-reset-request",
        summary: `A password reset link was e-mailed to ${user.username}`,
        target: { type: "user", id: user.id },
      },
      log,
    );
  } else {
    // Nothing to send: logged for the operator, never told to the person asking.
    log.info(
      { event: "password-reset", outcome: user ? "no-email" : "unknown-user", username, ip: ctx.ip },
      "password reset asked for an account that cannot get the e-mail",
    );
  }
  return { status: "accepted", message: RESET_MESSAGES.sent };
}

/** The link's account, while the link can still be used (for the page: form, or "expired"). */
export async function findUsableReset(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ resetId: number; userId: number; username: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ resetId: passwordResets.id, userId: users.id, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  return row ?? null;
}

export type ResetWithLinkResult =
  | { status: "ok"; username: string; sessionsEnded: number; message: string }
  | { status: "gone"; message: string }
  | { status: "invalid"; fieldErrors: FieldErrors<"password">; message: string };

/**
 * Sets the password from a reset link: once (the link is claimed in the same statement that checks
 * it), then every session of the account ends, half-finished sign-ins too, and every other
 * outstanding link of the account stops working. Audit-logged.
 */
export async function resetPasswordWithLink(token: string, raw: unknown, ctx: Ctx): Promise<ResetWithLinkResult> {
  const log = ctx.logger ?? ctx.services.logger;
  const db = ctx.services.database.db;
  const now = ctx.now ?? new Date();
  const gone = { status: "gone", message: RESET_MESSAGES.gone } as const;
  if (!(await findUsableReset(db, token, now))) return gone;
  const parsed = ResetPasswordWithLinkSchema.safeParse(raw ?? {});
  if (!parsed.success)
    return {
      status: "invalid",
      fieldErrors: fieldErrorsOf(parsed.error, ["password"]),
      message: parsed.error.issues[0]!.message,
    };
  const { password } = parsed.data;
  if (await isCommonPassword(password))
    return {
      status: "invalid",
      fieldErrors: { password: NEW_PASSWORD_MESSAGES.common },
      message: NEW_PASSWORD_MESSAGES.common,
    };
  const hashed = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    // Used a moment ago by another request: only one of them sets the password.
    if (!claimed) return null;
    const [user] = await tx
      .update(users)
      .set({ password: hashed })
      .where(eq(users.id, claimed.userId))
      .returning({ id: users.id, username: users.username });
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    const sessionsEnded = await destroyUserSessions(tx, claimed.userId);
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, claimed.userId));
    return { user: user!, sessionsEnded };
  });
  if (!done) return gone;
  await recordAudit(
    db,
    { userId: done.user.id, username: done.user.username, ip: ctx.ip },
    {
      action: "account.password-reset-link",
      summary: `${done.user.username} set a new password with an e-mailed reset link (${done.sessionsEnded} session${done.sessionsEnded === 1 ? "" : "s"} ended)`,
      target: { type: "user", id: done.user.id },
      details: { sessionsEnded: done.sessionsEnded },
    },
    log,
  );
  return {
    status: "ok",
    username: done.user.username,
    sessionsEnded: done.sessionsEnded,
    message: RESET_MESSAGES.done,
  };
}
