import * as z from "zod/mini";

// My Account's digest address form (the auto-reply's form is in features/leads/auto-reply-schema.ts).

/**
 * A user's e-mail address (My Account, and an admin on the users page): where password reset links
 * and the daily digest go; empty: none.
 */
export const DigestEmailSchema = z.object({
  email: z.union([
    z.literal(""),
    z.email({ error: "Enter a valid e-mail address, or leave it empty for none" }).check(z.maxLength(254)),
  ]),
});
