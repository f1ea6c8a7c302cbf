import { describe, expect, it } from "vitest";
import { addDays, daysBetween, dublinDay, dublinInstant, isCalendarDay } from "./dublin-time";

// Irish calendar days, written once for the whole app. 2026's clock changes: the last Sunday of
// March (29th, 01:00 UTC: GMT → IST) and of October (25th, 01:00 UTC: IST → GMT).

describe("dublinDay: the Irish calendar day of an instant", () => {
  it.each([
    ["2026-01-15T23:59:59Z", "2026-01-15"], // winter: Irish time is UTC
    ["2026-07-01T22:59:59Z", "2026-07-01"], // summer: UTC+1, so 23:00 UTC is the next day
    ["2026-07-01T23:00:00Z", "2026-07-02"],
    ["2026-03-28T23:59:59Z", "2026-03-28"], // the night before the March change, still GMT
    ["2026-03-29T00:59:59Z", "2026-03-29"],
    ["2026-03-29T01:00:00Z", "2026-03-29"], // clocks jump from 01:00 to 02:00
    ["2026-03-29T22:59:59Z", "2026-03-29"],
    ["2026-03-29T23:00:00Z", "2026-03-30"], // the first midnight of summer time
    ["2026-10-24T23:00:00Z", "2026-10-25"], // the last summer midnight
    ["2026-10-25T00:59:59Z", "2026-10-25"], // 01:59 IST, just before 02:00 IST becomes 01:00 GMT
    ["2026-10-25T23:00:00Z", "2026-10-25"], // 23:00 GMT: the same day again
    ["2026-10-26T00:00:00Z", "2026-10-26"],
    ["2028-02-29T23:30:00Z", "2028-02-29"], // a leap day, in winter
    ["2026-12-31T23:59:59Z", "2026-12-31"],
  ])("%s is %s in Ireland", (instant, day) => {
    expect(dublinDay(new Date(instant))).toBe(day);
    expect(dublinDay(Date.parse(instant))).toBe(day);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-03-28", 1, "2026-03-29"],
    ["2026-03-28", 2, "2026-03-30"], // across the March change: whole days, not 24-hour steps
    ["2026-10-24", 2, "2026-10-26"], // and the October one
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-01-01", -1, "2025-12-31"],
    ["2026-11-28", 0, "2026-11-28"],
    ["2026-11-28", -365, "2025-11-28"],
  ])("%s %+d days is %s", (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it("counts whole days between two days, across the clock changes", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2028-02-01", "2028-03-01")).toBe(29);
    expect(daysBetween("2026-11-28", "2026-11-28")).toBe(0);
    expect(daysBetween("2026-11-28", "2026-11-01")).toBe(-27);
  });
});

describe("isCalendarDay: a real day written YYYY-MM-DD", () => {
  it.each(["2028-02-29", "2026-03-29", "2026-10-25", "2026-12-31", "2000-01-01"])("%s is", (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });
  it.each([
    "2027-02-29", // not a leap year
    "2100-02-29", // nor is a century not divisible by 400
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-1-01",
    "26-01-01",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "2026/01/01",
    "",
  ])("%j is not", (value) => {
    expect(isCalendarDay(value)).toBe(false);
  });
  it("is false for anything but text (a query value may be an array)", () => {
    expect(isCalendarDay(["2026-01-01"])).toBe(false);
    expect(isCalendarDay(undefined)).toBe(false);
    expect(isCalendarDay(20260101)).toBe(false);
  });
});

describe("dublinInstant: midnight of an Irish day", () => {
  it.each([
    ["2026-03-29", "2026-03-29T00:00:00.000Z"], // the change happens later that night
    ["2026-03-30", "2026-03-29T23:00:00.000Z"],
    ["2026-10-25", "2026-10-24T23:00:00.000Z"],
    ["2026-10-26", "2026-10-26T00:00:00.000Z"],
    ["2028-02-29", "2028-02-29T00:00:00.000Z"],
  ])("%s begins at %s", (day, instant) => {
    expect(dublinInstant(day, 0).toISOString()).toBe(instant);
    expect(dublinDay(dublinInstant(day, 0))).toBe(day);
    expect(dublinDay(new Date(dublinInstant(day, 0).getTime() - 1))).toBe(addDays(day, -1));
  });
});
