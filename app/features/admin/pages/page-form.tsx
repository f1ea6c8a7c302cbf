import { TextAreaField, TextField } from "~/components/ui/form-field";
import type { Page } from "~/db/schema";
import type { FieldErrors } from "~/forms/field-errors";
import { bindFields } from "../list/resource-list";

/** The page form's fields (spec section 7 payload: title, slug, description, content, metaTitle, metaDescription). */
export function PageFields({ row, errors }: { row: Page | null; errors: FieldErrors }) {
  const field = bindFields(row, errors);
  return (
    <>
      <TextField {...field("title")} label="Title" required maxLength={255} />
      <TextField
        {...field("slug")}
        label="Slug"
        required
        maxLength={100}
        autoCapitalize="none"
        spellCheck={false}
        hint="Lowercase letters, numbers and hyphens. A new page is published at /your-slug; the site's own pages (home, gallery, …) use their row for their title and description."
      />
      <TextAreaField {...field("description")} label="Description" rows={2} />
      <TextAreaField
        {...field("content")}
        label="Content"
        required
        rows={8}
        hint="Separate paragraphs with a blank line."
      />
      <TextField
        {...field("metaTitle")}
        label="Meta title"
        maxLength={255}
        hint="Shown in search results and the browser tab. Empty: the title."
      />
      <TextAreaField
        {...field("metaDescription")}
        label="Meta description"
        rows={2}
        hint="Shown under the title in search results. Empty: the description."
      />
    </>
  );
}
