import { describe, expect, it } from "vitest";
import { validateQuoteInput } from "./quote-schema";

const valid = {
  client: { name: "Aoife Byrne", email: "aoife@byrne-retail.ie" },
  lines: [{ description: "Mineral tile ceiling", quantity: 120.5, unit: "m²", unitPriceCents: 4_500, vatRate: 13.5 }],
  validUntil: "2026-09-30",
};

describe("the quote input", () => {
  it("fills in the defaults", () => {
    const result = validateQuoteInput(valid);
    expect(result).toEqual({
      ok: true,
      data: {
        client: { name: "Aoife Byrne", company: "", email: "aoife@byrne-retail.ie", address: "" },
        lines: [{ ...valid.lines[0], optional: false, selected: true, goods: false }],
        vatMode: "standard",
        validUntil: "2026-09-30",
        depositPercent: 0,
        payments: {
          depositPercent: 0,
          stages: [{ label: "On completion", percent: 100 }],
          retentionPercent: 0,
          defectsMonths: 12,
        },
        notes: "",
      },
    });
  });

  it("takes a payment schedule, names payments.stages when it misses 100%, and keeps one deposit", () => {
    const payments = {
      depositPercent: 30,
      stages: [
        { label: "First fix", percent: 40 },
        { label: "On completion", percent: 30 },
      ],
      retentionPercent: 5,
      defectsMonths: 12,
    };
    const result = validateQuoteInput({ ...valid, payments });
    expect(result.ok && [result.data.depositPercent, result.data.payments]).toEqual([30, payments]);
    expect(validateQuoteInput({ ...valid, payments: { ...payments, stages: payments.stages.slice(0, 1) } })).toEqual({
      ok: false,
      errors: { "payments.stages": "The deposit and the stages must add up to 100% (now 70%)" },
    });
    expect(validateQuoteInput({ ...valid, depositPercent: 25, payments })).toEqual({
      ok: false,
      errors: { depositPercent: "The deposit differs from the payment schedule's: send one, or the same in both" },
    });
    // A deposit without a schedule: the rest on completion.
    const shorthand = validateQuoteInput({ ...valid, depositPercent: 25 });
    expect(shorthand.ok && shorthand.data.payments.stages).toEqual([{ label: "On completion", percent: 75 }]);
  });

  it("names the exact field that is wrong", () => {
    const lines = [valid.lines[0], valid.lines[0], { ...valid.lines[0], vatRate: 21 }];
    expect(validateQuoteInput({ ...valid, lines })).toEqual({
      ok: false,
      errors: { "lines.2.vatRate": "VAT rate must be 13.5, 23 or 0" },
    });
    const bad = validateQuoteInput({
      ...valid,
      client: { name: "", email: "nope" },
      lines: [{ ...valid.lines[0], quantity: 1.005, unit: "sq m", unitPriceCents: 12.5 }],
      validUntil: "2026-02-30",
      depositPercent: 101,
    });
    expect(bad.ok).toBe(false);
    expect(Object.keys(!bad.ok ? bad.errors : {}).sort()).toEqual([
      "client.email",
      "client.name",
      "depositPercent",
      "lines.0.quantity",
      "lines.0.unit",
      "lines.0.unitPriceCents",
      "validUntil",
    ]);
    expect(validateQuoteInput({ ...valid, lines: "none" })).toEqual({
      ok: false,
      errors: { lines: "Add at least one line before sending the quote" },
    });
    expect(validateQuoteInput([])).toEqual({ ok: false, errors: { body: "Send the quote as a JSON object." } });
  });

  it("keeps an optional line's default and forces a required line to count", () => {
    const result = validateQuoteInput({
      ...valid,
      lines: [
        { ...valid.lines[0], optional: true, selected: false },
        { ...valid.lines[0], optional: false, selected: false },
      ],
    });
    expect(result.ok && result.data.lines.map((l) => [l.optional, l.selected])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
