import { and, eq, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { recoveryCodes, users } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { verifyPassword } from "../password.server";
import type { SessionState } from "../session.server";
import { countRecoveryCodesLeft, replaceRecoveryCodes } from "./recovery-codes.server";
import {
  consumeTotp,
  decryptTotpSecret,
  encryptTotpSecret,
  groupKey,
  matchTotpStep,
  newTotpSecret,
  totpIssuer,
  totpUri,
} from "./totp.server";

type Ctx = { services: AppServices; user: SessionState; ip: string; logger?: Logger };

export type Enrolment = { key: string; uri: string; qrSvg: string };
export type TwoFactorOverview = {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** Set-up in progress: what to scan or type into the app. */
  enrolment: Enrolment | null;
};

/** What the two-factor page shows for the signed-in user. */
export async function getTwoFactorOverview({
  services,
  user,
}: Pick<Ctx, "services" | "user">): Promise<TwoFactorOverview> {
  const { db } = services.database;
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt, pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw new Error("the signed-in user no longer exists");
  if (row.enabledAt) {
    return {
      enabled: true,
      enabledAt: row.enabledAt.toISOString(),
      recoveryCodesLeft: await countRecoveryCodesLeft(db, user.id),
      enrolment: null,
    };
  }
  const secret = decryptTotpSecret(row.pending, services.appSecret, user.id);
  return {
    enabled: false,
    enabledAt: null,
    recoveryCodesLeft: 0,
    enrolment: secret ? await enrolmentFor(secret, user.username) : null,
  };
}

/**
 * The QR code is drawn here on the server as an SVG (the page carries it inline): the secret is
 * never sent to any other service to make a picture.
 */
async function enrolmentFor(secret: string, username: string): Promise<Enrolment> {
  const uri = totpUri(secret, username);
  // Loaded when someone enrols, not at every server start (docs/architecture.md, "Start-up").
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(uri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#0b1f33", light: "#ffffff" },
  });
  return { key: groupKey(secret), uri, qrSvg };
}

/** Starts (or restarts) set-up: a new secret, kept encrypted as pending until a code confirms it. */
export async function startEnrolment({ services, user }: Ctx): Promise<"started" | "already-on"> {
  const { db } = services.database;
  const pending = encryptTotpSecret(newTotpSecret(), services.appSecret, user.id);
  const updated = await db
    .update(users)
    .set({ totpPendingSecret: pending })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return updated.length ? "started" : "already-on";
}

export async function cancelEnrolment({ services, user }: Ctx): Promise<void> {
  await services.database.db.update(users).set({ totpPendingSecret: null }).where(eq(users.id, user.id));
}

export type CodeCheck = { status: "wrong" | "reused" | "rate-limited" | "not-set-up"; message: string };

/**
 * Confirms set-up with a code from the app: turns two-factor on and makes the recovery codes,
 * returned in plain text this once (only their hashes are kept). The confirming code's time step
 * is recorded as used, so the same code cannot then be used to sign in.
 */
export async function confirmEnrolment(ctx: Ctx, code: string): Promise<{ status: "ok"; codes: string[] } | CodeCheck> {
  const { services, user } = ctx;
  const { db } = services.database;
  const log = ctx.logger ?? services.logger;
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt, pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, user.id));
  const secret = row && !row.enabledAt ? decryptTotpSecret(row.pending, services.appSecret, user.id) : null;
  if (!row?.pending || !secret)
    return {
      status: "not-set-up",
      message: "Set-up has not been started, or has already finished. Please start again.",
    };
  const step = matchTotpStep(secret, code);
  if (step === null)
    return {
      status: "wrong",
      message: `That code didn't work. Check that the app shows ${totpIssuer()} and enter the code it shows now.`,
    };

  const codes = await db.transaction(async (tx) => {
    // Only the pending secret that was checked, and only if set-up was not finished meanwhile.
    const done = await tx
      .update(users)
      .set({ totpSecret: row.pending, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, row.pending!), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    return done.length ? replaceRecoveryCodes(tx, user.id) : null;
  });
  if (!codes)
    return {
      status: "not-set-up",
      message: "Set-up has not been started, or has already finished. Please start again.",
    };
  log.info({ event: "two-factor", outcome: "enabled", userId: user.id }, "two-factor sign-in turned on");
  await recordAudit(
    db,
    { userId: user.id, username: user.username, ip: ctx.ip },
    {
      action: "two-factor.enable",
      summary: `${user.username} turned on two-factor sign-in`,
      target: { type: "user", id: user.id },
    },
    log,
  );
  return { status: "ok", codes };
}

