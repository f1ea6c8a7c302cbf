import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_LIST } from "~/features/estimate/price-list";
import { QUOTE_MESSAGES } from "~/features/quotes/quote-schema";
import {
  BLANK_LINE,
  draftBody,
  draftLine,
  draftTotals,
  followDeposit,
  lineFromPriceTable,
  PRICE_MESSAGE,
  typedNumber,
  type QuoteDraft,
} from "./quote-draft";

// The editor's working copy: euros typed, cents sent; errors keyed as the API keys them, so a
// message lands by the right line's input; totals as typed come from the server's own function.

const draft = (lines: QuoteDraft["lines"], extra: Partial<QuoteDraft> = {}): QuoteDraft => ({
  client: { name: "Ciara Doyle", company: "Doyle Pharmacy", email: "ciara@doylepharmacy.ie", address: "Naas" },
  lines,
  vatMode: "standard",
  validUntil: "2026-12-24",
  depositPercent: "25",
  payments: {
    stages: [{ key: "s0", label: "On completion", percent: "75" }],
    retentionPercent: "0",
    defectsMonths: "12",
  },
  notes: "",
  ...extra,
});

const ceiling = draftLine(
  { ...BLANK_LINE, description: "Suspended ceiling, 600 × 600 grid", quantity: 120, unit: "m²", unitPriceCents: 4_500 },
  "a",
);

describe("typedNumber", () => {
  it("reads what staff type: thousands commas, a decimal comma, a euro sign", () => {
    expect(typedNumber("1,250.50")).toBe(1250.5);
    expect(typedNumber("12,5")).toBe(12.5);
    expect(typedNumber("€ 45")).toBe(45);
    expect(typedNumber("")).toBeNaN();
    expect(typedNumber("about 40")).toBeNaN();
  });
});

describe("draftBody", () => {
  it("sends euros as whole cents and a line that is not optional as selected", () => {
    const checked = draftBody(draft([{ ...ceiling, price: "45.10", selected: false }]));
    expect(checked).toMatchObject({
      ok: true,
      body: { depositPercent: 25, lines: [{ unitPriceCents: 4_510, quantity: 120, selected: true }] },
    });
  });

  it("keys each problem by its line's number, as the API does (lines.1.unitPriceCents)", () => {
    const bad = { ...ceiling, key: "b", description: " ", price: "45.123" };
    const checked = draftBody(draft([ceiling, bad]));
    expect(checked).toEqual({
      ok: false,
      errors: { "lines.1.description": QUOTE_MESSAGES.description, "lines.1.unitPriceCents": PRICE_MESSAGE },
    });
  });
});

describe("draftTotals", () => {
  it("counts half-typed numbers as 0 and optional lines only when ticked", () => {
    const optional = { ...ceiling, key: "c", quantity: "1", price: "600", optional: true, selected: false };
    const typing = { ...ceiling, key: "d", quantity: "", price: "12." };
    const { totals } = draftTotals(draft([ceiling, optional, typing]));
    // 120 × €45 = €5,400 net, VAT 13.5 % = €729, total €6,129, deposit 25 % = €1,532.25
    expect(totals).toMatchObject({ netCents: 540_000, vatCents: 72_900, grossCents: 612_900, depositCents: 153_225 });
  });
});

describe("lineFromPriceTable", () => {
  it("starts an item at the middle of its range, in its unit", () => {
    const item = DEFAULT_PRICE_LIST.items[0]!;
    expect(lineFromPriceTable(DEFAULT_PRICE_LIST, `item:${item.key}`)).toMatchObject({
      description: item.label,
      unit: "m²",
      unitPriceCents: Math.round(((item.low + item.high) / 2) * 100),
    });
    expect(lineFromPriceTable(DEFAULT_PRICE_LIST, "item:no-such-item")).toBeNull();
  });
});

describe("the payment schedule in the editor", () => {
  it("sends the deposit with the stages, retention and defects period as typed", () => {
    const result = draftBody(
      draft([ceiling], {
        depositPercent: "30%",
        payments: {
          stages: [
            { key: "s0", label: "First fix", percent: "40" },
            { key: "s1", label: "On completion", percent: "30%" },
          ],
          retentionPercent: "5",
          defectsMonths: "12",
        },
      }),
    );
    expect(result.ok && result.body.payments).toEqual({
      depositPercent: 30,
      stages: [
        { label: "First fix", percent: 40 },
        { label: "On completion", percent: 30 },
      ],
      retentionPercent: 5,
      defectsMonths: 12,
    });
    expect(result.ok && result.body.depositPercent).toBe(30);
  });

  it("names payments.stages when the deposit and stages miss 100%, and a share it cannot read", () => {
    const short = draftBody(draft([ceiling], { depositPercent: "30" }));
    expect(!short.ok && short.errors["payments.stages"]).toBe(
      "The deposit and the stages must add up to 100% (now 105%)",
    );
    const unreadable = draftBody(
      draft([ceiling], {
        payments: {
          stages: [{ key: "s0", label: "Rest", percent: "most" }],
          retentionPercent: "",
          defectsMonths: "12",
        },
      }),
    );
    expect(!unreadable.ok && unreadable.errors["payments.stages.0.percent"]).toMatch(/A stage's share must be/);
  });
});

describe("the deposit and a single stage", () => {
  it("leaves the rest to a single stage as the deposit is typed, and several stages to staff", () => {
    const one = draft([]).payments;
    expect(followDeposit(one, "30%").stages[0]!.percent).toBe("70");
    expect(followDeposit(one, "33.33").stages[0]!.percent).toBe("66.67");
    expect(followDeposit(one, "3.").stages[0]!.percent).toBe("97");
    expect(followDeposit(one, "abc")).toBe(one);
    const two = { ...one, stages: [...one.stages, { key: "s1", label: "Snags", percent: "5" }] };
    expect(followDeposit(two, "30")).toBe(two);
    expect(draftBody(draft([ceiling], { depositPercent: "40", payments: followDeposit(one, "40") })).ok).toBe(true);
  });
});
