import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf, hasFieldErrors, validate } from "./field-errors";

const issues = (...list: Array<[PropertyKey[], string]>) => ({
  issues: list.map(([path, message]) => ({ path, message })),
});

describe("fieldErrorsOf", () => {
  it("keeps the first message for each field, keyed by the top-level name", () => {
    expect(
      fieldErrorsOf(
        issues([["name"], "one"], [["name"], "two"], [["utm", "utm_source"], "nested"], [["email"], "bad email"]),
      ),
    ).toEqual({ name: "one", utm: "nested", email: "bad email" });
  });

  it("leaves out issues about the whole value, and names outside the form's fields", () => {
    expect(fieldErrorsOf(issues([[], "expected an object"], [["name"], "short"]))).toEqual({ name: "short" });
    expect(fieldErrorsOf(issues([["other"], "x"], [["name"], "a"], [[0], "index"]), ["name", "email"])).toEqual({
      name: "a",
    });
  });
});

describe("validate", () => {
  const Schema = z.object({ name: z.string().check(z.minLength(2, "Too short")), age: z.optional(z.number()) });

  it("answers the parsed data, or the first message per field", () => {
    expect(validate(Schema, { name: "Ann" })).toEqual({ ok: true, data: { name: "Ann" } });
    expect(validate(Schema, { name: "A", age: "x" })).toEqual({
      ok: false,
      errors: { name: "Too short", age: expect.any(String) },
    });
    expect(validate(Schema, { name: "A", age: "x" }, ["name"])).toEqual({ ok: false, errors: { name: "Too short" } });
  });

  it("says whether there is anything to show", () => {
    expect(hasFieldErrors({})).toBe(false);
    expect(hasFieldErrors({ name: "Too short" })).toBe(true);
  });
});
