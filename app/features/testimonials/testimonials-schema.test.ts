import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import { testimonialPayload, TestimonialSchema } from "~/features/testimonials/testimonials-schema";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

describe("TestimonialSchema (spec section 5)", () => {
  it("reads the form's eight fields; stars default to 5", () => {
    expect(
      validate(
        TestimonialSchema,
        testimonialPayload(
          form({ name: "Aoife", content: "A tidy, quick job.", company: "Brennan & Lowe", stars: "" }),
        ),
      ),
    ).toEqual({
      ok: true,
      data: {
        name: "Aoife",
        title: null,
        company: "Brennan & Lowe",
        location: null,
        content: "A tidy, quick job.",
        stars: 5,
        featured: false,
        displayOrder: 0,
      },
    });
  });

  it("gives the spec's messages", () => {
    const errors = (values: Record<string, string>) => {
      const r = validate(
        TestimonialSchema,
        testimonialPayload(form({ name: "Aoife", content: "A tidy, quick job.", ...values })),
      );
      return r.ok ? {} : r.errors;
    };
    expect(errors({ name: "A" })).toEqual({ name: "Name must be at least 2 characters" });
    expect(errors({ content: "Good" })).toEqual({ content: "Testimonial content must be at least 10 characters" });
    expect(errors({ stars: "0" })).toEqual({ stars: "Minimum rating is 1 star" });
    expect(errors({ stars: "6" })).toEqual({ stars: "Maximum rating is 5 stars" });
    expect(errors({ stars: "4.5" })).toEqual({ stars: "Rating must be a whole number of stars" });
    expect(errors({ stars: "lots" })).toEqual({ stars: "Rating must be a whole number of stars" });
  });
});
