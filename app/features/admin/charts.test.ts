import { describe, expect, it } from "vitest";
import { axisTicks, funnelBarWidths, niceMax } from "./charts";

describe("chart axes", () => {
  it("round the top of the axis up to 1, 2, 2.5 or 5 × 10ⁿ", () => {
    expect([0, 1, 2, 3, 7, 11, 180, 2100].map(niceMax)).toEqual([1, 1, 2, 5, 10, 20, 200, 2500]);
  });

  it("put gridlines on whole numbers only", () => {
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(axisTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(2500)).toEqual([0, 625, 1250, 1875, 2500]);
    for (const max of [1, 2, 5, 10, 20, 25, 50, 100, 250]) expect(axisTicks(max).every(Number.isInteger)).toBe(true);
  });
});

describe("funnel bars", () => {
  it("scale with the first step, or with a later one that outgrows it, never past the chart", () => {
    expect(funnelBarWidths([200, 100, 50, 0], 400)).toEqual([400, 200, 100, 0]);
    // More leads than counted visits: the leads' bar is the longest and the chart's width.
    expect(funnelBarWidths([98_329, 100_000, 30_000, 10_000], 400).map(Math.round)).toEqual([393, 400, 120, 40]);
    expect(funnelBarWidths([0, 0], 400)).toEqual([0, 0]);
  });
});
