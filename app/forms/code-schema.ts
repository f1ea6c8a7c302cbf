// The 6-digit code of an authenticator app (TOTP), as people type it: spaces anywhere are ignored
// ("123 456" is fine). One schema for every place that asks for one: the sign-in's code step, the
// two-factor set-up and turning it off, and the server's own check before it computes anything.
import * as z from "zod/mini";

export const CODE_MESSAGE = "Enter the 6-digit code your authenticator app shows now.";

/** The code with its spaces removed: exactly six digits, or CODE_MESSAGE. */
export const SixDigitCodeSchema = z.pipe(
  z.pipe(
    z.string({ error: CODE_MESSAGE }),
    z.transform((value: string) => value.replace(/\s+/g, "")),
  ),
  z.string().check(z.regex(/^\d{6}$/, CODE_MESSAGE)),
);

/** Whether a code is a 6-digit app code (spaces allowed) rather than, say, a recovery code. */
export const isSixDigitCode = (value: string): boolean => SixDigitCodeSchema.safeParse(value).success;
