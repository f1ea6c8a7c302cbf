import type { Page } from "~/db/schema";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import type { FieldErrors } from "~/forms/field-errors";

/** The page form's fields (spec section 7 payload: title, slug, description, content, metaTitle, metaDescription). */
export function PageFields({ row, errors }: { row: Page | null; errors: FieldErrors }) {
  return (
    <>
      <TextField name="title" label="Title" required defaultValue={row?.title} error={errors.title} maxLength={255} />
      <TextField
        name="slug"
        label="Slug"
        required
        defaultValue={row?.slug}
        error={errors.slug}
        maxLength={100}
        autoCapitalize="none"
        spellCheck={false}
        hint="Lowercase letters, numbers and hyphens. A new page is published at /your-slug; the site's own pages (home, gallery, …) use their row for their title and description."
      />
      <TextAreaField
        name="description"
        label="Description"
        rows={2}
        defaultValue={row?.description ?? ""}
        error={errors.description}
      />
      <TextAreaField
        name="content"
        label="Content"
        required
        rows={8}
        defaultValue={row?.content}
        error={errors.content}
        hint="Separate paragraphs with a blank line."
      />
      <TextField
        name="metaTitle"
        label="Meta title"
        defaultValue={row?.metaTitle ?? ""}
        error={errors.metaTitle}
        maxLength={255}
        hint="Shown in search results and the browser tab. Empty: the title."
      />
      <TextAreaField
        name="metaDescription"
        label="Meta description"
        rows={2}
        defaultValue={row?.metaDescription ?? ""}
        error={errors.metaDescription}
        hint="Shown under the title in search results. Empty: the description."
      />
    </>
  );
}
