import { describe, expect, it } from "vitest";
import { jobArea, remindersDue, requestGapStart } from "./review-rules";

describe("review request rules (issue 39)", () => {
  it("names the job's area, never its street, unit or Eircode", () => {
    expect(jobArea({ address: ["Unit 4, Swords Business Park", "Swords, Co. Dublin"], eircode: "K67 X2Y3" })).toBe(
      "Swords, Co. Dublin",
    );
    expect(jobArea({ address: ["12 Main Street", "Sandyford", "Dublin 18", "D18 X2C4"], eircode: "" })).toBe(
      "Sandyford, Dublin 18",
    );
    expect(jobArea({ address: ["Unit 9, Kylemore Park"], eircode: "D10 AB12" })).toBe("Dublin 10");
    expect(jobArea({ address: ["The Old Mill"], eircode: "D6W XY12" })).toBe("Dublin 6W");
    expect(jobArea({ address: ["The Old Mill"], eircode: "" })).toBe("Ireland");
  });

  it("counts the reminders due by the days since the request", () => {
    const day = 86_400_000;
    expect(remindersDue([3, 10], 3 * day - 1)).toBe(0);
    expect(remindersDue([3, 10], 3 * day)).toBe(1);
    expect(remindersDue([3, 10], 10 * day)).toBe(2);
    expect(remindersDue([], 100 * day)).toBe(0);
  });

  it("keeps six calendar months between requests to a client", () => {
    expect(requestGapStart(new Date("2026-11-28T21:00:00Z")).toISOString()).toBe("2026-05-28T21:00:00.000Z");
  });
});
