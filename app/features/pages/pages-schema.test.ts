import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import { pagePayload, PageSchema } from "~/features/pages/pages-schema";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

describe("PageSchema (spec section 5)", () => {
  it("accepts a page from the form, with optional fields empty", () => {
    const r = validate(
      PageSchema,
      pagePayload(
        form({
          title: "Office moves",
          slug: "office-moves",
          content: "Partitions can move with you.\r\n\r\nSecond paragraph.",
        }),
      ),
    );
    expect(r).toEqual({
      ok: true,
      data: {
        title: "Office moves",
        slug: "office-moves",
        description: null,
        content: "Partitions can move with you.\n\nSecond paragraph.",
        metaTitle: null,
        metaDescription: null,
      },
    });
  });

  it("gives the spec's messages", () => {
    const errors = (values: Record<string, string>) => {
      const r = validate(
        PageSchema,
        pagePayload(form({ title: "T", slug: "good-slug", content: "Long enough content", ...values })),
      );
      return r.ok ? {} : r.errors;
    };
    expect(errors({ title: " " })).toEqual({ title: "Title is required" });
    expect(errors({ slug: "ab" })).toEqual({ slug: "Slug must be at least 3 characters" });
    expect(errors({ slug: "Has Spaces" })).toEqual({
      slug: "Slug can only contain lowercase letters, numbers, and hyphens",
    });
    expect(errors({ slug: "über" })).toEqual({ slug: "Slug can only contain lowercase letters, numbers, and hyphens" });
    expect(errors({ slug: "api" })).toEqual({ slug: "This slug is used by the website itself; choose another" });
    expect(errors({ content: "too short" })).toEqual({ content: "Content must be at least 10 characters" });
    expect(errors({ metaTitle: "x".repeat(256) })).toEqual({ metaTitle: "Meta title must be at most 255 characters" });
  });
});
