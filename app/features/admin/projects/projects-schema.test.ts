import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import { projectPayload, ProjectSchema } from "~/features/gallery/projects-schema";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};
const valid = {
  title: "Salon ceiling",
  description: "A new ceiling for a salon.",
  imageSrc: "/uploads/0123456789abcdef-1200.jpg",
  altText: "Salon",
};

describe("ProjectSchema (spec section 5)", () => {
  it("reads the form: featured checkbox, display order, default category", () => {
    expect(validate(ProjectSchema, projectPayload(form({ ...valid, category: "", displayOrder: "abc" })))).toEqual({
      ok: true,
      data: { ...valid, category: "shop-ceilings", featured: false, displayOrder: 0 },
    });
    const r = validate(
      ProjectSchema,
      projectPayload(form({ ...valid, category: "hair-salon", featured: "on", displayOrder: "4" })),
    );
    expect(r.ok && r.data).toMatchObject({ category: "hair-salon", featured: true, displayOrder: 4 });
  });

  it("gives the spec's messages", () => {
    const r = validate(
      ProjectSchema,
      projectPayload(form({ title: "ab", description: "short", imageSrc: "/a", altText: "x" })),
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        title: "Title must be at least 3 characters",
        description: "Description must be at least 10 characters",
        imageSrc: "Image source is required",
        altText: "Alt text is required for accessibility",
      },
    });
  });

  it("takes paths on this site only (the CSP would block other origins)", () => {
    for (const imageSrc of ["/images/projects/hair-salon-ranelagh.svg", "/uploads/0123456789abcdef-800.jpg"]) {
      expect(validate(ProjectSchema, { ...valid, imageSrc }).ok, imageSrc).toBe(true);
    }
    for (const imageSrc of [
      "https://cdn.example.com/a.jpg",
      "//cdn.example.com/a.jpg",
      "data:image/png;base64,AAAA",
      "/a b.jpg",
      '/a".jpg',
    ]) {
      const r = validate(ProjectSchema, { ...valid, imageSrc });
      expect(r.ok ? null : r.errors.imageSrc, imageSrc).toBe(
        "Image source must be a path on this website, starting with /",
      );
    }
  });
});
