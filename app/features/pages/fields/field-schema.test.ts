import { describe, expect, it } from "vitest";
import { definePageFields, fieldDefaults, items, link, list, markdown, paragraphPart, part, text } from "./field-dsl";
import { allBuiltInPageFields } from "./built-in-fields";
import { parsePageFields, resolvePageFields } from "./field-schema";

const page = definePageFields({
  slug: "test-page",
  name: "Test",
  fields: {
    heading: text({ label: "Heading", max: 20, default: "Hello" }),
    note: text({ label: "Note", optional: true, default: "" }),
    body: markdown({ label: "Body", max: 50, default: "Some **text**." }),
    cta: link({ label: "Button", default: { label: "Call", href: "/contact-us" } }),
    points: list({ label: "Points", itemLabel: "Point", max: 10, minItems: 1, maxItems: 2, default: ["One"] }),
    steps: items({
      label: "Steps",
      itemLabel: "Step",
      parts: { title: part({ label: "Title", max: 10 }), text: paragraphPart({ label: "Text", max: 30 }) },
      default: [{ title: "First", text: "Do this." }],
    }),
  },
});

describe("page field schemas", () => {
  it("accepts a partial object, cleaning the text", () => {
    expect(
      parsePageFields(page, { heading: "  New\theading ", steps: [{ title: "A", text: "Line one\r\nLine two" }] }),
    ).toEqual({
      ok: true,
      values: { heading: "New heading", steps: [{ title: "A", text: "Line one\nLine two" }] },
    });
    expect(parsePageFields(page, undefined)).toEqual({ ok: true, values: {} });
  });

  it("names unknown fields and the exact place of each wrong value", () => {
    const r = parsePageFields(page, {
      headline: "x",
      heading: "x".repeat(21),
      note: 3,
      cta: { label: "Go", href: "javascript:alert(1)" },
      points: ["ok", "fine", "three"],
      steps: [{ title: "", text: "t" }, { title: "B" }],
    });
    expect(r).toEqual({
      ok: false,
      errors: {
        "fields.headline": 'The Test page has no field called "headline"',
        "fields.heading": "Heading must be at most 20 characters",
        "fields.note": "Note must be text",
        "fields.cta.href": "Button: use a path on this site (/contact-us), a web address (https://…), tel: or mailto:",
        "fields.points": "Points can have at most 2 points",
        "fields.steps.0.title": "Title is required",
        "fields.steps.1.text": "Text must be text",
      },
    });
    expect(parsePageFields(page, { steps: [{ title: "A", text: "B", extra: "C" }] })).toMatchObject({ ok: false });
    expect(parsePageFields(page, ["heading"])).toEqual({
      ok: false,
      errors: { fields: "Fields must be an object of field names and values" },
    });
    expect(parsePageFields(page, { points: [] })).toEqual({
      ok: false,
      errors: { "fields.points": "Points needs at least 1 point" },
    });
  });

  it("links may go to a path, a web address, a phone number or an e-mail address, never //host or script", () => {
    const href = (h: string) => parsePageFields(page, { cta: { label: "Go", href: h } }).ok;
    for (const ok of [
      "/contact-us?service=Ceiling%20Repairs",
      "https://example.ie/x",
      "tel:+35312345678",
      "mailto:info@example.ie",
      "#services",
    ])
      expect(href(ok), ok).toBe(true);
    for (const bad of ["//evil.example", "javascript:alert(1)", "data:text/html,x", "contact-us", "/has space"])
      expect(href(bad), bad).toBe(false);
  });

  it("resolves stored values over the defaults; a stored value that no longer fits gives way to the default", () => {
    expect(resolvePageFields(page, { heading: "Stored", points: "not a list", gone: "x" })).toEqual({
      ...fieldDefaults(page),
      heading: "Stored",
    });
    expect(resolvePageFields(page, null)).toEqual(fieldDefaults(page));
  });

  it("every built-in page's defaults pass its own schema (the copy fits the limits)", () => {
    for (const declared of allBuiltInPageFields) {
      const r = parsePageFields(declared, fieldDefaults(declared));
      expect(r.ok ? r.values : r.errors).toEqual(fieldDefaults(declared));
    }
  });
});
