// Field building blocks for the admin resource schemas (pages, projects, testimonials, FAQs).
// zod/mini like the contact form: one schema per resource, used by its form for instant errors and
// by its API as the final word. Never imports server code.
import * as z from "zod/mini";
import { cleanText } from "~/forms/clean-text";

const atMost = (limit: number, label: string) =>
  z.maxLength(limit, `${label} must be at most ${limit.toLocaleString("en-IE")} characters`);

/**
 * A required text field: cleaned (trimmed, control characters removed), at least `min` characters
 * (spec section 5 message) and at most `max` (the column's length).
 */
export function requiredText({
  label,
  min,
  message,
  max,
  multiline = false,
}: {
  label: string;
  min: number;
  message: string;
  max?: number;
  multiline?: boolean;
}) {
  return z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((v: string) => cleanText(v, multiline)),
    ),
    z.string().check(z.minLength(min, message), ...(max ? [atMost(max, label)] : [])),
  );
}

/** An optional text field: missing, null and blank are all stored as null. */
export function optionalText({ label, max, multiline = false }: { label: string; max?: number; multiline?: boolean }) {
  return z.pipe(
    z.nullish(
      z.pipe(
        z.pipe(
          z.string({ error: `${label} must be text` }),
          z.transform((v: string) => cleanText(v, multiline)),
        ),
        z.string().check(...(max ? [atMost(max, label)] : [])),
      ),
    ),
    z.transform((v: string | null | undefined) => v || null),
  );
}

export const DISPLAY_ORDER_MESSAGES = {
  whole: "Display order must be a whole number",
  min: "Display order must be 0 or more",
  max: "Display order must be at most 1,000,000",
} as const;

/**
 * Spec section 5: display order inputs take whole numbers, anything non-numeric (blank included)
 * becomes 0, lower numbers appear first. A number with a fraction or below 0 is an error.
 */
export const displayOrderField = z.pipe(
  z.pipe(
    z.nullish(z.union([z.number(), z.string()], { error: DISPLAY_ORDER_MESSAGES.whole })),
    z.transform((v: number | string | null | undefined): number => {
      if (typeof v === "number") return v;
      const n = v == null || v.trim() === "" ? 0 : Number(v.trim());
      return Number.isFinite(n) ? n : 0;
    }),
  ),
  z.number().check(
    z.refine((n: number) => Number.isInteger(n), DISPLAY_ORDER_MESSAGES.whole),
    z.gte(0, DISPLAY_ORDER_MESSAGES.min),
    z.lte(1_000_000, DISPLAY_ORDER_MESSAGES.max),
  ),
);

/** A yes/no field that defaults to false (featured). */
export const flagField = (label: string) =>
  z.pipe(
    z.nullish(z.boolean({ error: `${label} must be true or false` })),
    z.transform((v: boolean | null | undefined) => v ?? false),
  );

/** One of a fixed list of categories; missing or blank means the default. */
export function categoryField<const T extends readonly [string, ...string[]]>(ids: T, fallback: T[number]) {
  return z.pipe(
    z.nullish(z.union([z.literal(""), z.enum(ids)], { error: "Please choose a category from the list" })),
    z.transform((v: T[number] | "" | null | undefined): T[number] => v || fallback),
  );
}

/** A visitor's text field, cleaned (cleanText); a wrong type or a missing value gets the field's own message. */
export function cleanedString(message: string, multiline = false) {
  return z.pipe(
    z.string({ error: message }),
    z.transform((v: string) => cleanText(v, multiline)),
  );
}

/** "Name must be at most 100 characters" */
export const maxChars = (n: number, what: string) =>
  z.maxLength(n, `${what} must be at most ${n.toLocaleString("en-IE")} characters`);
