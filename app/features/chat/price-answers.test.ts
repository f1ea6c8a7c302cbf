import { describe, expect, it } from "vitest";
import { computeEstimate } from "~/features/estimate/estimate-rule";
import { DEFAULT_PRICE_LIST, type PriceList } from "~/features/estimate/price-list";
import {
  asksCost,
  asksPrice,
  fetchPriceTable,
  isPriceTable,
  parseArea,
  parseTiles,
  priceAnswer,
  PRICES_ENDPOINT,
  type PriceTable,
} from "./price-answers";

const table: PriceTable = DEFAULT_PRICE_LIST;
/** A table staff have edited: every figure differs from the seed. */
const edited: PriceList = {
  ...DEFAULT_PRICE_LIST,
  items: DEFAULT_PRICE_LIST.items.map((i) => ({ ...i, low: i.low + 7, high: i.high + 11 })),
  minimumChargeEur: 650,
};

describe("asksPrice / asksCost", () => {
  it.each([
    ["How much would a suspended ceiling cost?", true, true],
    ["what do you charge for partitions", true, true],
    ["your rates please", true, true],
    ["Can I get a quote?", true, false],
    ["rough estimate", true, false],
    ["how are you", false, false],
    ["much obliged", false, false],
    ["Do you do repairs?", false, false],
  ])("%j: price %s, cost %s", (text, price, cost) => {
    expect(asksPrice(text)).toBe(price);
    expect(asksCost(text)).toBe(cost);
  });
});

describe("parseArea", () => {
  it.each([
    ["about 120 m2", 120],
    ["120m2", 120],
    ["120 m²", 120],
    ["120 sq m", 120],
    ["120 sq. m", 120],
    ["120sqm", 120],
    ["120 square metres", 120],
    ["120 square meters", 120],
    ["120 metres squared", 120],
    ["1,200 m2", 1200],
    ["1 200 m2", 1200],
    ["12.5 m2", 12.5],
    ["12,5 m2", 12.5],
    ["10m x 12m", 120],
    ["10 x 12 metres", 120],
    ["7.5 by 4 m", 30],
    ["1,000 sq ft", 92.9],
    ["1000 square feet", 92.9],
  ])("%j → %f m²", (text, m2) => {
    expect(parseArea(text)).toBe(m2);
  });

  it.each(["120", "a 120 m long corridor", "0 m2", "10 x 12", "m2", "2 floors", "120 m2s"])(
    "%j gives no area",
    (text) => {
      expect(parseArea(text)).toBeUndefined();
    },
  );

  it("reads tile counts", () => {
    expect(parseTiles("replace 12 ceiling tiles")).toBe(12);
    expect(parseTiles("3 damaged tiles")).toBe(3);
    expect(parseTiles("1 tile")).toBe(1);
    expect(parseTiles("tiles")).toBeUndefined();
  });
});

