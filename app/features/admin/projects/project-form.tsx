import { useEffect, useState } from "react";
import type { Project } from "~/db/schema";
import { ImageUpload } from "~/features/uploads/image-upload";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { bindFields, DisplayOrderField } from "../list/resource-list";
import type { FieldErrors } from "~/forms/field-errors";
import { Thumbnail } from "../list/thumbnail";
import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES } from "~/features/gallery/projects-schema";

/**
 * The project form's fields (spec section 7 payload). The image is uploaded from here, which
 * fills in the image source; a path typed by hand (e.g. /images/projects/…) works too.
 */
export function ProjectFields({
  row,
  errors,
  clearError,
  uploadMaxBytes,
}: {
  row: Project | null;
  errors: FieldErrors;
  clearError: (name: string) => void;
  uploadMaxBytes: number;
}) {
  const field = bindFields(row, errors);
  const [imageSrc, setImageSrc] = useState(row?.imageSrc ?? "");
  // The preview follows the field, but not on every key stroke.
  const [preview, setPreview] = useState(imageSrc);
  useEffect(() => {
    const timer = window.setTimeout(() => setPreview(imageSrc.trim()), 400);
    return () => window.clearTimeout(timer);
  }, [imageSrc]);

  return (
    <>
      <TextField {...field("title")} label="Title" required maxLength={255} />
      <TextAreaField {...field("description")} label="Description" required rows={3} />
      <fieldset className="space-y-3 rounded-lg border border-mist p-4">
        <legend className="px-1 font-medium">Image</legend>
        <ImageUpload
          maxBytes={uploadMaxBytes}
          onUploaded={(src) => {
            setImageSrc(src);
            clearError("imageSrc");
          }}
        />
        <div className="flex items-end gap-4">
          <TextField
            name="imageSrc"
            label="Image source"
            required
            className="flex-1"
            value={imageSrc}
            onChange={(e) => setImageSrc(e.target.value)}
            error={errors.imageSrc}
            maxLength={255}
            spellCheck={false}
            hint="Filled in by the upload, or type a path on this site such as /images/projects/example.svg."
          />
          {preview.startsWith("/") && preview.length >= 5 && (
            <Thumbnail key={preview} src={preview} className="mb-7 h-16 w-20" />
          )}
        </div>
        <TextField
          {...field("altText")}
          label="Alt text"
          required
          maxLength={255}
          hint="Describe the photo for people who cannot see it."
        />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...field("category")}
          defaultValue={row?.category ?? DEFAULT_PROJECT_CATEGORY}
          label="Category"
          options={PROJECT_CATEGORIES}
        />
        <DisplayOrderField row={row} errors={errors} />
      </div>
      <CheckboxField
        name="featured"
        label="Featured (shown in the home page gallery)"
        defaultChecked={row?.featured}
        error={errors.featured}
      />
    </>
  );
}
