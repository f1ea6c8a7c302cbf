import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";
import { RESERVED_SLUGS } from "~/features/pages/page-slugs";
import { optionalText, requiredText } from "~/forms/schema-fields";

/** Spec section 5. */
export const PAGE_MESSAGES = {
  title: "Title is required",
  slugShort: "Slug must be at least 3 characters",
  slugChars: "Slug can only contain lowercase letters, numbers, and hyphens",
  slugReserved: "This slug is used by the website itself; choose another",
  slugTaken: "A page with this slug already exists",
  content: "Content must be at least 10 characters",
} as const;

export const PageSchema = z.object({
  title: requiredText({ label: "Title", min: 1, message: PAGE_MESSAGES.title, max: 255 }),
  slug: z.pipe(
    requiredText({ label: "Slug", min: 3, message: PAGE_MESSAGES.slugShort, max: 100 }),
    z.string().check(
      z.regex(/^[a-z0-9-]+$/, PAGE_MESSAGES.slugChars),
      z.refine((slug: string) => !RESERVED_SLUGS.has(slug), PAGE_MESSAGES.slugReserved),
    ),
  ),
  description: optionalText({ label: "Description", multiline: true, max: 5000 }),
  content: requiredText({ label: "Content", min: 10, message: PAGE_MESSAGES.content, max: 100_000, multiline: true }),
  metaTitle: optionalText({ label: "Meta title", max: 255 }),
  metaDescription: optionalText({ label: "Meta description", max: 1000 }),
});

export type PageInput = z.infer<typeof PageSchema>;
export type PageField = keyof PageInput;

/** The form's fields as the API's JSON payload. */
export const pagePayload = (form: FormData) =>
  formPayload(form, ["title", "slug", "description", "content", "metaTitle", "metaDescription"]);
