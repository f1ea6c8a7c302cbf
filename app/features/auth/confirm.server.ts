import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import * as z from "zod/mini";
import { users } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { isSixDigitCode } from "~/forms/code-schema";
import type { AppServices } from "~/services.server";
import { TWO_FACTOR_MESSAGES } from "./auth-fields";
import { verifyPassword } from "./password.server";
import { markSessionConfirmed, readSession } from "./session.server";
import { consumeRecoveryCode } from "./two-factor/recovery-codes.server";
import { consumeTotp, decryptTotpSecret } from "./two-factor/totp.server";

export const CONFIRM_MESSAGES = {
  passwordRequired: "Enter your password",
  wrongPassword: "That is not your password",
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  wrongCode: "That code didn't work. Check your authenticator app, or use an unused recovery code.",
} as const;

const ConfirmSchema = z.object({
  password: z
    .string({ error: CONFIRM_MESSAGES.passwordRequired })
    .check(z.minLength(1, CONFIRM_MESSAGES.passwordRequired), z.maxLength(256, "Password is too long")),
  code: z.optional(z.string().check(z.maxLength(64, "That code is too long"))),
});

export type ConfirmResult =
  | { status: "ok" }
  | { status: "signed-out" }
  | { status: "invalid" | "denied"; message: string; fieldErrors: Record<string, string> }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

type Ctx = { services: AppServices; token: string | undefined; ip: string; logger?: Logger };

/**
 * POST /api/auth/confirm: the signed-in user proves it is them again (their password, and their
 * code when two-factor is on); the session is then confirmed for 10 minutes, on its row in the
 * database. Throttled with the sign-in limits, so a stolen session cannot guess the password
 * faster than a sign-in could. A refusal is in the audit log; the password and code never are.
 */
export async function confirmIdentity(raw: unknown, ctx: Ctx): Promise<ConfirmResult> {
  const { db } = ctx.services.database;
  const log = ctx.logger ?? ctx.services.logger;
  const session = await readSession(db, ctx.token, ctx.services.sessions);
  if (!session) return { status: "signed-out" };
  const parsed = ConfirmSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "password");
    return { status: "invalid", message: issue.message, fieldErrors: { [field]: issue.message } };
  }
  const code = parsed.data.code?.trim() ?? "";
  if (session.twoFactorEnabled && !code)
    return {
      status: "invalid",
      message: CONFIRM_MESSAGES.codeRequired,
      fieldErrors: { code: CONFIRM_MESSAGES.codeRequired },
    };

  const userKey = `user:${session.username.toLowerCase()}`;
  const [byIp, byUser] = [
    await ctx.services.limits.loginIp.consume(`ip:${ctx.ip}`),
    await ctx.services.limits.loginUser.consume(userKey),
  ];
  const blocked = !byIp.allowed ? byIp : !byUser.allowed ? byUser : null;
  if (blocked) {
    const minutes = Math.ceil(blocked.retryAfterSeconds / 60);
    return {
      status: "rate-limited",
      retryAfterSeconds: blocked.retryAfterSeconds,
      message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    };
  }

  const [user] = await db
    .select({ password: users.password, secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, session.id));
  const actor = { userId: session.id, username: session.username, ip: ctx.ip };
  const refuse = async (reason: "password" | "code", field: string, message: string): Promise<ConfirmResult> => {
    log.warn(
      { event: "confirm", outcome: "failed", reason, username: session.username, ip: ctx.ip },
      "confirm refused",
    );
    await recordAudit(
      db,
      actor,
      {
        action: "account.confirm-failure",
        summary: `${session.username} failed to confirm it was them (${reason === "password" ? "wrong password" : "wrong code"})`,
        details: { reason },
      },
      log,
    );
    return { status: "denied", message, fieldErrors: { [field]: message } };
  };
  if (!user || !(await verifyPassword(user.password, parsed.data.password)))
    return refuse("password", "password", CONFIRM_MESSAGES.wrongPassword);

  if (session.twoFactorEnabled) {
    const byCode = await ctx.services.limits.twoFactorUser.consume(`user:${session.id}`);
    if (!byCode.allowed) {
      const minutes = Math.ceil(byCode.retryAfterSeconds / 60);
      return {
        status: "rate-limited",
        retryAfterSeconds: byCode.retryAfterSeconds,
        message: `Too many code attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      };
    }
    let ok: boolean;
    if (isSixDigitCode(code)) {
      const secret = decryptTotpSecret(user.secret, ctx.services.appSecret, session.id);
      ok = secret !== null && (await consumeTotp(db, session.id, secret, code)) === "ok";
    } else {
      ok = await consumeRecoveryCode(db, session.id, code);
    }
    if (!ok)
      return refuse(
        "code",
        "code",
        isSixDigitCode(code) ? CONFIRM_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      );
    await ctx.services.limits.twoFactorUser.reset(`user:${session.id}`);
  }

  await ctx.services.limits.loginUser.reset(userKey);
  await markSessionConfirmed(db, ctx.token);
  log.info({ event: "confirm", outcome: "ok", username: session.username, ip: ctx.ip }, "session confirmed");
  return { status: "ok" };
}
