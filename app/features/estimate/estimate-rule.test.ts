import { describe, expect, it } from "vitest";
import { computeEstimate, roundToTenEuros } from "./estimate-rule";
import { DEFAULT_PRICE_LIST, type PriceItem, type PriceOption } from "./price-list";

const item = (key: string) => DEFAULT_PRICE_LIST.items.find((i) => i.key === key)!;
const option = (key: string) => DEFAULT_PRICE_LIST.options.find((o) => o.key === key)!;
const list = { minimumChargeEur: 400 };

describe("the estimate rule", () => {
  it("without options: quantity × the item's low and high (the issue's shop in Naas: 120 m² basic ceiling)", () => {
    const e = computeEstimate(list, item("basic-suspended-ceiling"), 120, []);
    expect([e.lowEur, e.highEur]).toEqual([3600, 7200]);
    expect(e.minimumApplied).toBe(false);
    expect(e.lines).toEqual([
      {
        label: "Basic suspended ceiling (grid and mineral tiles): 120 m² at €30–€60 per m²",
        lowEur: 3600,
        highEur: 7200,
      },
      { label: "Total, rounded to the nearest €10", lowEur: 3600, highEur: 7200 },
    ]);
  });

  it("rounds each end to the nearest €10, a half up", () => {
    const odd: PriceItem = { ...item("basic-suspended-ceiling"), low: 30.5, high: 61.25 };
    // 12.3 × 30.5 = 375.15 → 380 (but the minimum is 400); 12.3 × 61.25 = 753.375 → 750
    expect(computeEstimate({ minimumChargeEur: 0 }, odd, 12.3, [])).toMatchObject({ lowEur: 380, highEur: 750 });
    expect(roundToTenEuros(12_499)).toBe(120);
    expect(roundToTenEuros(12_500)).toBe(130);
    expect(roundToTenEuros(12_501)).toBe(130);
    expect(roundToTenEuros(0)).toBe(0);
    // 0.1 + 0.2 style sums never decide a rounding: 3 × €41.65 = €124.95 → €120, 5 × €25 = €125 → €130
    const tile: PriceItem = { ...item("ceiling-tile-replacement"), low: 41.65, high: 25 };
    expect(computeEstimate({ minimumChargeEur: 0 }, tile, 3, []).lowEur).toBe(120);
    expect(computeEstimate({ minimumChargeEur: 0 }, tile, 5, []).highEur).toBe(130);
  });

  it("never goes below the minimum charge, and says so", () => {
    const e = computeEstimate(list, item("ceiling-tile-replacement"), 4, []);
    // 4 × €15–€35 = €60–€140: both raised to €400
    expect([e.lowEur, e.highEur]).toEqual([400, 400]);
    expect(e.minimumApplied).toBe(true);
    expect(e.lines.at(-1)).toEqual({ label: "Minimum job charge of €400", lowEur: 400, highEur: 400 });
    // Only the low end below it: the high end stays
    const split = computeEstimate(list, item("basic-suspended-ceiling"), 10, []);
    expect([split.lowEur, split.highEur]).toEqual([400, 600]);
  });

  it("a percentage option adds its share of the item's low and high amounts", () => {
    const e = computeEstimate(list, item("basic-suspended-ceiling"), 120, [option("out-of-hours")]);
    expect([e.lowEur, e.highEur]).toEqual([4320, 8640]);
    expect(e.lines[1]).toEqual({
      label: "Out-of-hours work (evenings, nights or weekends): +20% of the work",
      lowEur: 720,
      highEur: 1440,
    });
  });

  it("a € per m² option adds quantity × its price to both ends; percentages apply to the item only", () => {
    const e = computeEstimate(list, item("basic-suspended-ceiling"), 100, [
      option("high-ceiling"),
      option("remove-old-ceiling"),
    ]);
    // item 3000–6000; +15% 450–900; removal 100 × €8 = 800 on both
    expect([e.lowEur, e.highEur]).toEqual([4250, 7700]);
    expect(e.lines.map((l) => [l.lowEur, l.highEur])).toEqual([
      [3000, 6000],
      [450, 900],
      [800, 800],
      [4250, 7700],
    ]);
  });

  it("sums options in cents before rounding the total", () => {
    const pct: PriceOption = { key: "p", label: "P", kind: "percent", value: 12.5 };
    // 7 × €33 = €231 and €462; +12.5% = €28.875 → 2888 cents, €57.75; totals 259.88 → 260, 519.75 → 520
    const e = computeEstimate({ minimumChargeEur: 0 }, { ...item("basic-suspended-ceiling"), low: 33, high: 66 }, 7, [
      pct,
    ]);
    expect([e.lowEur, e.highEur]).toEqual([260, 520]);
    expect(e.lines[1]).toMatchObject({ lowEur: 28.88, highEur: 57.75 });
  });
});
