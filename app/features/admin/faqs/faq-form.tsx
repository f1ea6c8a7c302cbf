import { SelectField, TextAreaField } from "~/components/ui/form-field";
import type { Faq } from "~/db/schema";
import type { FieldErrors } from "~/forms/field-errors";
import { bindFields, DisplayOrderField } from "../list/resource-list";
import { DEFAULT_FAQ_CATEGORY, FAQ_CATEGORIES } from "~/features/faqs/faqs-schema";

/** The FAQ form's fields (spec section 7 payload: question, answer, category, displayOrder). */
export function FaqFields({ row, errors }: { row: Faq | null; errors: FieldErrors }) {
  const field = bindFields(row, errors);
  return (
    <>
      <TextAreaField {...field("question")} label="Question" required rows={2} />
      <TextAreaField {...field("answer")} label="Answer" required rows={6} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...field("category")}
          defaultValue={row?.category ?? DEFAULT_FAQ_CATEGORY}
          label="Category"
          options={FAQ_CATEGORIES}
          hint="Shop Ceilings FAQs appear on the Shop Ceiling Specialists page."
        />
        <DisplayOrderField row={row} errors={errors} />
      </div>
    </>
  );
}
