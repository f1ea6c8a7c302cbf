import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";
import { displayOrderField, flagField, optionalText, requiredText } from "~/forms/schema-fields";

/** Spec section 5. */
export const TESTIMONIAL_MESSAGES = {
  name: "Name must be at least 2 characters",
  content: "Testimonial content must be at least 10 characters",
  starsMin: "Minimum rating is 1 star",
  starsMax: "Maximum rating is 5 stars",
  starsWhole: "Rating must be a whole number of stars",
} as const;

/** Stars from 1 to 5; missing or blank means the default, 5. */
const starsField = z.pipe(
  z.pipe(
    z.nullish(z.union([z.number(), z.string()], { error: TESTIMONIAL_MESSAGES.starsWhole })),
    z.transform((v: number | string | null | undefined): number => {
      if (typeof v === "number") return v;
      return v == null || v.trim() === "" ? 5 : Number(v.trim());
    }),
  ),
  z.number({ error: TESTIMONIAL_MESSAGES.starsWhole }).check(
    z.refine((n: number) => Number.isInteger(n), TESTIMONIAL_MESSAGES.starsWhole),
    z.gte(1, TESTIMONIAL_MESSAGES.starsMin),
    z.lte(5, TESTIMONIAL_MESSAGES.starsMax),
  ),
);

export const TestimonialSchema = z.object({
  name: requiredText({ label: "Name", min: 2, message: TESTIMONIAL_MESSAGES.name, max: 255 }),
  title: optionalText({ label: "Job title", max: 255 }),
  company: optionalText({ label: "Company", max: 255 }),
  location: optionalText({ label: "Location", max: 255 }),
  content: requiredText({
    label: "Testimonial content",
    min: 10,
    message: TESTIMONIAL_MESSAGES.content,
    max: 5000,
    multiline: true,
  }),
  stars: starsField,
  featured: flagField("Featured"),
  displayOrder: displayOrderField,
});

export type TestimonialInput = z.infer<typeof TestimonialSchema>;

/** Whether a testimonial shows on the site: a client's review arrives "pending" until staff decide (issue 39). */
export const TESTIMONIAL_STATUS_VALUES = ["pending", "published", "hidden"] as const;
export const TESTIMONIAL_STATUS_LABELS = {
  pending: "Awaiting approval",
  published: "Published",
  hidden: "Hidden",
} as const;

/** What staff may set on any testimonial, a client's verified review included: { status?, reply? }. */
export const TestimonialDecisionSchema = z.object({
  status: z.optional(z.enum(TESTIMONIAL_STATUS_VALUES, { error: 'Status must be "pending", "published" or "hidden"' })),
  reply: z.optional(optionalText({ label: "Reply", max: 2000, multiline: true })),
});
export type TestimonialDecision = z.infer<typeof TestimonialDecisionSchema>;

/** The admin's form: the words and the decision in one. */
export const TestimonialFormSchema = z.extend(TestimonialSchema, TestimonialDecisionSchema.shape);

/** The words of a testimonial: on a client's verified review they are the client's, never changed by staff. */
export const TESTIMONIAL_WORDS = ["name", "title", "company", "location", "content", "stars"] as const;

export const VERIFIED_WORDS_MESSAGE =
  "This is a client's own review: its words, name and stars stay as they wrote them. Publish or hide it, or add a reply.";
export type TestimonialField = keyof TestimonialInput;

/** The form's fields as the API's JSON payload. */
export const testimonialPayload = (form: FormData) =>
  formPayload(
    form,
    ["name", "title", "company", "location", "content", "stars", "displayOrder", "status", "reply"],
    ["featured"],
  );
