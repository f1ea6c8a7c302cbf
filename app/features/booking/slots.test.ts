import { describe, expect, it } from "vitest";
import { dublinDay, dublinInstant, dublinIso, mondayOf, weekdayOf } from "~/features/time/dublin-time";
import {
  candidateSlots,
  DEFAULT_SURVEY_SETTINGS,
  lastBookableDay,
  rankStaff,
  type BusyTime,
  type StaffAvailability,
  type SurveySettings,
  type WeekHours,
} from "./slots";

const weekdays = (ranges: Array<[string, string]>): WeekHours => ({
  mon: ranges,
  tue: ranges,
  wed: ranges,
  thu: ranges,
  fri: ranges,
  sat: [],
  sun: [],
});

const person = (userId: number, hours: WeekHours, extra: Partial<StaffAvailability> = {}): StaffAvailability => ({
  userId,
  surveys: true,
  hours,
  daysOff: [],
  ...extra,
});

/** Free starts as Dublin ISO strings. */
function starts(
  q: {
    staff: StaffAvailability[];
    from: string;
    days?: number;
    busy?: BusyTime[];
    now?: Date;
  } & Partial<SurveySettings>,
) {
  const { staff, from, days = 1, busy = [], now = new Date("2020-01-01T00:00:00Z"), ...settings } = q;
  return candidateSlots({
    settings: { ...DEFAULT_SURVEY_SETTINGS, horizonDays: 10_000, ...settings },
    staff,
    busy,
    now,
    from,
    days,
  }).map((s) => dublinIso(s.start));
}

