import { describe, expect, it } from "vitest";
import { sourceCountsText } from "./lead-sources";

describe("sourceCountsText", () => {
  it("counts a client's other leads by source, most first, in words staff read", () => {
    expect(
      sourceCountsText([
        { source: "chat", count: 1 },
        { source: "booking", count: 2 },
        { source: "contact-form", count: 0 },
      ]),
    ).toBe("2 bookings, 1 chat");
    expect(
      sourceCountsText([
        { source: "contact-form", count: 3 },
        { source: "estimate", count: 1 },
      ]),
    ).toBe("3 contact forms, 1 estimate");
    expect(sourceCountsText([])).toBe("");
  });
});
