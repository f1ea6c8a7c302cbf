import { describe, expect, it } from "vitest";
import { clashSentence, findClashes, type BusyItem } from "./job-clashes";

const at = (iso: string) => new Date(iso);
const mary = { id: 1, name: "mary" };
const sean = { id: 2, name: "sean" };

const busy: BusyItem[] = [
  { kind: "survey", staffId: 1, start: at("2026-03-30T09:00:00Z"), end: at("2026-03-30T10:00:00Z"), bookingId: 7 },
  {
    kind: "job-day",
    staffId: 2,
    start: at("2026-03-30T07:00:00Z"),
    end: at("2026-03-30T16:00:00Z"),
    dayId: 3,
    jobId: 9,
    jobNumber: "J-2026-0009",
  },
  { kind: "survey", staffId: 3, start: at("2026-03-30T09:00:00Z"), end: at("2026-03-30T10:00:00Z"), bookingId: 8 },
];

describe("clashes on the programme", () => {
  it("finds each wanted staff member's overlapping survey or job day, in time order", () => {
    const found = findClashes(
      { start: at("2026-03-30T08:00:00Z"), end: at("2026-03-30T12:00:00Z"), staff: [mary, sean] },
      busy,
    );
    expect(found.map((c) => [c.staffName, c.kind])).toEqual([
      ["sean", "job-day"],
      ["mary", "survey"],
    ]);
    const when = (s: Date, e: Date) => `${s.toISOString().slice(11, 16)}–${e.toISOString().slice(11, 16)}`;
    expect(found.map((c) => clashSentence(c, when))).toEqual([
      "sean is already on job J-2026-0009, 07:00–16:00",
      "mary is already on a site survey (booking #7), 09:00–10:00",
    ]);
  });

  it("touching ends are no clash; other staff and the day itself are left out", () => {
    expect(
      findClashes({ start: at("2026-03-30T10:00:00Z"), end: at("2026-03-30T12:00:00Z"), staff: [mary] }, busy),
    ).toEqual([]);
    expect(
      findClashes({ start: at("2026-03-30T16:00:00Z"), end: at("2026-03-30T22:00:00Z"), staff: [sean] }, busy),
    ).toEqual([]);
    expect(
      findClashes(
        { start: at("2026-03-30T08:00:00Z"), end: at("2026-03-30T09:30:00Z"), staff: [sean], exceptDayId: 3 },
        busy,
      ),
    ).toEqual([]);
    // A night shift overlapping the end of a day shift by a minute clashes.
    expect(
      findClashes({ start: at("2026-03-30T15:59:00Z"), end: at("2026-03-31T02:00:00Z"), staff: [sean] }, busy),
    ).toHaveLength(1);
  });
});
