import { describe, expect, it } from "vitest";
import { medianOfCounts } from "./lead-stats.server";

describe("the median of counted values (first-contact times in tenths of an hour)", () => {
  it("is the middle value of an odd number of leads, however they are grouped", () => {
    // 3, 3, 5, 40, 40 (five leads): the third.
    expect(
      medianOfCounts([
        { value: 40, n: 2 },
        { value: 3, n: 2 },
        { value: 5, n: 1 },
      ]),
    ).toBe(5);
  });

  it("lies halfway between the two middle values of an even number, as percentile_cont(0.5) does", () => {
    // 2, 2, 2, 7, 9, 9 (six leads): between the third and the fourth.
    expect(
      medianOfCounts([
        { value: 2, n: 3 },
        { value: 7, n: 1 },
        { value: 9, n: 2 },
      ]),
    ).toBe(4.5);
    // Both middle leads in one group.
    expect(medianOfCounts([{ value: 12, n: 4 }])).toBe(12);
  });

  it("ignores groups a move has counted down to none, and answers null when no lead was contacted", () => {
    expect(
      medianOfCounts([
        { value: 1, n: 0 },
        { value: 6, n: 1 },
        { value: 10, n: 1 },
      ]),
    ).toBe(8);
    expect(medianOfCounts([{ value: 3, n: 0 }])).toBeNull();
    expect(medianOfCounts([])).toBeNull();
  });
});