/** A current code from the app, for the page's sensitive actions; throttled like the sign-in step. */
async function checkCurrentCode(ctx: Ctx, code: string): Promise<"ok" | CodeCheck> {
  const { services, user } = ctx;
  const limited = await throttled(ctx);
  if (limited) return limited;
  const [row] = await services.database.db
    .select({ secret: users.totpSecret, on: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, user.id));
  const secret = row?.on ? decryptTotpSecret(row.secret, services.appSecret, user.id) : null;
  if (!secret) return { status: "not-set-up", message: "Two-factor sign-in is not on." };
  const outcome = await consumeTotp(services.database.db, user.id, secret, code);
  if (outcome === "ok") return "ok";
  return outcome === "reused"
    ? {
        status: "reused",
        message: "That code has just been used. Wait for the next code in your app and enter that one.",
      }
    : { status: "wrong", message: "That code didn't work. Enter the code your authenticator app shows now." };
}

async function throttled({ services, user, ip }: Ctx): Promise<CodeCheck | null> {
  const byIp = await services.limits.twoFactorIp.consume(`ip:${ip}`);
  const byUser = byIp.allowed ? await services.limits.twoFactorUser.consume(`user:${user.id}`) : byIp;
  if (byUser.allowed) return null;
  const minutes = Math.ceil(byUser.retryAfterSeconds / 60);
  return {
    status: "rate-limited",
    message: `Too many code attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  };
}

/** New recovery codes (the old ones stop working at once), after a current code from the app. */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  code: string,
): Promise<{ status: "ok"; codes: string[] } | CodeCheck> {
  const checked = await checkCurrentCode(ctx, code);
  if (checked !== "ok") return checked;
  const { services, user } = ctx;
  const log = ctx.logger ?? services.logger;
  const codes = await services.database.db.transaction((tx) => replaceRecoveryCodes(tx, user.id));
  await recordAudit(
    services.database.db,
    { userId: user.id, username: user.username, ip: ctx.ip },
    {
      action: "two-factor.recovery-codes",
      summary: `${user.username} made new recovery codes (the old ones no longer work)`,
      target: { type: "user", id: user.id },
    },
    log,
  );
  return { status: "ok", codes };
}

/**
 * Turns two-factor off after the account's password or a current code. Refused while an admin
 * requires two-factor sign-in for everyone (the user would be sent straight back to set it up).
 */
export async function disableTwoFactor(
  ctx: Ctx,
  proof: { password?: string; code?: string },
): Promise<{ status: "ok" } | CodeCheck | { status: "required" | "wrong-password"; message: string }> {
  const { services, user } = ctx;
  const { db } = services.database;
  const log = ctx.logger ?? services.logger;
  if (user.twoFactorRequired)
    return {
      status: "required",
      message: "An admin requires two-factor sign-in for every user, so it can't be turned off.",
    };
  if (proof.code) {
    const checked = await checkCurrentCode(ctx, proof.code);
    if (checked !== "ok") return checked;
  } else {
    const limited = await throttled(ctx);
    if (limited) return limited;
    const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
    if (!row || !(await verifyPassword(row.password, proof.password ?? "")))
      return { status: "wrong-password", message: "That password is not right." };
  }
  await clearTwoFactor(db, user.id);
  log.info({ event: "two-factor", outcome: "disabled", userId: user.id }, "two-factor sign-in turned off");
  await recordAudit(
    db,
    { userId: user.id, username: user.username, ip: ctx.ip },
    {
      action: "two-factor.disable",
      summary: `${user.username} turned off two-factor sign-in`,
      target: { type: "user", id: user.id },
      details: { method: proof.code ? "authenticator" : "password" },
    },
    log,
  );
  return { status: "ok" };
}

/**
 * Turns a user's two-factor sign-in off: secret, pending set-up, last code step and recovery
 * codes, in one transaction. The user's name, or null if there is no such user.
 */
export async function clearTwoFactor(db: Db, userId: number): Promise<{ username: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpPendingSecret: null })
      .where(eq(users.id, userId))
      .returning({ username: users.username });
    if (row) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return row ?? null;
  });
}
