import * as z from "zod/mini";
import type { FieldErrors } from "~/forms/field-errors";

/** Spec section 5. */
export const AUTH_MESSAGES = {
  usernameRequired: "Username is required",
  usernameShort: "Username must be at least 3 characters",
  passwordShort: "Password must be at least 6 characters",
} as const;

export const INVALID_CREDENTIALS = "Invalid username or password";
export const REGISTRATION_CLOSED =
  "Registration is closed: this site already has an admin. Ask an existing admin to add your account.";

const trimmed = (message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((v: string) => v.trim()),
  );

export const LoginSchema = z.object({
  username: z.pipe(
    trimmed(AUTH_MESSAGES.usernameRequired),
    z.string().check(z.minLength(1, AUTH_MESSAGES.usernameRequired), z.maxLength(100, "Username is too long")),
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
  password: z
    .string({ error: AUTH_MESSAGES.passwordShort })
    .check(z.minLength(6, AUTH_MESSAGES.passwordShort), z.maxLength(256, "Password is too long")),
});

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  recoveryRequired: "Enter one of your recovery codes",
  wrongCode: "That code didn't work. Check your authenticator app and try again.",
  reusedCode: "That code has just been used. Wait for the next code in your app and enter that one.",
  wrongRecoveryCode: "That recovery code didn't work. Each code works only once.",
  expired: "Your sign-in timed out or had too many wrong codes. Please enter your password again.",
} as const;

/** The sign-in's second step: a 6-digit code from the app, or one of the recovery codes. */
export const TwoFactorCodeSchema = z.object({
  code: z.pipe(
    trimmed(TWO_FACTOR_MESSAGES.codeRequired),
    z.string().check(z.minLength(1, TWO_FACTOR_MESSAGES.codeRequired), z.maxLength(64, "That code is too long")),
  ),
});

export type LoginInput = z.infer<typeof LoginSchema>;
/** The fields of the sign-in, registration and code forms: what their field errors can name. */
export const AUTH_FIELDS = ["username", "password", "code"] as const;
export type AuthFieldErrors = FieldErrors<(typeof AUTH_FIELDS)[number]>;
