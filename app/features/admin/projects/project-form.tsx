import type { Project } from "~/db/schema";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { bindFields, DisplayOrderField } from "../list/resource-list";
import type { FieldErrors } from "~/forms/field-errors";
import { PROJECT_AREAS, PROJECT_SERVICES, SCOPE_WORDS } from "~/features/projects/project-facts";
import { PhotosEditor } from "./photos-editor";
import { DEFAULT_PROJECT_CATEGORY, PROJECT_CATEGORIES } from "~/features/gallery/projects-schema";
import { formatDate } from "~/features/time/irish-format";

/**
 * The project form's fields (spec section 7 payload and issue 39's project page): several photos
 * uploaded from here (the first is the gallery's image), the page's facts and scope, and the
 * client's consent, which publishing needs.
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
  const text = (name: "slug" | "area" | "sector" | "duration" | "scope") => ({
    name,
    defaultValue: row?.[name] ?? "",
    error: errors[name],
    onChange: () => clearError(name),
  });

  return (
    <>
      <TextField {...field("title")} label="Title" required maxLength={255} />
      <TextAreaField {...field("description")} label="Description" required rows={3} />
      <PhotosEditor
        initial={row?.photos ?? []}
        error={errors.photos ?? errors.imageSrc ?? errors.altText}
        uploadMaxBytes={uploadMaxBytes}
        onChange={() => clearError("photos")}
      />
      <TextField
        {...text("slug")}
        label="Page address"
        maxLength={100}
        spellCheck={false}
        hint="The project's page is /projects/ followed by this. Leave it blank to make it from the title."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...text("area")}
          label="Area"
          maxLength={120}
          hint="The district, such as Sandyford, Dublin 18: never the client's street address."
        />
        <SelectField
          name="areaSlug"
          defaultValue={row?.areaSlug ?? ""}
          error={errors.areaSlug}
          label="County"
          hint="A county gets its own page once it has three published projects."
        >
          <option value="">None</option>
          {PROJECT_AREAS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </SelectField>
        <TextField {...text("sector")} label="Sector" maxLength={100} hint="Such as Fashion retail or Healthcare." />
        <TextField {...text("duration")} label="Duration" maxLength={100} hint="Such as 8 working days." />
      </div>
      <fieldset className="rounded-lg border border-mist p-4">
        <legend className="px-1 font-medium">Services</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PROJECT_SERVICES.map((s) => (
            <label key={s.value} className="flex items-center gap-3">
              <input
                type="checkbox"
                name="services"
                value={s.value}
                defaultChecked={row?.services.includes(s.value)}
                className="h-5 w-5 accent-navy-900"
              />
              {s.label}
            </label>
          ))}
        </div>
        {errors.services && <p className="mt-2 text-sm font-medium text-red-700">{errors.services}</p>}
      </fieldset>
      <TextAreaField
        {...text("scope")}
        label="Scope"
        rows={8}
        hint={`What was done, ${SCOPE_WORDS.min}–${SCOPE_WORDS.max} words. The project's page shows it.`}
      />
      <CheckboxField
        name="consent"
        label="The client agreed to show this project"
        defaultChecked={Boolean(row?.consentAt)}
        error={errors.consent}
        hint={
          row?.consentAt
            ? `Recorded by ${row.consentBy ?? "staff"} on ${formatDate(row.consentAt)}.`
            : "Needed before the project can be published."
        }
      />
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
