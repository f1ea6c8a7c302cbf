import type { Testimonial } from "~/db/schema";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { DisplayOrderField } from "../list/resource-list";
import type { FieldErrors } from "~/forms/field-errors";

/** The testimonial form's fields (spec section 7 payload: name, title, company, location, content, stars, featured, displayOrder). */
export function TestimonialFields({ row, errors }: { row: Testimonial | null; errors: FieldErrors }) {
  return (
    <>
      <TextField
        name="name"
        label="Name"
        required
        defaultValue={row?.name}
        error={errors.name}
        maxLength={255}
        autoComplete="off"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="title"
          label="Job title"
          defaultValue={row?.title ?? ""}
          error={errors.title}
          maxLength={255}
          autoComplete="off"
        />
        <TextField
          name="company"
          label="Company"
          defaultValue={row?.company ?? ""}
          error={errors.company}
          maxLength={255}
          autoComplete="off"
        />
      </div>
      <TextField
        name="location"
        label="Location"
        defaultValue={row?.location ?? ""}
        error={errors.location}
        maxLength={255}
        autoComplete="off"
      />
      <TextAreaField
        name="content"
        label="Testimonial"
        required
        rows={5}
        defaultValue={row?.content}
        error={errors.content}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="stars"
          label="Rating (stars)"
          type="number"
          min={1}
          max={5}
          step={1}
          inputMode="numeric"
          defaultValue={String(row?.stars ?? 5)}
          error={errors.stars}
          hint="From 1 to 5."
        />
        <DisplayOrderField defaultValue={row?.displayOrder} error={errors.displayOrder} />
      </div>
      <CheckboxField
        name="featured"
        label="Featured (shown first)"
        defaultChecked={row?.featured}
        error={errors.featured}
      />
    </>
  );
}
