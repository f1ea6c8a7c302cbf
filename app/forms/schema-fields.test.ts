import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { categoryField, displayOrderField, flagField, optionalText, requiredText } from "~/forms/schema-fields";
import { validate } from "~/forms/field-errors";

describe("admin schema fields", () => {
  const Schema = z.object({
    name: requiredText({ label: "Name", min: 2, message: "Name must be at least 2 characters", max: 10 }),
    note: optionalText({ label: "Note", max: 5 }),
    order: displayOrderField,
    on: flagField("On"),
    kind: categoryField(["a", "b"] as const, "a"),
  });

  it("cleans text, fills defaults and turns blanks into null", () => {
    expect(validate(Schema, { name: "  Ann\u0000 ", note: "   " })).toEqual({
      ok: true,
      data: { name: "Ann", note: null, order: 0, on: false, kind: "a" },
    });
    expect(validate(Schema, { name: "Ann", note: "hi", order: "3", on: true, kind: "b" })).toEqual({
      ok: true,
      data: { name: "Ann", note: "hi", order: 3, on: true, kind: "b" },
    });
  });

  it("display order: non-numeric is 0; fractions, negatives and huge numbers are errors", () => {
    for (const [value, expected] of [
      ["x", 0],
      ["", 0],
      [undefined, 0],
      [null, 0],
      ["08", 8],
      [42, 42],
    ] as const) {
      const r = validate(Schema, { name: "Ann", order: value });
      expect(r.ok && r.data.order, String(value)).toBe(expected);
    }
    const error = (order: unknown) => {
      const r = validate(Schema, { name: "Ann", order });
      return r.ok ? null : r.errors.order;
    };
    expect(error("1.5")).toBe("Display order must be a whole number");
    expect(error(-3)).toBe("Display order must be 0 or more");
    expect(error(2_000_000)).toBe("Display order must be at most 1,000,000");
    expect(error(true)).toBe("Display order must be a whole number");
  });

  it("reports the first message per field, with length limits", () => {
    const r = validate(Schema, { name: "A", note: "toolong", kind: "c", on: "yes" });
    expect(r).toEqual({
      ok: false,
      errors: {
        name: "Name must be at least 2 characters",
        note: "Note must be at most 5 characters",
        kind: "Please choose a category from the list",
        on: "On must be true or false",
      },
    });
  });
});
