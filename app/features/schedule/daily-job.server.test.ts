import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dublinIso } from "~/features/time/dublin-time";
import { startNightlyJob } from "./daily-job.server";

afterEach(() => {
  vi.useRealTimers();
});

/** The Irish times a nightly job ran at, from `start` over `hours` of the clock. */
async function runsFrom(start: string, hours: number, job: () => Promise<void> = async () => {}) {
  vi.useFakeTimers({ now: new Date(start) });
  const ran: string[] = [];
  const stop = startNightlyJob(
    "test job",
    pino({ level: "silent" }),
    async () => {
      ran.push(dublinIso(new Date()));
      await job();
    },
    { minutesPastMidnight: 15 },
  );
  await vi.advanceTimersByTimeAsync(hours * 3_600_000);
  stop();
  return ran;
}

describe("startNightlyJob", () => {
  it("runs a minute after start, then every night at 00:15 Irish time", async () => {
    // 10:00 on 2 December (winter: Irish time is UTC).
    expect(await runsFrom("2026-12-02T10:00:00Z", 50)).toEqual([
      "2026-12-02T10:01:00+00:00",
      "2026-12-03T00:15:00+00:00",
      "2026-12-04T00:15:00+00:00",
    ]);
  });

  it("started just after midnight, runs again at 00:15 that same night", async () => {
    expect(await runsFrom("2026-12-02T00:05:00Z", 2)).toEqual([
      "2026-12-02T00:06:00+00:00",
      "2026-12-02T00:15:00+00:00",
    ]);
  });

  it("keeps to 00:15 Irish time across the clocks' changes", async () => {
    // The clocks go forward at 01:00 on Sunday 29 March 2026 and back at 02:00 on Sunday 25 October.
    expect(await runsFrom("2026-03-28T12:00:00Z", 48)).toEqual([
      "2026-03-28T12:01:00+00:00",
      "2026-03-29T00:15:00+00:00",
      "2026-03-30T00:15:00+01:00",
    ]);
    expect(await runsFrom("2026-10-24T12:00:00Z", 48)).toEqual([
      "2026-10-24T13:01:00+01:00",
      "2026-10-25T00:15:00+01:00",
      "2026-10-26T00:15:00+00:00",
    ]);
  });

  it("tries again the next night after a failure", async () => {
    let calls = 0;
    const ran = await runsFrom("2026-12-02T23:00:00Z", 26, async () => {
      calls++;
      if (calls === 2) throw new Error("the database is away");
    });
    expect(ran).toEqual(["2026-12-02T23:01:00+00:00", "2026-12-03T00:15:00+00:00", "2026-12-04T00:15:00+00:00"]);
  });
});
