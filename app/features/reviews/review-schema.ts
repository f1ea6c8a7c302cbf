import * as z from "zod/mini";
import { optionalText, requiredText } from "~/forms/schema-fields";

// The client's review form at /r/<token> (issue 39): fields stars, text, name, company, consentName.
// The page's form checks it as they type; the route's action re-checks it and is the final word.

export const REVIEW_MESSAGES = {
  stars: "Choose from 1 to 5 stars",
  text: "Tell us in a few words how the job went (at least 10 characters)",
  name: "Enter your name (at least 2 characters)",
} as const;

const stars = z.pipe(
  z.union([z.number(), z.string()], { error: REVIEW_MESSAGES.stars }),
  z.pipe(
    z.transform((v: number | string) => (typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v))),
    z
      .number({ error: REVIEW_MESSAGES.stars })
      .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, REVIEW_MESSAGES.stars)),
  ),
);

/** A tick from a form ("on", "true") or JSON (true); anything else is no consent. */
const consent = z.pipe(
  z.unknown(),
  z.transform((v: unknown) => v === true || v === "on" || v === "true"),
);

export const ReviewAnswerSchema = z.object({
  stars,
  text: requiredText({ label: "Your review", min: 10, message: REVIEW_MESSAGES.text, max: 3000, multiline: true }),
  name: requiredText({ label: "Your name", min: 2, message: REVIEW_MESSAGES.name, max: 120 }),
  company: optionalText({ label: "Company", max: 160 }),
  consentName: consent,
});

export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;
export type ReviewAnswerField = keyof ReviewAnswer;
