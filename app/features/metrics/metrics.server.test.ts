import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createMetrics } from "./metrics.server";

// requestDuration's collect() reads no database; the outbox gauges are never scraped here.
const noDatabase = {} as Database;

describe("request durations tallied for the cached-page fast path", () => {
  const labels = { method: "GET", route: "/partitions", status_code: "200" };
  // Inside the first bucket, on a bound, between bounds, past the last bound (+Inf only).
  const durations = [0.00002, 0.0004, 0.001, 0.003, 0.07, 0.07, 2.5, 11];

  it("reads exactly as the same durations given to prom-client's observe", async () => {
    const observed = createMetrics(noDatabase);
    const tallied = createMetrics(noDatabase);
    const record = tallied.durationTally(labels);
    for (const seconds of durations) {
      observed.requestDuration.observe(labels, seconds);
      record(seconds);
    }
    expect(await tallied.requestDuration.get()).toEqual(await observed.requestDuration.get());
    const count = (await tallied.requestDuration.get()).values.find(
      (v) => v.metricName === "http_request_duration_seconds_count",
    );
    expect(count?.value).toBe(durations.length);
  });

  it("adds to what observe recorded for the same labels, once per scrape", async () => {
    const metrics = createMetrics(noDatabase);
    metrics.requestDuration.observe(labels, 0.2); // the page rendered by the app
    const record = metrics.durationTally(labels);
    record(0.00003); // then answered from the cache, twice
    record(0.00004);
    const series = async (name: string, le?: number) =>
      (await metrics.requestDuration.get()).values.find(
        (v) => v.metricName === name && v.labels.route === "/partitions" && (v.labels as { le?: number }).le === le,
      )?.value;
    expect(await series("http_request_duration_seconds_count")).toBe(3);
    expect(await series("http_request_duration_seconds_bucket", 0.001)).toBe(2);
    expect(await series("http_request_duration_seconds_bucket", 0.25)).toBe(3);
    expect(await series("http_request_duration_seconds_sum")).toBeCloseTo(0.20007, 10);
    // A second scrape with no new answers reads the same: nothing is added twice.
    expect(await series("http_request_duration_seconds_count")).toBe(3);
    record(0.00005);
    expect(await series("http_request_duration_seconds_count")).toBe(4);
  });

  it("keeps one tally per set of labels", async () => {
    const metrics = createMetrics(noDatabase);
    metrics.durationTally(labels)(0.0001);
    metrics.durationTally(labels)(0.0001);
    metrics.durationTally({ ...labels, method: "HEAD" })(0.0001);
    const counts = (await metrics.requestDuration.get()).values
      .filter((v) => v.metricName === "http_request_duration_seconds_count")
      .map((v) => [v.labels.method, v.value]);
    expect(counts).toEqual([
      ["GET", 2],
      ["HEAD", 1],
    ]);
  });
});
