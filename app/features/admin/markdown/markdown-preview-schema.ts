import * as z from "zod/mini";

/** The longest Markdown the preview endpoint renders (a page's or post's content limit). */
export const MARKDOWN_PREVIEW_MAX = 100_000;

/** POST /api/admin/markdown/preview: `{ markdown }` → `{ html }`. */
export const MarkdownPreviewSchema = z.object({
  markdown: z
    .string({ error: "Markdown must be text" })
    .check(
      z.maxLength(
        MARKDOWN_PREVIEW_MAX,
        `Markdown must be at most ${MARKDOWN_PREVIEW_MAX.toLocaleString("en-IE")} characters`,
      ),
    ),
});
