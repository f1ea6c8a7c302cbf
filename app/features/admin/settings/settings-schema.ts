import * as z from "zod/mini";

// My Account's digest address form (the auto-reply's form is in features/leads/auto-reply-schema.ts).

/** Your own address for the daily digest (My Account); empty: no digest. */
export const DigestEmailSchema = z.object({
  email: z.union([
    z.literal(""),
    z.email({ error: "Enter a valid e-mail address, or leave it empty for no digest" }).check(z.maxLength(254)),
  ]),
});
