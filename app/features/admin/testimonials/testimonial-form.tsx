import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { Testimonial } from "~/db/schema";
import type { FieldErrors } from "~/forms/field-errors";
import { bindFields, DisplayOrderField } from "../list/resource-list";

/** The testimonial form's fields (spec section 7 payload: name, title, company, location, content, stars, featured, displayOrder). */
export function TestimonialFields({ row, errors }: { row: Testimonial | null; errors: FieldErrors }) {
  const field = bindFields(row, errors);
  // Names of people and firms: no autofill from the staff member's own details.
  const text = { maxLength: 255, autoComplete: "off" } as const;
  return (
    <>
      <TextField {...field("name")} {...text} label="Name" required />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field("title")} {...text} label="Job title" />
        <TextField {...field("company")} {...text} label="Company" />
      </div>
      <TextField {...field("location")} {...text} label="Location" />
      <TextAreaField {...field("content")} label="Testimonial" required rows={5} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("stars")}
          defaultValue={String(row?.stars ?? 5)}
          label="Rating (stars)"
          type="number"
          min={1}
          max={5}
          step={1}
          inputMode="numeric"
          hint="From 1 to 5."
        />
        <DisplayOrderField row={row} errors={errors} />
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
