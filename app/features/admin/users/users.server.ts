import crypto from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginChallenges, users } from "~/db/schema";
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from "~/features/auth/password.server";
import { destroyUserSessions } from "~/features/auth/session.server";
import { clearTwoFactor } from "~/features/auth/two-factor/two-factor.server";
import { fieldErrorsOf, type FieldErrors } from "~/forms/field-errors";
import { isUniqueViolation } from "~/db/database-errors";
import { ROLE_LABELS, type Role } from "~/features/auth/access";
import {
  ChangePasswordSchema,
  FullNameSchema,
  NewUserSchema,
  ResetPasswordSchema,
  UpdateUserSchema,
} from "./users-schema";
import { DigestEmailSchema } from "../settings/settings-schema";

export type UserSummary = {
  id: number;
  username: string;
  /** "" until set: then `staffName` falls back to the username. */
  fullName: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  twoFactor: boolean;
  role: Role;
  /** Where reset links and the digest go (null: none). */
  email: string | null;
};

type Invalid = { status: "invalid"; fieldErrors: FieldErrors; message: string };
const invalid = (fieldErrors: FieldErrors, message = "Please correct the highlighted fields."): Invalid => ({
  status: "invalid",
  fieldErrors,
  message,
});

const summaryColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  twoFactor: sql<boolean>`${users.totpEnabledAt} is not null`,
  role: users.role,
  email: users.email,
};

