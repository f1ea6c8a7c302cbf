// "Forgot password?": the two forms' schemas and words, shared by the browser and the server.
import * as z from "zod/mini";
import { newPasswordSchema } from "./auth-schema";

export const RESET_MESSAGES = {
  usernameRequired: "Enter your username",
  /** The same answer whether or not the account exists or has an e-mail address (no guessing names). */
  sent: "If that account has an e-mail address, a link to set a new password is on its way. It works once, for 30 minutes.",
  gone: "This link has expired or has already been used. Ask for a new one from the sign-in page.",
  mismatch: "The two passwords don't match",
  done: "Your password has been changed and every session signed out. Sign in with your new password.",
} as const;

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

export const ResetRequestSchema = z.object({
  username: z.pipe(
    z.pipe(
      z.string({ error: RESET_MESSAGES.usernameRequired }),
      z.transform((v: string) => v.trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, RESET_MESSAGES.usernameRequired),
        z.maxLength(100, "Username is too long"),
        z.regex(/^\P{Cc}*$/u, "Username cannot contain control characters"),
      ),
  ),
});

/** The new password (the one rule for new passwords); the page asks for it twice, the API once. */
export const ResetPasswordWithLinkSchema = z.object({ password: newPasswordSchema() });

export const ResetPasswordFormSchema = z
  .object({ password: newPasswordSchema(), confirmPassword: z.string({ error: RESET_MESSAGES.mismatch }) })
  .check((ctx) => {
    if (ctx.value.password !== ctx.value.confirmPassword)
      ctx.issues.push({
        code: "custom",
        path: ["confirmPassword"],
        message: RESET_MESSAGES.mismatch,
        input: ctx.value.confirmPassword,
      });
  });
