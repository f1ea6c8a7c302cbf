// The sign-in, registration and code forms' schemas (zod), shared by the browser and the server.
// The sign-in page loads this file when a form is first used; its words are in ./auth-fields.
import * as z from "zod/mini";
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from "./auth-fields";
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MESSAGES, NEW_PASSWORD_MIN } from "./password-rule";

const trimmed = (message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((v: string) => v.trim()),
  );

/** A password someone chooses: the length part of the one rule (spaces count; nothing is trimmed). */
export const newPasswordSchema = () =>
  z
    .string({ error: NEW_PASSWORD_MESSAGES.short })
    .check(
      z.minLength(NEW_PASSWORD_MIN, NEW_PASSWORD_MESSAGES.short),
      z.maxLength(NEW_PASSWORD_MAX, NEW_PASSWORD_MESSAGES.long),
    );

export const LoginSchema = z.object({
  username: z.pipe(
    trimmed(AUTH_MESSAGES.usernameRequired),
    z.string().check(
      z.minLength(1, AUTH_MESSAGES.usernameRequired),
      z.maxLength(100, "Username is too long"),
      // No username has one (see RegisterSchema), and the database cannot even look up a NUL.
      z.regex(/^\P{Cc}*$/u, "Username cannot contain control characters"),
    ),
  ),
  // Passwords are not trimmed: spaces are characters like any other.
  password: z
    .string({ error: AUTH_MESSAGES.passwordShort })
    .check(z.minLength(6, AUTH_MESSAGES.passwordShort), z.maxLength(256, "Password is too long")),
});

export const RegisterSchema = z.object({
  username: z.pipe(
    trimmed(AUTH_MESSAGES.usernameShort),
    z
      .string()
      .check(
        z.minLength(3, AUTH_MESSAGES.usernameShort),
        z.maxLength(50, "Username must be at most 50 characters"),
        z.regex(/^[\p{L}\p{N}._@-]+$/u, "Username can only contain letters, numbers, dots, dashes, underscores and @"),
      ),
  ),
  // A new password: the one rule for every password someone chooses (./password-rule).
  password: newPasswordSchema(),
});

/** The sign-in's second step: a 6-digit code from the app, or one of the recovery codes. */
export const TwoFactorCodeSchema = z.object({
  code: z.pipe(
    trimmed(TWO_FACTOR_MESSAGES.codeRequired),
    z.string().check(z.minLength(1, TWO_FACTOR_MESSAGES.codeRequired), z.maxLength(64, "That code is too long")),
  ),
});

export type LoginInput = z.infer<typeof LoginSchema>;
