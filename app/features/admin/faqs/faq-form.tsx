import type { Faq } from "~/db/schema";
import { SelectField, TextAreaField } from "~/components/ui/form-field";
import { DisplayOrderField } from "../list/resource-list";
import type { FieldErrors } from "~/forms/field-errors";
import { DEFAULT_FAQ_CATEGORY, FAQ_CATEGORIES } from "./faqs-schema";

/** The FAQ form's fields (spec section 7 payload: question, answer, category, displayOrder). */
export function FaqFields({ row, errors }: { row: Faq | null; errors: FieldErrors }) {
  return (
    <>
      <TextAreaField
        name="question"
        label="Question"
        required
        rows={2}
        defaultValue={row?.question}
        error={errors.question}
      />
      <TextAreaField name="answer" label="Answer" required rows={6} defaultValue={row?.answer} error={errors.answer} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="category"
          label="Category"
          options={FAQ_CATEGORIES}
          defaultValue={row?.category ?? DEFAULT_FAQ_CATEGORY}
          error={errors.category}
          hint="Shop Ceilings FAQs appear on the Shop Ceiling Specialists page."
        />
        <DisplayOrderField defaultValue={row?.displayOrder} error={errors.displayOrder} />
      </div>
    </>
  );
}
