import { describe, expect, it } from "vitest";
import {
  formatCalendarDay,
  formatCalendarMonth,
  formatCalendarWeekday,
  formatClock,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeSeconds,
  formatTimeRange,
} from "./irish-format";

// 2026's clock changes: 29 March at 01:00 UTC (GMT → IST, 01:00 becomes 02:00) and 25 October at
// 01:00 UTC (IST → GMT, 02:00 becomes 01:00 again).

describe("formatDateTime: how staff and clients read a moment", () => {
  it.each([
    ["2026-11-28T12:47:00Z", "28 November 2026, 12:47"], // winter: Irish time is UTC
    ["2026-11-28T08:05:00Z", "28 November 2026, 8:05"], // no leading zero on the hour
    ["2026-07-01T07:00:00Z", "1 July 2026, 8:00"], // summer: UTC+1, no leading zero on the day
    ["2026-07-01T23:30:00Z", "2 July 2026, 0:30"], // after midnight in Dublin, still 1 July in UTC
    ["2026-12-31T23:59:00Z", "31 December 2026, 23:59"],
    ["2027-01-01T00:00:00Z", "1 January 2027, 0:00"], // midnight
    // 29 March 2026: 00:59 GMT, then the clocks jump to 02:00 IST
    ["2026-03-29T00:59:00Z", "29 March 2026, 0:59"],
    ["2026-03-29T01:00:00Z", "29 March 2026, 2:00"],
    ["2026-03-29T09:00:00Z", "29 March 2026, 10:00"],
    ["2026-03-28T23:00:00Z", "28 March 2026, 23:00"], // the night before, still GMT
    ["2026-03-29T23:00:00Z", "30 March 2026, 0:00"], // the first summer-time midnight
    // 25 October 2026: 01:59 IST, then 01:00 GMT again; 01:30 happens twice
    ["2026-10-25T00:30:00Z", "25 October 2026, 1:30"],
    ["2026-10-25T01:30:00Z", "25 October 2026, 1:30"],
    ["2026-10-24T23:00:00Z", "25 October 2026, 0:00"], // the last summer-time midnight
    ["2026-10-25T23:00:00Z", "25 October 2026, 23:00"],
  ])("%s reads %s", (instant, text) => {
    expect(formatDateTime(new Date(instant))).toBe(text);
    expect(formatDateTime(Date.parse(instant))).toBe(text);
    expect(formatDateTime(instant)).toBe(text); // an ISO string from a loader's JSON
  });
});

describe("formatDate, formatTime", () => {
  it("split the same moment on Dublin's clocks", () => {
    const at = new Date("2026-11-28T12:47:00Z");
    expect(formatDate(at)).toBe("28 November 2026");
    expect(formatTime(at)).toBe("12:47");
  });

  it("take the Irish day and hour across midnight and the clock changes", () => {
    expect(formatDate(new Date("2026-06-30T23:15:00Z"))).toBe("1 July 2026");
    expect(formatTime(new Date("2026-06-30T23:15:00Z"))).toBe("0:15");
    expect(formatTime(new Date("2026-03-29T01:00:00Z"))).toBe("2:00");
    expect(formatTime(new Date("2026-10-25T01:00:00Z"))).toBe("1:00");
  });

  it("formatTimeSeconds keeps the seconds, and the 24-hour clock", () => {
    expect(formatTimeSeconds(new Date("2026-07-01T06:05:09Z"))).toBe("7:05:09");
    expect(formatTimeSeconds("2026-12-31T23:59:59Z")).toBe("23:59:59");
    expect(formatTimeSeconds("2026-10-25T01:00:00Z")).toBe("1:00:00");
  });
});

describe("formatCalendarDay: a stored day with no time of day", () => {
  it.each([
    ["2026-11-28", "28 November 2026"],
    ["2026-03-29", "29 March 2026"],
    ["2026-10-25", "25 October 2026"],
    ["2028-02-29", "29 February 2028"],
  ])("%s reads %s", (day, text) => expect(formatCalendarDay(day)).toBe(text));

  it("names a month and a calendar's days the same way, on the clock-change days too", () => {
    expect(formatCalendarMonth("2026-11")).toBe("November 2026");
    expect(formatCalendarMonth("2026-03-29")).toBe("March 2026");
    expect(formatCalendarWeekday("2026-11-28", "long")).toBe("Saturday, 28 November");
    expect(formatCalendarWeekday("2026-10-25", "short")).toBe("Sun, 25 Oct");
    expect(formatCalendarWeekday("2026-03-29", "long")).toBe("Sunday, 29 March");
  });
});

describe("formatClock and formatTimeRange: opening hours and times of day", () => {
  it.each([
    ["08:00", "8:00"],
    ["18:00", "18:00"],
    ["00:00", "0:00"],
    ["07:30", "7:30"],
  ])("%s reads %s", (time, text) => expect(formatClock(time)).toBe(text));

  it("joins two wall-clock times with an en dash and no spaces", () => {
    expect(formatTimeRange("08:00", "18:00")).toBe("8:00–18:00");
    expect(formatTimeRange("07:30", "12:00")).toBe("7:30–12:00");
  });

  it("joins two instants on Dublin's clocks, summer and winter", () => {
    expect(formatTimeRange(new Date("2026-07-01T07:00:00Z"), new Date("2026-07-01T17:00:00Z"))).toBe("8:00–18:00");
    expect(formatTimeRange(new Date("2026-11-28T08:00:00Z"), new Date("2026-11-28T18:00:00Z"))).toBe("8:00–18:00");
    // A survey across the March change: 00:30 GMT to 02:30 IST is one hour on the clock's face twice over
    expect(formatTimeRange(new Date("2026-03-29T00:30:00Z"), new Date("2026-03-29T01:30:00Z"))).toBe("0:30–2:30");
  });
});
