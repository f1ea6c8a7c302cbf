// Writes that may lag behind the request that caused them (counters, logs): entries gather in
// memory by key and are written in one batch every `flushMs`, or at once when `batchSize` keys are
// pending, one batch at a time and in order. Counting never slows the request down and never fails
// it: a batch that cannot be written is reported and dropped, and beyond `maxPending` keys (the
// database down or slow) new keys are refused, so memory stays bounded.

export type WriteBehind<V> = {
  /** Updates the pending entry for `key`, or creates it (unless the buffer is full). */
  add: (key: string, create: () => V, update: (entry: V) => void) => void;
  /** Writes what is pending now; resolves once it and every earlier batch are done. */
  flush: () => Promise<void>;
};

export function createWriteBehind<V>({
  flushMs,
  batchSize = Infinity,
  maxPending,
  write,
  onFailure,
  onDropped,
}: {
  flushMs: number;
  batchSize?: number;
  maxPending: number;
  write: (batch: Map<string, V>) => Promise<void>;
  /** A batch that could not be written (it is dropped): log it. */
  onFailure: (error: unknown, size: number) => void;
  /** Keys refused while the buffer was full since the last batch, reported before the next one. */
  onDropped?: (dropped: number) => void;
}): WriteBehind<V> {
  let pending = new Map<string, V>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    const batch = pending;
    pending = new Map();
    writing = writing.then(async () => {
      if (dropped > 0) {
        onDropped?.(dropped);
        dropped = 0;
      }
      if (batch.size === 0) return;
      try {
        await write(batch);
      } catch (error) {
        onFailure(error, batch.size);
      }
    });
    return writing;
  }

  function add(key: string, create: () => V, update: (entry: V) => void) {
    const entry = pending.get(key);
    if (entry) update(entry);
    else {
      if (pending.size >= maxPending) {
        dropped++;
        return;
      }
      pending.set(key, create());
      if (pending.size >= batchSize) void flush();
    }
    if (!timer) {
      timer = setTimeout(() => void flush(), flushMs);
      timer.unref();
    }
  }

  return { add, flush };
}
