import { useState } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { Post } from "~/db/schema";
import { ImageUpload } from "~/features/uploads/image-upload";
import { MarkdownField } from "../markdown/markdown-field";
import type { FieldErrors } from "~/forms/field-errors";
import { bindFields } from "../list/resource-list";
import { Thumbnail } from "../list/thumbnail";
import { dublinDate, POST_STATUSES } from "~/features/blog/posts-schema";

/** "Shop Ceiling Trends!" → "shop-ceiling-trends": a slug suggested from the title of a new post. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
}

/**
 * The blog post form's fields: title, slug, excerpt, Markdown content, cover image (uploaded here,
 * or a path typed by hand) with its alt text, status and publish date.
 */
export function PostFields({
  row,
  errors,
  clearError,
  uploadMaxBytes,
}: {
  row: Post | null;
  errors: FieldErrors;
  clearError: (name: string) => void;
  uploadMaxBytes: number;
}) {
  const field = bindFields(row, errors);
  const [slug, setSlug] = useState(row?.slug ?? "");
  // A new post's slug follows its title until staff type a slug of their own.
  const [slugEdited, setSlugEdited] = useState(row !== null);
  const [coverImage, setCoverImage] = useState(row?.coverImage ?? "");

  return (
    <>
      <TextField
        {...field("title")}
        label="Title"
        required
        maxLength={255}
        onChange={(e) => {
          if (!slugEdited) setSlug(slugFromTitle(e.target.value));
        }}
      />
      <TextField
        name="slug"
        label="Slug"
        required
        maxLength={100}
        value={slug}
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugEdited(true);
        }}
        error={errors.slug}
        autoCapitalize="none"
        spellCheck={false}
        hint={
          row
            ? "The post's address is /blog/your-slug. Changing it sends visitors of the old address to the new one."
            : "The post's address is /blog/your-slug: lowercase letters, numbers and hyphens."
        }
      />
      <TextAreaField
        {...field("excerpt")}
        label="Excerpt"
        required
        rows={2}
        maxLength={500}
        hint="One or two sentences for the blog page, the RSS feed and search results."
      />
      <MarkdownField
        {...field("content")}
        label="Content"
        required
        rows={14}
        maxLength={100_000}
        hint="Each ## heading is listed under “In this article” beside the post."
      />
      <fieldset className="space-y-3 rounded-lg border border-mist p-4">
        <legend className="px-1 font-medium">Cover image (optional)</legend>
        <ImageUpload
          maxBytes={uploadMaxBytes}
          onUploaded={(src) => {
            setCoverImage(src);
            clearError("coverImage");
          }}
        />
        <div className="flex items-end gap-4">
          <TextField
            name="coverImage"
            label="Image source"
            className="flex-1"
            value={coverImage}
            onChange={(e) => setCoverImage(e.target.value)}
            error={errors.coverImage}
            maxLength={255}
            spellCheck={false}
            hint="Filled in by the upload, or type a path on this site such as /images/blog/example.svg."
          />
          {coverImage.startsWith("/") && coverImage.length >= 5 && (
            <Thumbnail key={coverImage} src={coverImage} className="mb-7 h-16 w-20" />
          )}
        </div>
        <TextField
          {...field("coverImageAlt")}
          label="Alt text"
          maxLength={255}
          hint="Required with an image: describe the picture for people who cannot see it."
        />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...field("status")}
          defaultValue={row?.status ?? "draft"}
          label="Status"
          options={POST_STATUSES}
          hint="Only published posts are on the website."
        />
        <TextField
          name="publishedAt"
          type="date"
          label="Publish date"
          defaultValue={row?.publishedAt ? dublinDate(row.publishedAt) : ""}
          error={errors.publishedAt}
          hint="Empty: the day it is published."
        />
      </div>
    </>
  );
}
