import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { Testimonial } from "~/db/schema";
import type { FieldErrors } from "~/forms/field-errors";
import { TESTIMONIAL_STATUS_LABELS, TESTIMONIAL_STATUS_VALUES } from "~/features/testimonials/testimonials-schema";
import { bindFields, DisplayOrderField } from "../list/resource-list";

const STATUS_OPTIONS = TESTIMONIAL_STATUS_VALUES.map((value) => ({ value, label: TESTIMONIAL_STATUS_LABELS[value] }));

/**
 * The testimonial form's fields (spec section 7 payload: name, title, company, location, content,
 * stars, featured, displayOrder; issue 39: status, reply). A client's verified review shows its words
 * read-only: staff publish or hide it and may reply.
 */
export function TestimonialFields({ row, errors }: { row: Testimonial | null; errors: FieldErrors }) {
  const field = bindFields(row, errors);
  // Names of people and firms: no autofill from the staff member's own details.
  const text = { maxLength: 255, autoComplete: "off" } as const;
  const locked = row?.verified
    ? ({ readOnly: true, hint: "The client's own words: they cannot be changed." } as const)
    : {};
  return (
    <>
      {row?.verified && (
        <p className="rounded-lg bg-mist p-3 text-sm">
          A verified review from the client of a finished job. Publish or hide it, and add a reply if you like.
        </p>
      )}
      <TextField {...field("name")} {...text} {...locked} label="Name" required />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field("title")} {...text} {...locked} label="Job title" />
        <TextField {...field("company")} {...text} {...locked} label="Company" />
      </div>
      <TextField {...field("location")} {...text} {...locked} label="Location" />
      <TextAreaField {...field("content")} {...locked} label="Testimonial" required rows={5} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("stars")}
          {...locked}
          defaultValue={String(row?.stars ?? 5)}
          label="Rating (stars)"
          type="number"
          min={1}
          max={5}
          step={1}
          inputMode="numeric"
          hint={row?.verified ? "The client's own rating." : "From 1 to 5."}
        />
        <DisplayOrderField row={row} errors={errors} />
      </div>
      <SelectField
        name="status"
        label="Status"
        options={STATUS_OPTIONS}
        defaultValue={row?.status ?? "published"}
        error={errors.status}
        hint="Only published testimonials show on the site."
      />
      <TextAreaField
        name="reply"
        label="Our reply (optional)"
        defaultValue={row?.reply ?? ""}
        error={errors.reply}
        rows={3}
        maxLength={2000}
      />
      <CheckboxField
        name="featured"
        label="Featured (shown first)"
        defaultChecked={row?.featured}
        error={errors.featured}
      />
    </>
  );
}