export function listUsers(db: Db): Promise<UserSummary[]> {
  return db
    .select(summaryColumns)
    .from(users)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

export async function getUserSummary(db: Db, id: number): Promise<UserSummary | null> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * A strong password to hand to someone: 20 characters from an alphabet without look-alikes
 * (no 0/O, 1/l/I), in groups of five — about 100 bits, easy to read out or type.
 */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const chars = Array.from({ length: 20 }, () => alphabet[crypto.randomInt(alphabet.length)]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

/** A chosen password must not be on the common-passwords list; a generated one is returned to show once. */
async function passwordFrom(
  mode: "generate" | "choose",
  typed: string | undefined,
): Promise<{ password: string; generated: boolean } | Invalid> {
  if (mode === "generate") return { password: generatePassword(), generated: true };
  if (await isCommonPassword(typed!)) return invalid({ password: COMMON_PASSWORD_MESSAGE });
  return { password: typed!, generated: false };
}

export type CreateUserResult =
  | { status: "ok"; user: UserSummary; generatedPassword: string | null }
  | Invalid
  | { status: "conflict"; fieldErrors: Record<string, string>; message: string };

export async function createUser(db: Db, raw: unknown): Promise<CreateUserResult> {
  const parsed = NewUserSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const { username, fullName = "", role, passwordMode, password: typed } = parsed.data;
  const chosen = await passwordFrom(passwordMode, typed);
  if ("status" in chosen) return chosen;
  const taken = {
    status: "conflict" as const,
    fieldErrors: { username: "That username is already taken" },
    message: "That username is already taken",
  };
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  if (existing) return taken;
  try {
    const [row] = await db
      .insert(users)
      .values({ username, fullName, role, password: await hashPassword(chosen.password) })
      .returning({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        createdAt: users.createdAt,
        role: users.role,
      });
    return {
      status: "ok",
      user: { ...row!, lastSignInAt: null, twoFactor: false, email: null },
      generatedPassword: chosen.generated ? chosen.password : null,
    };
  } catch (error) {
    // Two admins adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}

export type ResetPasswordResult =
  | { status: "ok"; username: string; generatedPassword: string | null; sessionsEnded: number }
  | Invalid
  | { status: "not-found" }
  | { status: "self"; message: string };

/**
 * Sets another user's password (they forgot it, or someone left). Their sessions end, so whoever
 * holds the old password is signed out everywhere. Your own password is changed on My Account,
 * where the current one is asked for.
 */
export async function resetUserPassword(
  db: Db,
  actorId: number,
  targetId: number,
  raw: unknown,
): Promise<ResetPasswordResult> {
  if (targetId === actorId)
    return {
      status: "self",
      message: "To change your own password, use My Account: it asks for your current password.",
    };
  const parsed = ResetPasswordSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const chosen = await passwordFrom(parsed.data.passwordMode, parsed.data.password);
  if ("status" in chosen) return chosen;
  const hashed = await hashPassword(chosen.password);
  const [row] = await db
    .update(users)
    .set({ password: hashed })
    .where(eq(users.id, targetId))
    .returning({ username: users.username });
  if (!row) return { status: "not-found" };
  const sessionsEnded = await destroyUserSessions(db, targetId);
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, targetId));
  return {
    status: "ok",
    username: row.username,
    generatedPassword: chosen.generated ? chosen.password : null,
    sessionsEnded,
  };
}

/** Arbitrary constant key for the lock deletions and role changes take turns under. */
const USER_DELETE_LOCK = 48_210_378;

export const CANNOT_DELETE_SELF = "You can't delete your own account. Ask another admin to do it.";
export const CANNOT_DELETE_LAST = "This is the only user left: the website would have no one who can sign in.";
export const LAST_OWNER_DELETE =
  "This is the only owner: make another user an owner before deleting this one, or no one could manage users, prices and settings.";
export const LAST_OWNER_DEMOTE =
  "This is the only owner: make another user an owner before changing this role, or no one could manage users, prices and settings.";

/** Owners other than this user (inside the lock: the answer holds until the transaction ends). */
const otherOwners = (tx: Pick<Db, "$count">, userId: number) =>
  tx.$count(users, and(eq(users.role, "owner"), ne(users.id, userId)));

export type DeleteUserResult =
  { status: "ok"; username: string } | { status: "not-found" } | { status: "refused"; message: string };

/**
 * Deletes a user (their sessions and 2FA codes go with them) — never the last one, never
 * yourself. Deletions take turns under a lock, so two admins deleting each other leave one.
 */
export async function deleteUser(db: Db, actorId: number, targetId: number): Promise<DeleteUserResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_DELETE_LOCK})`);
    const [target] = await tx
      .select({ username: users.username, role: users.role })
      .from(users)
      .where(eq(users.id, targetId));
    if (!target) return { status: "not-found" } as const;
    if ((await tx.$count(users)) <= 1) return { status: "refused", message: CANNOT_DELETE_LAST } as const;
    if (targetId === actorId) return { status: "refused", message: CANNOT_DELETE_SELF } as const;
    if (target.role === "owner" && (await otherOwners(tx, targetId)) === 0)
      return { status: "refused", message: LAST_OWNER_DELETE } as const;
    // The actor may have been deleted a moment ago by someone else: then they can't delete anyone.
    const [actor] = await tx.select({ id: users.id }).from(users).where(eq(users.id, actorId));
    if (!actor) return { status: "refused", message: "Your account no longer exists." } as const;
    await tx.delete(users).where(eq(users.id, targetId));
    return { status: "ok", username: target.username } as const;
  });
}

export type ChangeRoleResult =
  | { status: "ok"; user: UserSummary; from: Role; to: Role }
  | { status: "unchanged"; user: UserSummary }
  | Invalid
  | { status: "not-found" }
  | { status: "refused"; message: string };

/**
 * Gives a user another role. Never leaves the site without an owner: demoting the last one is
 * refused (under the same lock as deletions, so two owners demoting each other leave one).
 */
export async function changeUserRole(db: Db, targetId: number, raw: unknown): Promise<ChangeRoleResult> {
  const parsed = UpdateUserSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), fieldErrorsOf(parsed.error).role);
  const to = parsed.data.role;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_DELETE_LOCK})`);
    const [target] = await tx.select(summaryColumns).from(users).where(eq(users.id, targetId));
    if (!target) return { status: "not-found" } as const;
    if (target.role === to) return { status: "unchanged", user: target } as const;
    if (target.role === "owner" && (await otherOwners(tx, targetId)) === 0)
      return { status: "refused", message: LAST_OWNER_DEMOTE } as const;
    await tx.update(users).set({ role: to }).where(eq(users.id, targetId));
    return { status: "ok", user: { ...target, role: to }, from: target.role, to } as const;
  });
}

export const roleChangeSummary = (username: string, from: Role, to: Role) =>
  `Changed ${username}'s role from ${ROLE_LABELS[from]} to ${ROLE_LABELS[to]}`;

