import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { createRateLimiter } from "./rate-limit.server";

/** A PostgreSQL database as far as the counters' clean-up sees it: counts the deletes it is asked for. */
function countingDatabase() {
  const deletes: unknown[] = [];
  const db = {
    delete: (table: unknown) => ({
      where: async () => {
        deletes.push(table);
      },
    }),
  };
  return { database: { kind: "postgres", db } as unknown as Database, deletes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a rate limiter on PostgreSQL", () => {
  it("deletes expired counters every five minutes until it is closed, then never again", async () => {
    vi.useFakeTimers();
    const { database, deletes } = countingDatabase();
    const limiter = createRateLimiter({ name: "contact", points: 5, durationSeconds: 60 }, database, 1);

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(deletes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(deletes).toHaveLength(2);

    // A closed database must not be queried: a server's shutdown and a test's clean-up close the limiter first.
    limiter.close();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(deletes).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
