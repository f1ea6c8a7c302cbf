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
    // The form sends its photos as JSON in one field; the first is the gallery's image.
    const photos = JSON.stringify([{ src: valid.imageSrc, alt: valid.altText, pair: "" }]);
    expect(
      validate(ProjectSchema, projectPayload(form({ ...valid, photos, category: "", displayOrder: "abc" }))),
    ).toMatchObject({
      ok: true,
      data: {
        ...valid,
        category: "shop-ceilings",
        featured: false,
        displayOrder: 0,
        photos: [{ src: valid.imageSrc }],
      },
    });
    const r = validate(
      ProjectSchema,
      projectPayload(
        form({
          ...valid,
          photos: JSON.stringify([{ src: valid.imageSrc, alt: "Salon" }]),
          category: "hair-salon",
          featured: "on",
          displayOrder: "4",
        }),
      ),
    );
    expect(r.ok && r.data).toMatchObject({ category: "hair-salon", featured: true, displayOrder: 4 });
  });

  it("gives the spec's messages", () => {
    // The old API's single image (imageSrc, altText), as spec section 7 sends it.
    const r = validate(ProjectSchema, { title: "ab", description: "short", imageSrc: "/a", altText: "x" });
    expect(r).toEqual({
      ok: false,
      errors: {
        title: "Title must be at least 3 characters",
        description: "Description must be at least 10 characters",
        imageSrc: "Image source is required",
        altText: "Alt text is required for accessibility",
        photos: "Alt text is required for accessibility",
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

describe("ProjectSchema (issue 39: project pages)", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
  const page = { ...valid, scope: words(150) };

  it("takes several photos, each with alt text and an optional before/after mark; the first is the gallery's", () => {
    const r = validate(ProjectSchema, {
      ...page,
      imageSrc: undefined,
      altText: undefined,
      photos: [
        { src: "/images/projects/a.svg", alt: "After the work", pair: "after" },
        { uploadId: "0123456789abcdef", alt: "Before the work", pair: "before" },
        { src: "/images/projects/c.svg", alt: "Detail", pair: "" },
      ],
    });
    expect(r.ok && r.data).toMatchObject({
      imageSrc: "/images/projects/a.svg",
      altText: "After the work",
      photos: [{ pair: "after" }, { uploadId: "0123456789abcdef", pair: "before" }, { pair: undefined }],
    });
    const noAlt = validate(ProjectSchema, { ...page, photos: [{ src: "/images/a.svg", alt: "" }] });
    expect(noAlt.ok ? null : noAlt.errors.photos).toBe("Alt text is required for accessibility");
    const none = validate(ProjectSchema, { ...page, photos: [] });
    expect(none.ok ? null : none.errors.photos).toBe("Add at least one photo");
  });

  it("wants a scope of 150 to 300 words when there is one", () => {
    expect(validate(ProjectSchema, page).ok).toBe(true);
    expect(validate(ProjectSchema, { ...page, scope: words(300) }).ok).toBe(true);
    expect(validate(ProjectSchema, { ...page, scope: "" }).ok).toBe(true);
    for (const scope of [words(149), words(301)]) {
      const r = validate(ProjectSchema, { ...page, scope });
      expect(r.ok ? null : r.errors.scope).toBe("The scope must be 150–300 words");
    }
  });

  it("refuses a street address as the area, and areas and services not on the lists", () => {
    expect(validate(ProjectSchema, { ...page, area: "Sandyford, Dublin 18", areaSlug: "dublin" }).ok).toBe(true);
    const street = validate(ProjectSchema, { ...page, area: "12 Main Street, Naas" });
    expect(street.ok ? null : street.errors.area).toMatch(/never a street address/);
    const county = validate(ProjectSchema, { ...page, areaSlug: "atlantis" });
    expect(county.ok ? null : county.errors.areaSlug).toBe("Please choose a county from the list");
    const services = validate(ProjectSchema, { ...page, services: ["partitions", "plumbing"] });
    expect(services.ok ? null : services.errors.services).toBe("Please choose services from the list");
  });

  it("takes a page address of lowercase words joined by hyphens", () => {
    expect(validate(ProjectSchema, { ...page, slug: "boutique-ceiling-dublin-2" }).ok).toBe(true);
    for (const slug of ["Has Spaces", "-edge", "a--b", "ünïcode"]) {
      const r = validate(ProjectSchema, { ...page, slug });
      expect(r.ok ? null : r.errors.slug, slug).toBe(
        "The address may hold only lowercase letters, digits and single hyphens",
      );
    }
  });
});
