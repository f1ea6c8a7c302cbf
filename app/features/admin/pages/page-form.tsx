import { TextAreaField, TextField } from "~/components/ui/form-field";
import type { AdminPage as Page } from "./page-types";
import type { FieldErrors } from "~/forms/field-errors";
import { bindFields } from "../list/resource-list";
import { MarkdownField } from "../markdown/markdown-field";

/** The page form's fields (spec section 7 payload: title, slug, description, content, metaTitle, metaDescription). */
export function PageFields({ row, errors }: { row: Page | null; errors: FieldErrors }) {
  const field = bindFields(row, errors);
  return (
    <>
      <TextField
        {...field("title")}
        label="Title"
        required
        maxLength={255}
        hint="A new page's main heading, and its title in the browser tab and in Google's results while Meta title is empty."
      />
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
      <MarkdownField {...field("content")} label="Content" required rows={8} maxLength={100_000} />
      <PageMetaFields title={field("metaTitle")} description={field("metaDescription")} />
    </>
  );
}

type Bound = { name: string; error?: string } & Record<string, unknown>;

/** The text search engines show: a page's meta title and description (the modal form and the page editor). */
export function PageMetaFields({ title, description }: { title: Bound; description: Bound }) {
  return (
    <>
      <TextField
        {...title}
        label="Meta title"
        maxLength={255}
        hint="Shown in search results and the browser tab. Empty: the title."
      />
      <TextAreaField
        {...description}
        label="Meta description"
        rows={2}
        hint="Shown under the title in search results. Empty: the description."
      />
    </>
  );
}
