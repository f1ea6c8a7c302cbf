import { describe, expect, it } from "vitest";
import { easterSunday, irishHolidayOn, irishHolidays, irishHolidaysBetween } from "./irish-holidays";

const dates = (year: number) => irishHolidays(year).map((h) => h.date);

describe("Irish public holidays", () => {
  it("lists 2026's ten holidays", () => {
    expect(dates(2026)).toEqual([
      "2026-01-01",
      "2026-02-02", // 1 February is a Sunday: the first Monday
      "2026-03-17",
      "2026-04-06",
      "2026-05-04",
      "2026-06-01",
      "2026-08-03",
      "2026-10-26",
      "2026-12-25",
      "2026-12-26",
    ]);
  });

  it("lists 2027's ten holidays", () => {
    expect(dates(2027)).toEqual([
      "2027-01-01",
      "2027-02-01", // 1 February is the first Monday itself
      "2027-03-17",
      "2027-03-29",
      "2027-05-03",
      "2027-06-07",
      "2027-08-02",
      "2027-10-25",
      "2027-12-25",
      "2027-12-26",
    ]);
  });

  it("lists 2028's ten holidays", () => {
    expect(dates(2028)).toEqual([
      "2028-01-01",
      "2028-02-07",
      "2028-03-17",
      "2028-04-17",
      "2028-05-01",
      "2028-06-05",
      "2028-08-07",
      "2028-10-30",
      "2028-12-25",
      "2028-12-26",
    ]);
  });

  it("keeps St Brigid's Day on 1 February when that is a Friday, else the first Monday", () => {
    expect(irishHolidayOn("2030-02-01")?.name).toBe("St Brigid's Day");
    expect(irishHolidayOn("2030-02-04")).toBeUndefined();
    expect(irishHolidays(2024).find((h) => h.name === "St Brigid's Day")?.date).toBe("2024-02-05");
    expect(irishHolidays(2025).find((h) => h.name === "St Brigid's Day")?.date).toBe("2025-02-03");
  });

  it("computes Easter Sunday in early, late and ordinary years", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2285)).toBe("2285-03-22");
  });

  it("names a day's holiday and leaves ordinary days alone", () => {
    expect(irishHolidayOn("2027-03-29")?.name).toBe("Easter Monday");
    expect(irishHolidayOn("2026-12-26")?.name).toBe("St Stephen's Day");
    expect(irishHolidayOn("2026-12-28")).toBeUndefined();
  });

  it("lists the holidays across a year's end", () => {
    expect(irishHolidaysBetween("2026-12-20", "2027-02-01").map((h) => h.name)).toEqual([
      "Christmas Day",
      "St Stephen's Day",
      "New Year's Day",
      "St Brigid's Day",
    ]);
  });
});