describe("priceAnswer", () => {
  it("gives the ballpark for an area, by the estimate rule, before VAT, with the estimate page", () => {
    const answer = priceAnswer("How much would a suspended ceiling cost for an office of about 120 m2?", table)!;
    const [basic, custom] = table.items.filter((i) => i.service === "Suspended Ceilings");
    const b = computeEstimate(table, basic!, 120, []);
    const c = computeEstimate(table, custom!, 120, []);
    expect([b.lowEur, b.highEur, c.lowEur, c.highEur]).toEqual([3600, 7200, 7200, 14400]);
    expect(answer.text).toBe(
      [
        "A ballpark for suspended ceilings from our current price list, supplied and fitted, before VAT (13.5%):",
        "• Basic suspended ceiling (grid and mineral tiles), 120 m²: about €3,600–€7,200 (€30–€60 per m²)",
        "• Custom or acoustic ceiling, 120 m²: about €7,200–€14,400 (€60–€120 per m²)",
        "A guide, not a quote: a free site survey confirms the price. Our instant estimate adds options such as out-of-hours work.",
      ].join("\n"),
    );
    expect(answer.links).toEqual([
      { href: "/estimate", label: "Instant price estimate" },
      { href: "/suspended-ceilings", label: "Suspended ceilings" },
    ]);
  });

  it("uses the figures of the table it is given, never its own", () => {
    const answer = priceAnswer("price of a glass partition, 20 sq m", edited)!;
    expect(answer.text).toContain("• Glass partition, 20 m²: about €5,140–€9,220 (€257–€461 per m²)");
    expect(answer.text).not.toContain("€250");
    expect(answer.links?.[0]).toEqual({ href: "/estimate?item=glass-partition", label: "Instant price estimate" });
  });

  it("applies the minimum job charge to a small job, and says so", () => {
    const answer = priceAnswer("how much is a shop ceiling of 5 m2", edited)!;
    expect(answer.text).toContain("• Shop or salon ceiling, 5 m²: about €650 (€52–€106 per m²)");
    expect(answer.text).toContain("Small jobs carry our minimum charge of €650.");
  });

  it("names the service's rates without a size, and asks for one", () => {
    const answer = priceAnswer("What do partitions cost?", table)!;
    expect(answer.text).toBe(
      [
        "Our current rates for partitions, supplied and fitted, before VAT (13.5%):",
        "• Drywall (stud) partition: €45–€85 per m²",
        "• Fire-rated partition (30 to 90 minutes): €70–€130 per m²",
        "• Glass partition: €250–€450 per m²",
        "Tell me the size (for example 120 m²) and I'll work out a ballpark, or try our instant estimate.",
      ].join("\n"),
    );
  });

  it.each([
    ["how much for a fire rated partition", ["Fire-rated partition"]],
    ["cost of a stud wall partition", ["Drywall (stud) partition"]],
    ["acoustic ceiling price", ["Custom or acoustic ceiling"]],
    ["quote to repair a ceiling", ["Ceiling repair: replacing damaged tiles", "Ceiling repair: damaged area"]],
    ["how much for a hair salon ceiling", ["Shop or salon ceiling"]],
  ])("%j names %j", (text, labels) => {
    const lines = priceAnswer(text, table)!
      .text.split("\n")
      .filter((l) => l.startsWith("• "));
    expect(lines).toHaveLength(labels.length);
    for (const label of labels)
      expect(
        lines.some((l) => l.startsWith(`• ${label}`)),
        label,
      ).toBe(true);
  });

  it("prices tiles by count", () => {
    expect(priceAnswer("how much to replace 10 ceiling tiles", table)!.text).toContain(
      "• Ceiling repair: replacing damaged tiles, 10 tiles: about €400 (€15–€35 per tile)",
    );
  });

  it("answers a cost question without a service with each service's starting rate", () => {
    expect(priceAnswer("what are your prices", edited)!.text).toBe(
      [
        "Our current rates, supplied and fitted, before VAT (13.5%):",
        "• Suspended ceilings: from €37 per m²",
        "• Shop ceilings: from €52 per m²",
        "• Partitions: from €52 per m²",
        "• Ceiling repairs: from €22 per tile",
        "Tell me the work and its size (for example a suspended ceiling of 120 m²) and I'll give you a ballpark, or try our instant estimate.",
      ].join("\n"),
    );
    expect(priceAnswer("how much for 80 m2", table)!.text).toContain("ballpark for 80 m²");
  });

  it("leaves other messages, and a plain request for a quote, to the rules", () => {
    expect(priceAnswer("Do you do repairs?", table)).toBeUndefined();
    expect(priceAnswer("Can I get a quote?", table)).toBeUndefined();
    expect(priceAnswer("how much is a ceiling", { items: [], minimumChargeEur: 400 })).toBeUndefined();
  });

  it("does not work out a ballpark beyond what /estimate accepts", () => {
    const text = priceAnswer("partition price for 25,000 m2", table)!.text;
    expect(text).toContain("• Glass partition: €250–€450 per m²");
    expect(text).toContain("A job that size is priced from a site survey rather than a rate.");
  });
});

describe("fetching the table", () => {
  it("checks what it is given", () => {
    expect(isPriceTable(DEFAULT_PRICE_LIST)).toBe(true);
    expect(isPriceTable({ items: [{ key: "x" }], minimumChargeEur: 400 })).toBe(false);
    expect(isPriceTable({ items: [], minimumChargeEur: "400" })).toBe(false);
    expect(isPriceTable(null)).toBe(false);
  });

  it("answers the table, or null when the server cannot give it", async () => {
    const answer = (status: number, body: unknown) =>
      (async (url: string) => {
        expect(url).toBe(PRICES_ENDPOINT);
        return new Response(JSON.stringify(body), { status });
      }) as unknown as typeof fetch;
    expect(await fetchPriceTable(answer(200, table))).toEqual(table);
    expect(await fetchPriceTable(answer(503, { message: "down" }))).toBeNull();
    expect(await fetchPriceTable(answer(200, { items: "x" }))).toBeNull();
    expect(
      await fetchPriceTable(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toBeNull();
  });
});
