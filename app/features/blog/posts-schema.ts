import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";
import { optionalText, requiredText } from "~/forms/schema-fields";
import { dublinDay } from "~/features/time/dublin-time";

/** What a blog post can be: only published posts are on the public site. */
export const POST_STATUSES = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
] as const;
export type PostStatusValue = (typeof POST_STATUSES)[number]["value"];

export const POST_MESSAGES = {
  title: "Title must be at least 3 characters",
  slugShort: "Slug must be at least 3 characters",
  slugChars: "Slug can only contain lowercase letters, numbers, and hyphens",
  slugReserved: "This slug is used by the blog itself; choose another",
  slugTaken: "A post with this slug already exists",
  excerpt: "Excerpt must be at least 10 characters",
  content: "Content must be at least 10 characters",
  coverImagePath: "Cover image must be a path on this website, starting with /",
  coverImageAlt: "Alt text is required for accessibility",
  status: "Status must be draft or published",
  publishedAt: "Publish date must be a date such as 2025-06-01",
} as const;

/** Addresses under /blog that are not posts. */
export const RESERVED_POST_SLUGS: ReadonlySet<string> = new Set(["rss.xml", "rss", "feed", "page"]);

/** A date typed in the form (2025-06-01) or a full ISO timestamp from the API. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a date-only value names, at noon UTC: the same calendar day in Ireland in summer and
 * winter. (updatePost keeps a post's exact time when the form sends back the day it already had.)
 */
export function parsePublishedAt(value: string): Date | null {
  const trimmed = value.trim();
  const date = new Date(DATE_ONLY.test(trimmed) ? `${trimmed}T12:00:00Z` : trimmed);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1990 && year <= 2200 ? date : null;
}

/** The calendar day (Europe/Dublin) of a moment, as the form's date input shows it: 2025-06-01. */
export const dublinDate = (date: Date | string): string => dublinDay(new Date(date));

const publishedAtField = z.pipe(
  z.nullish(z.union([z.string(), z.date()], { error: POST_MESSAGES.publishedAt })),
  z.transform((v: string | Date | null | undefined, ctx): Date | null => {
    if (v == null || (typeof v === "string" && v.trim() === "")) return null;
    const date = typeof v === "string" ? parsePublishedAt(v) : v;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.issues.push({ code: "custom", message: POST_MESSAGES.publishedAt, input: v });
      return null;
    }
    return date;
  }),
);

export const PostSchema = z
  .object({
    title: requiredText({ label: "Title", min: 3, message: POST_MESSAGES.title, max: 255 }),
    slug: z.pipe(
      requiredText({ label: "Slug", min: 3, message: POST_MESSAGES.slugShort, max: 100 }),
      z.string().check(
        z.regex(/^[a-z0-9-]+$/, POST_MESSAGES.slugChars),
        z.refine((slug: string) => !RESERVED_POST_SLUGS.has(slug), POST_MESSAGES.slugReserved),
      ),
    ),
    excerpt: requiredText({ label: "Excerpt", min: 10, message: POST_MESSAGES.excerpt, max: 500, multiline: true }),
    content: requiredText({
      label: "Content",
      min: 10,
      message: POST_MESSAGES.content,
      max: 100_000,
      multiline: true,
    }),
    // An uploaded image (/uploads/…) or a file the site already serves (/images/…); other origins
    // would be blocked by the Content-Security-Policy.
    coverImage: z.pipe(
      optionalText({ label: "Cover image", max: 255 }),
      z.nullable(z.string().check(z.regex(/^\/(?!\/)[^\s"'<>\\]*$/, POST_MESSAGES.coverImagePath))),
    ),
    coverImageAlt: optionalText({ label: "Alt text", max: 255 }),
    status: z.pipe(
      z.nullish(z.enum(["draft", "published"], { error: POST_MESSAGES.status })),
      z.transform((v: PostStatusValue | null | undefined): PostStatusValue => v ?? "draft"),
    ),
    publishedAt: publishedAtField,
  })
  .check(
    z.refine((post) => !post.coverImage || (post.coverImageAlt ?? "").length >= 3, {
      message: POST_MESSAGES.coverImageAlt,
      path: ["coverImageAlt"],
    }),
  );

export type PostInput = z.infer<typeof PostSchema>;
export type PostField = keyof PostInput;

/** The form's fields as the API's JSON payload. */
export const postPayload = (form: FormData) =>
  formPayload(form, ["title", "slug", "excerpt", "content", "coverImage", "coverImageAlt", "status", "publishedAt"]);
