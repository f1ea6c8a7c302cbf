import { describe, expect, it } from "vitest";
import { parseEstimateRequest } from "./estimate-request";
import { DEFAULT_PRICE_LIST } from "./price-list";

const parse = (body: unknown) => parseEstimateRequest(body, DEFAULT_PRICE_LIST);

describe("an estimate request", () => {
  it("takes an item, a quantity (a number or a plain decimal), options and a location", () => {
    const ok = parse({
      item: "glass-partition",
      quantity: "12,5",
      options: ["out-of-hours", "out-of-hours"],
      location: " W91 ",
    });
    expect(ok).toMatchObject({ ok: true, quantity: 12.5, location: "W91", item: { key: "glass-partition" } });
    expect(ok.ok && ok.options.map((o) => o.key)).toEqual(["out-of-hours"]);
    expect(parse({ item: "glass-partition", quantity: 20_000 })).toMatchObject({
      ok: true,
      options: [],
      location: null,
    });
    expect(parse({ item: "glass-partition", quantity: 1, location: "" })).toMatchObject({ ok: true, location: null });
  });

  it("cleans the location before it is signed: no NUL, no lone surrogate, no line break", () => {
    expect(parse({ item: "glass-partition", quantity: 1, location: " Naas\u0000\nCo. Kildare\ud800 " })).toMatchObject({
      ok: true,
      location: "Naas Co. Kildare\uFFFD",
    });
    expect(parse({ item: "glass-partition", quantity: 1, location: "\u0000\u0000" })).toMatchObject({
      ok: true,
      location: null,
    });
  });

  it.each([
    [{ item: "glass-partition", quantity: 0 }, "quantity", "The size (quantity) must be more than 0."],
    [{ item: "glass-partition", quantity: -5 }, "quantity", "The size (quantity) must be more than 0."],
    [{ item: "glass-partition", quantity: 20_000.5 }, "quantity", /must be at most 20,000/],
    [{ item: "glass-partition", quantity: "lots" }, "quantity", "The size (quantity) must be a number."],
    [{ item: "glass-partition", quantity: true }, "quantity", "The size (quantity) must be a number."],
    [{ item: "glass-partition" }, "quantity", "Enter the size of the job (quantity)."],
    [{ item: "ceiling-tile-replacement", quantity: 2.5 }, "quantity", "Enter a whole number of tiles (quantity)."],
    [
      { item: "marble-floor", quantity: 10 },
      "item",
      /^Unknown item "marble-floor"\. Choose one of: basic-suspended-ceiling,/,
    ],
    [{ quantity: 10 }, "item", /^Choose what you need/],
    [
      { item: "glass-partition", quantity: 10, options: ["gold-leaf"] },
      "options",
      /^Unknown option "gold-leaf"\. Choose from: high-ceiling,/,
    ],
    [
      { item: "glass-partition", quantity: 10, options: "out-of-hours" },
      "options",
      "options must be a list of option keys.",
    ],
    [
      { item: "ceiling-tile-replacement", quantity: 3, options: ["remove-old-ceiling"] },
      "options",
      /is priced per m², so it does not apply/,
    ],
    [{ item: "glass-partition", quantity: 10, location: 12 }, "location", /must be text/],
    [{ item: "glass-partition", quantity: 10, location: "x".repeat(101) }, "location", /under 100 characters/],
  ])("%j is refused, naming %s", (body, field, message) => {
    const result = parse(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors[field as keyof typeof result.fieldErrors]).toMatch(message);
    expect(result.message).toMatch(message);
  });

  it("refuses a body that is not an object", () => {
    for (const body of [null, [], "x", 3]) expect(parse(body)).toMatchObject({ ok: false, fieldErrors: {} });
  });
});