/** For someone who lost their phone and their recovery codes: an admin turns their 2FA off. */
export async function turnOffTwoFactorFor(
  db: Db,
  actorId: number,
  targetId: number,
): Promise<{ status: "ok"; username: string } | { status: "not-found" } | { status: "self"; message: string }> {
  if (targetId === actorId) return { status: "self", message: "Turn off your own two-factor sign-in on My Account." };
  const cleared = await clearTwoFactor(db, targetId);
  return cleared ? { status: "ok", username: cleared.username } : { status: "not-found" };
}

export type ChangePasswordResult =
  | { status: "ok"; sessionsEnded: number }
  | Invalid
  | { status: "denied"; fieldErrors: Record<string, string>; message: string };

export const WRONG_CURRENT_PASSWORD = "That is not your current password";

/**
 * Changes your own password after checking the current one. Every other session of yours ends
 * (a lost phone, a shared computer); the one making the change stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  currentToken: string | undefined,
  raw: unknown,
): Promise<ChangePasswordResult> {
  const parsed = ChangePasswordSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const { currentPassword, newPassword } = parsed.data;
  const [user] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.password, currentPassword))) {
    return {
      status: "denied",
      fieldErrors: { currentPassword: WRONG_CURRENT_PASSWORD },
      message: WRONG_CURRENT_PASSWORD,
    };
  }
  if (await isCommonPassword(newPassword)) return invalid({ newPassword: COMMON_PASSWORD_MESSAGE });
  await db
    .update(users)
    .set({ password: await hashPassword(newPassword) })
    .where(eq(users.id, userId));
  const sessionsEnded = await destroyUserSessions(db, userId, currentToken);
  return { status: "ok", sessionsEnded };
}

/**
 * For the CLI, when nobody can sign in (the only admin forgot the password, or lost both phone and
 * recovery codes): sets a password and, if asked, turns off two-factor sign-in. Sessions end.
 */
export async function resetPasswordAsOperator(
  db: Db,
  username: string,
  password: string,
  options: { turnOffTwoFactor: boolean },
): Promise<{ status: "ok"; userId: number; username: string } | { status: "not-found" } | Invalid> {
  const parsed = ResetPasswordSchema.safeParse({ passwordMode: "choose", password });
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), fieldErrorsOf(parsed.error).password);
  if (await isCommonPassword(password)) return invalid({ password: COMMON_PASSWORD_MESSAGE }, COMMON_PASSWORD_MESSAGE);
  const [row] = await db
    .update(users)
    .set({ password: await hashPassword(password) })
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .returning({ id: users.id, username: users.username });
  if (!row) return { status: "not-found" };
  if (options.turnOffTwoFactor) await clearTwoFactor(db, row.id);
  await destroyUserSessions(db, row.id);
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, row.id));
  return { status: "ok", userId: row.id, username: row.username };
}

/** Sets another user's e-mail address (where their reset links and digest go); empty: none. */
export async function setUserEmail(
  db: Db,
  targetId: number,
  raw: unknown,
): Promise<{ status: "ok"; username: string; email: string | null } | { status: "not-found" } | Invalid> {
  const parsed = DigestEmailSchema.safeParse(raw ?? {});
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error, ["email"]));
  const email = parsed.data.email.trim() || null;
  const [row] = await db
    .update(users)
    .set({ email })
    .where(eq(users.id, targetId))
    .returning({ username: users.username });
  return row ? { status: "ok", username: row.username, email } : { status: "not-found" };
}

/** Sets a user's full name (their own on My Account, anyone's for an owner): trimmed, 1 to 80 characters. */
export async function setFullName(
  db: Db,
  targetId: number,
  raw: unknown,
): Promise<{ status: "ok"; username: string; fullName: string } | { status: "not-found" } | Invalid> {
  const parsed = FullNameSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error, ["fullName"]);
    return invalid(fieldErrors, fieldErrors.fullName);
  }
  const { fullName } = parsed.data;
  const [row] = await db
    .update(users)
    .set({ fullName })
    .where(eq(users.id, targetId))
    .returning({ username: users.username });
  return row ? { status: "ok", username: row.username, fullName } : { status: "not-found" };
}
