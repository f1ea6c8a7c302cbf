import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import { faqPayload, FaqSchema } from "~/features/faqs/faqs-schema";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

describe("FaqSchema (spec section 5)", () => {
  it("reads the form; the category defaults to general", () => {
    expect(
      validate(
        FaqSchema,
        faqPayload(form({ question: "Do you work weekends?", answer: "Yes, often for shops.", displayOrder: "2" })),
      ),
    ).toEqual({
      ok: true,
      data: {
        question: "Do you work weekends?",
        answer: "Yes, often for shops.",
        category: "general",
        displayOrder: 2,
      },
    });
  });

  it("gives the spec's messages", () => {
    expect(
      validate(FaqSchema, faqPayload(form({ question: "Why?", answer: "Because.", category: "shop-ceilings" }))),
    ).toEqual({
      ok: false,
      errors: { question: "Question must be at least 5 characters", answer: "Answer must be at least 10 characters" },
    });
    const r = validate(FaqSchema, { question: "Which grid?", answer: "15mm or 24mm.", category: "gardens" });
    expect(r.ok ? null : r.errors).toEqual({ category: "Please choose a category from the list" });
  });
});
