// The sign-in, registration and code forms' fields and messages as plain data: no validation
// library here, so the sign-in page renders (and says what went wrong) before the schemas load.
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

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  recoveryRequired: "Enter one of your recovery codes",
  wrongCode: "That code didn't work. Check your authenticator app and try again.",
  reusedCode: "That code has just been used. Wait for the next code in your app and enter that one.",
  wrongRecoveryCode: "That recovery code didn't work. Each code works only once.",
  expired: "Your sign-in timed out or had too many wrong codes. Please enter your password again.",
} as const;

/** The fields of the sign-in, registration and code forms: what their field errors can name. */
export const AUTH_FIELDS = ["username", "password", "code"] as const;
export type AuthFieldErrors = FieldErrors<(typeof AUTH_FIELDS)[number]>;
