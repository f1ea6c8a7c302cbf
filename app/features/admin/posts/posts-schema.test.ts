import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import { slugFromTitle } from "./post-form";
import { dublinDate, POST_MESSAGES, postPayload, PostSchema } from "~/features/blog/posts-schema";

const valid = {
  title: "Acoustic ceilings",
  slug: "acoustic-ceilings",
  excerpt: "Why offices are going quiet.",
  content: "## Why\n\nBecause noise costs money.",
};

describe("PostSchema", () => {
  it("fills in draft, no cover image and no date", () => {
    expect(validate(PostSchema, valid)).toEqual({
      ok: true,
      data: { ...valid, coverImage: null, coverImageAlt: null, status: "draft", publishedAt: null },
    });
  });

  it("reads the form, a date as that day in Ireland", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, status: "published", publishedAt: "2025-06-01" })) form.set(k, v);
    const r = validate(PostSchema, postPayload(form));
    expect(r.ok && r.data.status).toBe("published");
    expect(r.ok && r.data.publishedAt?.toISOString()).toBe("2025-06-01T12:00:00.000Z");
    expect(dublinDate(new Date("2025-06-01T12:00:00Z"))).toBe("2025-06-01");
    expect(dublinDate(new Date("2025-06-30T23:30:00Z"))).toBe("2025-07-01");
  });

  it("names each bad field", () => {
    expect(
      validate(PostSchema, {
        title: "ab",
        slug: "Not A Slug",
        excerpt: "short",
        content: "short",
        status: "live",
        publishedAt: "someday",
      }),
    ).toEqual({
      ok: false,
      errors: {
        title: POST_MESSAGES.title,
        slug: POST_MESSAGES.slugChars,
        excerpt: POST_MESSAGES.excerpt,
        content: POST_MESSAGES.content,
        status: POST_MESSAGES.status,
        publishedAt: POST_MESSAGES.publishedAt,
      },
    });
    expect(validate(PostSchema, { ...valid, slug: "rss.xml" })).toMatchObject({ ok: false });
  });

  it("needs alt text with a cover image, and a path on this site", () => {
    expect(validate(PostSchema, { ...valid, coverImage: "/uploads/0123456789abcdef-1200.jpg" })).toEqual({
      ok: false,
      errors: { coverImageAlt: POST_MESSAGES.coverImageAlt },
    });
    expect(
      validate(PostSchema, { ...valid, coverImage: "https://cdn.example/a.jpg", coverImageAlt: "A shop" }),
    ).toEqual({
      ok: false,
      errors: { coverImage: POST_MESSAGES.coverImagePath },
    });
  });

  it("suggests a slug from the title", () => {
    expect(slugFromTitle("Café Ceilings: 5 Ideas!")).toBe("cafe-ceilings-5-ideas");
  });
});
