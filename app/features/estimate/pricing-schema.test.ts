import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "./price-list";
import { keyFromLabel, priceListErrorMessage, requiredItemsRemoved, validatePriceList } from "./pricing-schema";

const withItem = (i: number, patch: object) => ({
  ...DEFAULT_PRICE_LIST,
  items: DEFAULT_PRICE_LIST.items.map((item, j) => (j === i ? { ...item, ...patch } : item)),
});

describe("the price table schema", () => {
  it("accepts the seed table (the spec's figures) and trims labels", () => {
    expect(validatePriceList(DEFAULT_PRICE_LIST)).toEqual({ ok: true, data: DEFAULT_PRICE_LIST });
    const basic = DEFAULT_PRICE_LIST.items[0]!;
    expect([basic.low, basic.high]).toEqual([30, 60]);
    expect([DEFAULT_PRICE_LIST.items[1]!.low, DEFAULT_PRICE_LIST.items[1]!.high]).toEqual([60, 120]);
    const trimmed = validatePriceList(withItem(0, { label: "  Basic ceiling  " }));
    expect(trimmed.ok && trimmed.data.items[0]!.label).toBe("Basic ceiling");
  });

  it.each([
    [withItem(2, { low: 100, high: 50 }), "items.2.low", "Low price must not be more than the high price"],
    [withItem(0, { low: -1 }), "items.0.low", "Low price must not be negative"],
    [withItem(1, { high: "sixty" }), "items.1.high", "High price must be a number"],
    [withItem(1, { high: null }), "items.1.high", "High price must be a number"],
    [withItem(0, { unit: "yard" }), "items.0.unit", /^Unit must be one of/],
    [withItem(0, { key: "Bad Key" }), "items.0.key", /lowercase letters/],
    [withItem(1, { key: DEFAULT_PRICE_LIST.items[0]!.key }), "items.1.key", /is used twice/],
    [{ ...DEFAULT_PRICE_LIST, minimumChargeEur: -10 }, "minimumChargeEur", "Minimum charge must not be negative"],
    [{ ...DEFAULT_PRICE_LIST, minimumChargeEur: "400" }, "minimumChargeEur", "Minimum charge must be a number"],
    [
      { ...DEFAULT_PRICE_LIST, options: [{ ...DEFAULT_PRICE_LIST.options[0]!, value: 250 }] },
      "options.0.value",
      "A percentage must be at most 200",
    ],
    [{ ...DEFAULT_PRICE_LIST, items: [] }, "items", "Keep at least one item"],
  ])("refuses %#, naming %s", (body, path, message) => {
    const result = validatePriceList(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors[path]).toMatch(message);
    // The toast's sentence names the row in words, never a path such as items.2.low.
    const sentence = priceListErrorMessage(result.fieldErrors, body);
    expect(sentence).not.toMatch(/items\.|options\.|minimumChargeEur/);
    expect(sentence).toContain(result.fieldErrors[path]!);
  });

  it("names the item by its label, or by its place when it has none", () => {
    const result = validatePriceList(withItem(2, { low: 100, high: 50 }));
    expect(!result.ok && priceListErrorMessage(result.fieldErrors, withItem(2, { low: 100, high: 50 }))).toBe(
      "Please correct the highlighted prices: Shop or salon ceiling: Low price must not be more than the high price.",
    );
    const unnamed = withItem(3, { label: "", high: -1 });
    const check = validatePriceList(unnamed);
    expect(!check.ok && priceListErrorMessage(check.fieldErrors, unnamed)).toBe(
      "Please correct the highlighted prices: Item 4: Label must be at least 3 characters (and 1 more).",
    );
  });

  it("gives an added row a reference made from its label, unique in the table", () => {
    const added = validatePriceList({
      ...DEFAULT_PRICE_LIST,
      items: [
        ...DEFAULT_PRICE_LIST.items,
        { service: "Partitions", label: "Glass partition", unit: "m2", low: 1, high: 2 },
        { key: "", service: "Partitions", label: "Acoustic pod (é)", unit: "m2", low: 1, high: 2 },
      ],
    });
    expect(added.ok && added.data.items.slice(-2).map((i) => i.key)).toEqual(["glass-partition-2", "acoustic-pod-e"]);
    expect(keyFromLabel("  ")).toBe("item");
  });
});

describe("items the site needs", () => {
  it("cannot be removed; other items can", () => {
    const without = (key: string) => ({
      ...DEFAULT_PRICE_LIST,
      items: DEFAULT_PRICE_LIST.items.filter((i) => i.key !== key),
    });
    expect(requiredItemsRemoved(DEFAULT_PRICE_LIST, without("glass-partition"))).toEqual([]);
    expect(requiredItemsRemoved(DEFAULT_PRICE_LIST, without("drywall-partition"))).toEqual([
      '"Drywall (stud) partition" cannot be removed. Needed: the Partitions page\'s estimate button opens it.',
    ]);
    // Gone already (removed before the rule): nothing to refuse.
    expect(requiredItemsRemoved(without("shop-ceiling"), without("shop-ceiling"))).toEqual([]);
  });
});
