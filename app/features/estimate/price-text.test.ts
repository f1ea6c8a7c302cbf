import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "./price-list";
import { fillPrices, priceInWords, unknownPriceItems, UNKNOWN_PRICE_PUBLIC } from "./price-text";

const items = DEFAULT_PRICE_LIST.items;

describe("fillPrices", () => {
  it("puts the table's range in words where the copy names an item", () => {
    expect(fillPrices("Basic ceilings from about {price:basic-suspended-ceiling}, fitted.", { items })).toBe(
      "Basic ceilings from about €30 to €60 per m², fitted.",
    );
    expect(fillPrices("{price:ceiling-tile-replacement} and {price:glass-partition}", { items })).toBe(
      "€15 to €35 per tile and €250 to €450 per m²",
    );
  });

  it("gives the low price alone for :from", () => {
    expect(fillPrices("from about {price:basic-suspended-ceiling:from}", { items })).toBe("from about €30 per m²");
  });

  it("follows the table: a changed price is the new figure, cents shown only when there are some", () => {
    const changed = items.map((i) => (i.key === "shop-ceiling" ? { ...i, low: 47.5, high: 1200 } : i));
    expect(fillPrices("{price:shop-ceiling}", { items: changed })).toBe("€47.50 to €1,200 per m²");
  });

  it("says one figure when low and high are the same", () => {
    expect(priceInWords({ low: 180, high: 180, unit: "repair" })).toBe("€180 per repair area");
  });

  it("never shows a visitor code or an invented figure for an unknown or mistyped item", () => {
    expect(fillPrices("Glass from {price:glass-wall}.", { items })).toBe(`Glass from ${UNKNOWN_PRICE_PUBLIC}.`);
    expect(fillPrices("{price:Glass Partition} / {price:}", { items })).toBe(
      `${UNKNOWN_PRICE_PUBLIC} / ${UNKNOWN_PRICE_PUBLIC}`,
    );
  });

  it("shows staff in a preview which item is unknown", () => {
    expect(fillPrices("Glass from {price:glass-wall}.", { items, preview: true })).toBe(
      'Glass from [no price item "glass-wall" in the price table].',
    );
  });

  it("leaves text without placeholders, and other braces, as they are", () => {
    expect(fillPrices("Call {phone} about {prices}", { items })).toBe("Call {phone} about {prices}");
  });
});

describe("unknownPriceItems", () => {
  it("names each unknown item once", () => {
    expect(unknownPriceItems("{price:a} {price:basic-suspended-ceiling} {price:a:from} {price:b}", items)).toEqual([
      "a",
      "b",
    ]);
  });
});
