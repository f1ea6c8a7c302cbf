import { describe, expect, it } from "vitest";
import { parseReportRange } from "./report-range";

describe("a report's date window", () => {
  it("takes two real days in order, and the last 30 days when none are given", () => {
    expect(parseReportRange("2026-11-01", "2026-12-31", "2026-11-28")).toEqual({
      ok: true,
      from: "2026-11-01",
      to: "2026-12-31",
    });
    expect(parseReportRange(undefined, undefined, "2026-11-28")).toEqual({
      ok: true,
      from: "2026-10-30",
      to: "2026-11-28",
    });
  });

  it("refuses impossible days with words, never by throwing", () => {
    for (const from of ["2026-13-01", "2026-02-30", "2026-00-10", "2026-01-32", "26-01-01"])
      expect(parseReportRange(from, "2026-12-31", "2026-11-28")).toEqual({
        ok: false,
        message: "from and to must both be dates as YYYY-MM-DD, e.g. from=2026-11-01&to=2026-11-30.",
      });
    expect(parseReportRange("2026-03-01", undefined, "2026-11-28")).toMatchObject({ ok: false });
    expect(parseReportRange("2026-03-02", "2026-03-01", "2026-11-28")).toEqual({
      ok: false,
      message: "from must be on or before to.",
    });
  });
});
