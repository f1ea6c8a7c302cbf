import { describe, expect, it } from "vitest";
import { goodsOverTwoThirds, lineNetCents, quoteTotals, withSelection } from "./quote-totals";
import type { QuoteLine } from "./quote-types";

const line = (over: Partial<QuoteLine>): QuoteLine => ({
  id: "a",
  description: "Suspended ceiling, supply and fit",
  quantity: 1,
  unit: "m²",
  unitPriceCents: 100,
  vatRate: 13.5,
  optional: false,
  selected: true,
  goods: false,
  ...over,
});

describe("a line's net", () => {
  it("is quantity × unit price rounded half-up to the cent", () => {
    expect(lineNetCents({ quantity: 2.5, unitPriceCents: 4_500 })).toBe(11_250);
    // 0.05 × 25 = 1.25 cents → 1; 0.1 × 25 = 2.5 cents → 3 (half-up, not to even)
    expect(lineNetCents({ quantity: 0.05, unitPriceCents: 25 })).toBe(1);
    expect(lineNetCents({ quantity: 0.1, unitPriceCents: 25 })).toBe(3);
    expect(lineNetCents({ quantity: 0.3, unitPriceCents: 5 })).toBe(2); // 1.5 → 2
    // 1.15 is 1.149999… in binary: the quantity is taken as 115 hundredths, not truncated
    expect(lineNetCents({ quantity: 1.15, unitPriceCents: 100 })).toBe(115);
  });
});

describe("quote totals", () => {
  it("adds VAT per rate on the sum of that rate's lines, rounded once per rate", () => {
    const totals = quoteTotals(
      [
        line({ id: "a", quantity: 1, unitPriceCents: 333, vatRate: 13.5 }),
        line({ id: "b", quantity: 1, unitPriceCents: 333, vatRate: 13.5 }),
        line({ id: "c", quantity: 2, unitPriceCents: 1_050, vatRate: 23, goods: true }),
        line({ id: "d", quantity: 1, unitPriceCents: 500, vatRate: 0 }),
      ],
      "standard",
      0,
    );
    // 666 × 13.5 % = 89.91 → 90 (per line it would be 44.955 → 45 twice = 90 too; see next test)
    expect(totals).toEqual({
      netCents: 666 + 2_100 + 500,
      vat: [
        { rate: 13.5, netCents: 666, vatCents: 90 },
        { rate: 23, netCents: 2_100, vatCents: 483 },
        { rate: 0, netCents: 500, vatCents: 0 },
      ],
      vatCents: 573,
      grossCents: 3_266 + 573,
      depositCents: 0,
    });
  });

  it("rounds the VAT of a rate once, so line-by-line rounding errors do not add up", () => {
    const lines = [1, 2, 3].map((n) => line({ id: String(n), quantity: 1, unitPriceCents: 111, vatRate: 13.5 }));
    // 3 × 111 = 333 × 0.135 = 44.955 → 45 (line by line: 14.985 → 15, three times = 45; with 4 lines:)
    expect(quoteTotals(lines, "standard", 0).vatCents).toBe(45);
    const four = [...lines, line({ id: "4", quantity: 1, unitPriceCents: 111 })];
    // 444 × 0.135 = 59.94 → 60, where four rounded lines would give 4 × 15 = 60; 1 cent lines show it:
    expect(quoteTotals(four, "standard", 0).vatCents).toBe(60);
    const cents = [1, 2, 3].map((n) => line({ id: String(n), quantity: 1, unitPriceCents: 3, vatRate: 23 }));
    // each 0.69 → 1 (3 in all); on the sum 9 × 0.23 = 2.07 → 2
    expect(quoteTotals(cents, "standard", 0).vatCents).toBe(2);
  });

  it("rounds a half cent of VAT up", () => {
    // 100 × 13.5 % = 13.5 → 14; 50 × 23 % = 11.5 → 12
    expect(quoteTotals([line({ unitPriceCents: 100 })], "standard", 0).vatCents).toBe(14);
    expect(quoteTotals([line({ unitPriceCents: 50, vatRate: 23 })], "standard", 0).vatCents).toBe(12);
  });

  it("counts optional lines only when selected, and follows the client's ticks", () => {
    const lines = [
      line({ id: "base", unitPriceCents: 100_000 }),
      line({ id: "lights", unitPriceCents: 20_000, vatRate: 23, optional: true, selected: false }),
      line({ id: "paint", unitPriceCents: 5_000, optional: true, selected: true }),
    ];
    expect(quoteTotals(lines, "standard", 0).netCents).toBe(105_000);
    const ticked = withSelection(lines, new Set(["lights"]));
    const totals = quoteTotals(ticked, "standard", 0);
    expect(totals.netCents).toBe(120_000);
    expect(totals.vat).toEqual([
      { rate: 13.5, netCents: 100_000, vatCents: 13_500 },
      { rate: 23, netCents: 20_000, vatCents: 4_600 },
    ]);
    // a non-optional line is never dropped, even when its id is not among the ticks
    expect(withSelection(lines, new Set()).map((l) => l.selected)).toEqual([true, false, false]);
  });

  it("charges no VAT at all under the reverse charge", () => {
    const totals = quoteTotals(
      [line({ unitPriceCents: 100_000 }), line({ id: "b", unitPriceCents: 10_000, vatRate: 23 })],
      "reverse-charge",
      10,
    );
    expect(totals).toEqual({ netCents: 110_000, vat: [], vatCents: 0, grossCents: 110_000, depositCents: 11_000 });
  });

  it("takes the deposit as a share of the gross, rounded half-up", () => {
    // gross 11,350; 33 % = 3,745.5 → 3,746
    expect(quoteTotals([line({ unitPriceCents: 10_000 })], "standard", 33).depositCents).toBe(3_746);
    expect(quoteTotals([line({ unitPriceCents: 10_000 })], "standard", 100).depositCents).toBe(11_350);
    expect(quoteTotals([line({ unitPriceCents: 10_000 })], "standard", 0).depositCents).toBe(0);
  });

  it("stays exact for large jobs", () => {
    const big = quoteTotals([line({ quantity: 99_999.99, unitPriceCents: 9_999_999, vatRate: 23 })], "standard", 0);
    expect(big.netCents).toBe(999_999_800_000); // 9,999,999 × 9,999,999 hundredths = …800,000.01
    expect(big.vatCents).toBe(229_999_954_000);
  });
});

describe("the two-thirds rule", () => {
  it("warns when goods are more than two-thirds of the net of the lines that count", () => {
    const fit = line({ id: "fit", unitPriceCents: 1_000 });
    expect(goodsOverTwoThirds([fit, line({ id: "g", unitPriceCents: 2_000, goods: true })])).toBe(false); // exactly 2/3
    expect(goodsOverTwoThirds([fit, line({ id: "g", unitPriceCents: 2_001, goods: true })])).toBe(true);
    expect(
      goodsOverTwoThirds([fit, line({ id: "g", unitPriceCents: 5_000, goods: true, optional: true, selected: false })]),
    ).toBe(false);
    expect(goodsOverTwoThirds([])).toBe(false);
  });
});
