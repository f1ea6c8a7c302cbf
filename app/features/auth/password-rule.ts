// The one rule for every new password (first account, added users, own change, an admin's reset,
// a forgotten-password reset, the CLI): its numbers and words, without the validation library so
// the sign-in page can show them before its schemas load. The length check is newPasswordSchema
// (auth-schema.ts); the server also refuses commonly used passwords (password.server.ts).

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
