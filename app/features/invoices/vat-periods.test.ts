import { describe, expect, it } from "vitest";
import { previousVatPeriod, vatPeriodLabel, vatPeriodOf } from "./vat-periods";

describe("Irish two-month VAT periods", () => {
  it("puts a day in its January–February, March–April … November–December period", () => {
    expect(vatPeriodOf("2026-01-01")).toEqual({ from: "2026-01-01", to: "2026-02-28" });
    expect(vatPeriodOf("2028-02-29")).toEqual({ from: "2028-01-01", to: "2028-02-29" });
    expect(vatPeriodOf("2026-04-30")).toEqual({ from: "2026-03-01", to: "2026-04-30" });
    expect(vatPeriodOf("2026-11-28")).toEqual({ from: "2026-11-01", to: "2026-12-31" });
    expect(vatPeriodOf("2026-12-31")).toEqual({ from: "2026-11-01", to: "2026-12-31" });
  });

  it("goes back one period, across the new year", () => {
    expect(previousVatPeriod("2026-11-28")).toEqual({ from: "2026-09-01", to: "2026-10-31" });
    expect(previousVatPeriod("2026-02-10")).toEqual({ from: "2025-11-01", to: "2025-12-31" });
    expect(previousVatPeriod("2026-03-01")).toEqual({ from: "2026-01-01", to: "2026-02-28" });
  });

  it("names a whole period and nothing else", () => {
    expect(vatPeriodLabel({ from: "2026-03-01", to: "2026-04-30" })).toBe("March–April 2026");
    expect(vatPeriodLabel({ from: "2026-03-01", to: "2026-04-29" })).toBeNull();
    expect(vatPeriodLabel({ from: "2026-02-01", to: "2026-03-31" })).toBeNull();
  });
});
