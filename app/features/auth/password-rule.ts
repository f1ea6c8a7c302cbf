// The one rule for every new password (first account, added users, own change, an admin's reset,
// a forgotten-password reset, the CLI): its words and the length check, shared by the browser and
// the server. The server also refuses commonly used passwords (password.server.ts).
import * as z from "zod/mini";

export const NEW_PASSWORD_MIN = 10;
export const NEW_PASSWORD_MAX = 256;

export const NEW_PASSWORD_MESSAGES = {
  /** Shown under every new-password box before anything is typed. */
  rule: `At least ${NEW_PASSWORD_MIN} characters, and not a commonly used password.`,
  short: `Password must be at least ${NEW_PASSWORD_MIN} characters`,
  long: `Password must be at most ${NEW_PASSWORD_MAX} characters`,
  common:
    "This password is on a list of commonly used passwords, so it is easy to guess. Choose another of at least 10 characters.",
} as const;

/** A password someone chooses: the length part of the rule (spaces count; nothing is trimmed). */
export const newPasswordSchema = () =>
  z
    .string({ error: NEW_PASSWORD_MESSAGES.short })
    .check(
      z.minLength(NEW_PASSWORD_MIN, NEW_PASSWORD_MESSAGES.short),
      z.maxLength(NEW_PASSWORD_MAX, NEW_PASSWORD_MESSAGES.long),
    );