describe("Irish time", () => {
  it("reads wall-clock times in GMT and in summer time", () => {
    expect(dublinInstant("2026-01-12", 9 * 60).toISOString()).toBe("2026-01-12T09:00:00.000Z");
    expect(dublinInstant("2026-06-01", 9 * 60).toISOString()).toBe("2026-06-01T08:00:00.000Z");
    expect(dublinIso(new Date("2026-06-01T08:00:00Z"))).toBe("2026-06-01T09:00:00+01:00");
    expect(dublinIso(new Date("2026-01-12T09:00:00Z"))).toBe("2026-01-12T09:00:00+00:00");
  });

  it("knows the spring change (last Sunday of March, 01:00 → 02:00)", () => {
    expect(dublinInstant("2026-03-29", 0).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    // 01:30 never shows on the clocks that night: read as 02:30 summer time.
    expect(dublinInstant("2026-03-29", 90).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(dublinInstant("2026-03-29", 9 * 60).toISOString()).toBe("2026-03-29T08:00:00.000Z");
  });

  it("knows the autumn change (last Sunday of October, 02:00 → 01:00)", () => {
    // 01:30 shows twice: its first showing, in summer time.
    expect(dublinInstant("2026-10-25", 90).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(dublinInstant("2026-10-25", 9 * 60).toISOString()).toBe("2026-10-25T09:00:00.000Z");
  });

  it("names weekdays and weeks", () => {
    expect(weekdayOf("2026-03-30")).toBe("mon");
    expect(weekdayOf("2026-03-29")).toBe("sun");
    expect(mondayOf("2026-03-29")).toBe("2026-03-23");
    expect(dublinDay(new Date("2026-06-01T23:30:00Z"))).toBe("2026-06-02");
  });
});

describe("free survey times", () => {
  const nineToFive = weekdays([["09:00", "17:00"]]);

  it("fills a day's hours with surveys one survey plus buffer apart, each ending within the hours", () => {
    expect(starts({ staff: [person(1, nineToFive)], from: "2026-01-12" })).toEqual([
      "2026-01-12T09:00:00+00:00",
      "2026-01-12T10:30:00+00:00",
      "2026-01-12T12:00:00+00:00",
      "2026-01-12T13:30:00+00:00",
      "2026-01-12T15:00:00+00:00",
    ]);
    // 45-minute surveys, no buffer.
    expect(
      starts({ staff: [person(1, nineToFive)], from: "2026-01-12", surveyMinutes: 45, bufferMinutes: 0 }),
    ).toHaveLength(10);
  });

  it("uses every range of a day and nothing on a day without hours", () => {
    const split = weekdays([
      ["09:00", "11:00"],
      ["14:00", "15:30"],
    ]);
    expect(starts({ staff: [person(1, split)], from: "2026-01-12" })).toEqual([
      "2026-01-12T09:00:00+00:00",
      "2026-01-12T14:00:00+00:00",
    ]);
    expect(starts({ staff: [person(1, split)], from: "2026-01-17", days: 2 })).toEqual([]);
  });

  it("keeps clear of a booking and the buffer on both sides of it", () => {
    // Booked 10:30–11:30, so busy until 12:00 with its buffer.
    const busy: BusyTime[] = [
      {
        staffId: 1,
        start: new Date("2026-01-12T10:30:00Z"),
        blockedUntil: new Date("2026-01-12T12:00:00Z"),
      },
    ];
    expect(starts({ staff: [person(1, nineToFive)], from: "2026-01-12", busy })).toEqual([
      "2026-01-12T09:00:00+00:00",
      "2026-01-12T12:00:00+00:00",
      "2026-01-12T13:30:00+00:00",
      "2026-01-12T15:00:00+00:00",
    ]);
    // An off-grid booking at 09:45 (made before the hours changed) blocks 09:00 (its buffer would
    // be cut short) and 10:30 (inside its own buffer).
    const offGrid: BusyTime[] = [
      { staffId: 1, start: new Date("2026-01-12T09:45:00Z"), blockedUntil: new Date("2026-01-12T11:15:00Z") },
    ];
    expect(starts({ staff: [person(1, nineToFive)], from: "2026-01-12", busy: offGrid })[0]).toBe(
      "2026-01-12T12:00:00+00:00",
    );
    // Another staff member's booking does not block this one.
    expect(starts({ staff: [person(2, nineToFive)], from: "2026-01-12", busy })).toHaveLength(5);
  });

  it("offers nothing before the minimum notice or past the horizon", () => {
    const now = new Date("2026-01-12T10:00:00Z");
    // 24 h notice: Tuesday from 10:30 on.
    expect(starts({ staff: [person(1, nineToFive)], from: "2026-01-12", days: 2, now })[0]).toBe(
      "2026-01-13T10:30:00+00:00",
    );
    expect(starts({ staff: [person(1, nineToFive)], from: "2026-01-12", days: 2, now, noticeHours: 0 })[0]).toBe(
      "2026-01-12T10:30:00+00:00",
    );
    // A 3-day horizon ends on Thursday at 10:00.
    const within = starts({ staff: [person(1, nineToFive)], from: "2026-01-12", days: 7, now, horizonDays: 3 });
    expect(within.at(-1)).toBe("2026-01-15T09:00:00+00:00");
  });

  it("skips days off and staff who do not do surveys", () => {
    expect(
      starts({ staff: [person(1, nineToFive, { daysOff: ["2026-01-13"] })], from: "2026-01-12", days: 3 }).map((s) =>
        s.slice(0, 10),
      ),
    ).not.toContain("2026-01-13");
    expect(starts({ staff: [person(1, nineToFive, { surveys: false })], from: "2026-01-12" })).toEqual([]);
  });

  it("offers a time once when several staff are free, and says who", () => {
    const slots = candidateSlots({
      settings: { ...DEFAULT_SURVEY_SETTINGS, horizonDays: 10_000 },
      staff: [person(1, nineToFive), person(2, weekdays([["10:30", "12:00"]]))],
      busy: [],
      now: new Date("2020-01-01T00:00:00Z"),
      from: "2026-01-12",
      days: 1,
    });
    expect(slots.map((s) => [dublinIso(s.start), s.staffIds])).toEqual([
      ["2026-01-12T09:00:00+00:00", [1]],
      ["2026-01-12T10:30:00+00:00", [1, 2]],
      ["2026-01-12T12:00:00+00:00", [1]],
      ["2026-01-12T13:30:00+00:00", [1]],
      ["2026-01-12T15:00:00+00:00", [1]],
    ]);
  });

  it("keeps 09:00 at nine o'clock Irish time across the spring change", () => {
    const all = starts({ staff: [person(1, weekdays([["09:00", "10:00"]]))], from: "2026-03-27", days: 4 });
    expect(all).toEqual(["2026-03-27T09:00:00+00:00", "2026-03-30T09:00:00+01:00"]);
    const slots = candidateSlots({
      settings: { ...DEFAULT_SURVEY_SETTINGS, horizonDays: 10_000 },
      staff: [person(1, weekdays([["09:00", "10:00"]]))],
      busy: [],
      now: new Date("2020-01-01T00:00:00Z"),
      from: "2026-03-27",
      days: 4,
    });
    expect(slots.map((s) => s.start.toISOString())).toEqual(["2026-03-27T09:00:00.000Z", "2026-03-30T08:00:00.000Z"]);
    // A full hour of survey either side of the change.
    expect(slots.map((s) => s.end.getTime() - s.start.getTime())).toEqual([3_600_000, 3_600_000]);
  });

  it("keeps 09:00 at nine o'clock Irish time across the autumn change", () => {
    const slots = candidateSlots({
      // The Monday after the change is the October bank holiday: opened here.
      settings: { ...DEFAULT_SURVEY_SETTINGS, horizonDays: 10_000, openHolidays: ["2026-10-26"] },
      staff: [person(1, weekdays([["09:00", "10:00"]]))],
      busy: [],
      now: new Date("2020-01-01T00:00:00Z"),
      from: "2026-10-23",
      days: 4,
    });
    expect(slots.map((s) => dublinIso(s.start))).toEqual(["2026-10-23T09:00:00+01:00", "2026-10-26T09:00:00+00:00"]);
    expect(slots.map((s) => s.start.toISOString())).toEqual(["2026-10-23T08:00:00.000Z", "2026-10-26T09:00:00.000Z"]);
  });

  it("on the night of a change, offers only times the clocks show, each once", () => {
    const night = { ...weekdays([]), sun: [["00:00", "04:00"]] as Array<[string, string]> };
    // Spring: 01:00 does not exist that night.
    expect(starts({ staff: [person(1, night)], from: "2026-03-29", bufferMinutes: 0 })).toEqual([
      "2026-03-29T00:00:00+00:00",
      "2026-03-29T02:00:00+01:00",
      "2026-03-29T03:00:00+01:00",
    ]);
    // Autumn: 01:00 shows twice; it is offered once, and the survey still lasts an hour.
    expect(starts({ staff: [person(1, night)], from: "2026-10-25", bufferMinutes: 0 })).toEqual([
      "2026-10-25T00:00:00+01:00",
      "2026-10-25T01:00:00+01:00",
      "2026-10-25T02:00:00+00:00",
      "2026-10-25T03:00:00+00:00",
    ]);
  });

  it("notice counts real hours across a clock change", () => {
    // Saturday 28 March 2026 at 10:00 GMT; 24 h later is Sunday 11:00 summer time.
    const now = new Date("2026-03-28T10:00:00Z");
    const sunday = { ...weekdays([]), sun: [["10:00", "12:00"]] as Array<[string, string]> };
    expect(starts({ staff: [person(1, sunday)], from: "2026-03-29", now, bufferMinutes: 0 })).toEqual([
      "2026-03-29T11:00:00+01:00",
    ]);
  });
});

describe("who gets the survey", () => {
  it("is the staff member with the fewest surveys that week, then the lowest id", () => {
    const start = new Date("2026-01-14T10:00:00Z");
    const bookings = [
      { staffId: 1, start: new Date("2026-01-12T09:00:00Z") },
      { staffId: 1, start: new Date("2026-01-13T09:00:00Z") },
      { staffId: 2, start: new Date("2026-01-13T09:00:00Z") },
      // Last week's and next week's surveys do not count.
      { staffId: 2, start: new Date("2026-01-09T09:00:00Z") },
      { staffId: 2, start: new Date("2026-01-19T09:00:00Z") },
      { staffId: 3, start: new Date("2026-01-15T09:00:00Z") },
    ];
    expect(rankStaff([1, 2, 3], start, bookings)).toEqual([2, 3, 1]);
    expect(rankStaff([4, 3], start, [])).toEqual([3, 4]);
  });
});

describe("public holidays and the horizon", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  const daysOffered = (q: Partial<SurveySettings> & { from: string; days: number }) => [
    ...new Set(starts({ staff: [person(1, weekdays([["09:00", "17:00"]]))], now, ...q }).map((s) => s.slice(0, 10))),
  ];

  it("offers no survey on a public holiday (Easter Monday, St Brigid's Day, the bank holidays)", () => {
    expect(daysOffered({ from: "2026-04-06", days: 2 })).toEqual(["2026-04-07"]);
    expect(daysOffered({ from: "2026-02-02", days: 1 })).toEqual([]);
    expect(daysOffered({ from: "2026-10-26", days: 1 })).toEqual([]);
    expect(daysOffered({ from: "2026-12-24", days: 3 })).toEqual(["2026-12-24"]);
  });

  it("offers a public holiday the owner opened, and only that one", () => {
    expect(daysOffered({ from: "2026-05-04", days: 1, openHolidays: ["2026-05-04"] })).toEqual(["2026-05-04"]);
    expect(daysOffered({ from: "2026-06-01", days: 1, openHolidays: ["2026-05-04"] })).toEqual([]);
  });

  it("counts the horizon from now, in Irish days", () => {
    expect(lastBookableDay(new Date("2026-01-10T12:00:00Z"), 180)).toBe("2026-07-09");
    // 23:30 UTC on 30 June is already 1 July in Dublin (summer time).
    expect(lastBookableDay(new Date("2026-06-30T23:30:00Z"), 1)).toBe("2026-07-02");
  });
});
