import { describe, expect, it, vi } from "vitest";
import { createWriteBehind } from "./write-behind.server";

type Count = { n: number };
const bump = (entry: Count) => entry.n++;
const one = () => ({ n: 1 });

describe("createWriteBehind", () => {
  it("merges entries by key and writes them in one batch after flushMs", async () => {
    vi.useFakeTimers();
    try {
      const batches: Array<Record<string, number>> = [];
      const buffer = createWriteBehind<Count>({
        flushMs: 1_000,
        maxPending: 10,
        write: async (batch) => void batches.push(Object.fromEntries([...batch].map(([k, v]) => [k, v.n]))),
        onFailure: () => {},
      });
      buffer.add("/a", one, bump);
      buffer.add("/a", one, bump);
      buffer.add("/b", one, bump);
      expect(batches).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(batches).toEqual([{ "/a": 2, "/b": 1 }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes at once at batchSize keys, one batch at a time and in order", async () => {
    const order: string[] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const buffer = createWriteBehind<Count>({
      flushMs: 60_000,
      batchSize: 2,
      maxPending: 10,
      write: async (batch) => {
        const keys = [...batch.keys()].join(",");
        order.push(`start ${keys}`);
        if (keys === "a,b") await first;
        order.push(`end ${keys}`);
      },
      onFailure: () => {},
    });
    buffer.add("a", one, bump);
    buffer.add("b", one, bump); // the second key: a batch starts
    buffer.add("c", one, bump);
    const done = buffer.flush();
    release();
    await done;
    expect(order).toEqual(["start a,b", "end a,b", "start c", "end c"]);
  });

  it("refuses new keys beyond maxPending, reports how many, and reports a batch that failed", async () => {
    const failures: number[] = [];
    const dropped: number[] = [];
    const buffer = createWriteBehind<Count>({
      flushMs: 60_000,
      maxPending: 2,
      write: () => Promise.reject(new Error("database down")),
      onFailure: (_error, size) => failures.push(size),
      onDropped: (n) => dropped.push(n),
    });
    for (const key of ["a", "b", "c", "d"]) buffer.add(key, one, bump);
    buffer.add("a", one, bump); // an existing key still counts
    await expect(buffer.flush()).resolves.toBeUndefined();
    expect(dropped).toEqual([2]);
    expect(failures).toEqual([2]);
    await buffer.flush();
    expect(dropped).toEqual([2]); // reported once
  });
});
