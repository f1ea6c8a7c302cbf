import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { isReminderHour } from "./quote-reminders.server";

describe("when reminders may go", () => {
  it("is Monday to Friday, 08:00 to 18:00 in Dublin (summer and winter time)", () => {
    // Winter: Dublin is UTC. Thursday 10 December 2026.
    expect(isReminderHour(new Date("2026-12-10T07:59:00Z"))).toBe(false);
    expect(isReminderHour(new Date("2026-12-10T08:00:00Z"))).toBe(true);
    expect(isReminderHour(new Date("2026-12-10T17:59:00Z"))).toBe(true);
    expect(isReminderHour(new Date("2026-12-10T18:00:00Z"))).toBe(false);
    // Summer: Dublin is UTC+1, so 07:30 UTC is 08:30 there. Wednesday 1 July 2026.
    expect(isReminderHour(new Date("2026-07-01T07:30:00Z"))).toBe(true);
    expect(isReminderHour(new Date("2026-07-01T17:30:00Z"))).toBe(false);
    // Saturday and Sunday.
    expect(isReminderHour(new Date("2026-12-12T10:00:00Z"))).toBe(false);
    expect(isReminderHour(new Date("2026-12-13T10:00:00Z"))).toBe(false);
  });
});

describe("QUOTE_REMINDER_DAYS", () => {
  it('defaults to 3 and 7 days, takes "off", and refuses anything but ascending whole days', () => {
    expect(getEnv({}).QUOTE_REMINDER_DAYS).toEqual([3, 7]);
    expect(getEnv({ QUOTE_REMINDER_DAYS: " 2, 5 ,10" }).QUOTE_REMINDER_DAYS).toEqual([2, 5, 10]);
    expect(getEnv({ QUOTE_REMINDER_DAYS: "off" }).QUOTE_REMINDER_DAYS).toEqual([]);
    for (const bad of ["7,3", "3,3", "0", "2.5", "three"])
      expect(() => getEnv({ QUOTE_REMINDER_DAYS: bad })).toThrow(/QUOTE_REMINDER_DAYS/);
  });
});
