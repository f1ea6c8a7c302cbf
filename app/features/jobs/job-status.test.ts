import { describe, expect, it } from "vitest";
import { checkStatusMove, firstDayStatus, programmeOpen } from "./job-status";

describe("job status rules", () => {
  it("moves forward one step at a time, scheduled only with a day on the programme", () => {
    expect(checkStatusMove("to-schedule", "scheduled", true)).toEqual({ ok: true });
    expect(checkStatusMove("scheduled", "in-progress", true)).toEqual({ ok: true });
    expect(checkStatusMove("in-progress", "snagging", true)).toEqual({ ok: true });
    expect(checkStatusMove("snagging", "complete", true)).toEqual({ ok: true });
    const noDays = checkStatusMove("to-schedule", "scheduled", false);
    expect(noDays).toEqual({ ok: false, message: expect.stringMatching(/^Add a day to the job's programme first/) });
  });

  it("refuses skipping and going back, saying where the job can go", () => {
    const skip = checkStatusMove("to-schedule", "complete", true);
    expect(skip).toEqual({
      ok: false,
      message:
        "A job cannot go from “To schedule” to “Complete”: from “To schedule” it moves on to “Scheduled” (or is cancelled).",
    });
    expect(checkStatusMove("snagging", "in-progress", true).ok).toBe(false);
    expect(checkStatusMove("scheduled", "to-schedule", true).ok).toBe(false);
  });

  it("cancels from anything but complete, and nothing moves a complete or cancelled job", () => {
    for (const from of ["to-schedule", "scheduled", "in-progress", "snagging"] as const)
      expect(checkStatusMove(from, "cancelled", false)).toEqual({ ok: true });
    expect(checkStatusMove("complete", "cancelled", true)).toEqual({
      ok: false,
      message: "This job is complete: its status can no longer change.",
    });
    expect(checkStatusMove("cancelled", "scheduled", true).ok).toBe(false);
    expect(checkStatusMove("complete", "complete", true)).toEqual({ ok: true });
  });

  it("the first day schedules a job waiting for one; later days change nothing", () => {
    expect(firstDayStatus("to-schedule")).toBe("scheduled");
    expect(firstDayStatus("in-progress")).toBe("in-progress");
    expect(programmeOpen("snagging")).toBe(true);
    expect(programmeOpen("complete")).toBe(false);
    expect(programmeOpen("cancelled")).toBe(false);
  });
});
