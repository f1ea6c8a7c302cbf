import { describe, expect, it } from "vitest";
import { csvTime } from "./leads.server";

describe("csvTime: a CSV time as staff read it in Dublin, with its offset", () => {
  it("uses GMT in winter and IST (UTC+1) in summer", () => {
    expect(csvTime(new Date("2026-01-15T09:05:07Z"))).toBe("2026-01-15 09:05:07 +00:00");
    expect(csvTime(new Date("2026-07-01T08:30:00Z"))).toBe("2026-07-01 09:30:00 +01:00");
  });

  it("puts a late-evening UTC time on the next Irish day in summer", () => {
    expect(csvTime(new Date("2026-06-30T23:15:00Z"))).toBe("2026-07-01 00:15:00 +01:00");
  });
});
