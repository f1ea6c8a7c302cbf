import * as z from "zod/mini";
import { formPayload } from "~/forms/form-values";
import { categoryField, displayOrderField, requiredText } from "~/forms/schema-fields";

/** Spec section 3: FAQ categories, with the labels staff see. */
export const FAQ_CATEGORIES = [
  { value: "general", label: "General" },
  { value: "services", label: "Services" },
  { value: "ceilings", label: "Ceilings" },
  { value: "shop-ceilings", label: "Shop Ceilings" },
  { value: "partitions", label: "Partitions" },
  { value: "hair-salon", label: "Hair Salon" },
  { value: "repairs", label: "Repairs" },
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number]["value"];
const CATEGORY_IDS = FAQ_CATEGORIES.map((c) => c.value) as unknown as readonly [FaqCategory, ...FaqCategory[]];
export const DEFAULT_FAQ_CATEGORY: FaqCategory = "general";

export const faqCategoryLabel = (value: string) => FAQ_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** Spec section 5. */
export const FAQ_MESSAGES = {
  question: "Question must be at least 5 characters",
  answer: "Answer must be at least 10 characters",
} as const;

export const FaqSchema = z.object({
  question: requiredText({ label: "Question", min: 5, message: FAQ_MESSAGES.question, max: 1000, multiline: true }),
  answer: requiredText({ label: "Answer", min: 10, message: FAQ_MESSAGES.answer, max: 10_000, multiline: true }),
  category: categoryField(CATEGORY_IDS, DEFAULT_FAQ_CATEGORY),
  displayOrder: displayOrderField,
});

export type FaqInput = z.infer<typeof FaqSchema>;
export type FaqField = keyof FaqInput;

/** The form's fields as the API's JSON payload. */
export const faqPayload = (form: FormData) => formPayload(form, ["question", "answer", "category", "displayOrder"]);
