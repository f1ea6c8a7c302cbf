import pino, { type Logger } from "pino";
import { withoutQueryValues } from "~/db/database-errors";
import type { Env } from "~/env.server";

/**
 * How every logger here writes an `err`: pino's usual form, but a failed query without the values
 * it was given (personal data, password hashes: see withoutQueryValues).
 */
export function errorSerializer(error: unknown): unknown {
  // pino-http hands its error serializer pino's serialized form, which keeps the error as `raw`.
  const raw = (error as { raw?: unknown } | null)?.raw;
  return pino.stdSerializers.err(withoutQueryValues(raw instanceof Error ? raw : error) as Error);
}

/** The server's logger: JSON lines on stdout at LOG_LEVEL, secrets redacted. */
export function createLogger(env: Env): Logger {
  // Buffered writes (in runs of 32 KB, at least every second and on shutdown): one write syscall per
  // line cost a quarter of the contact API's throughput in bench:contact. The destination holds
  // bytes, not strings (see batchedLines).
  const lines = batchedLines(byteDestination({ dest: 1, sync: false, minLength: 4096 }));
  const flush = setInterval(() => lines.flush(), 1000);
  flush.unref();
  process.once("exit", () => lines.flushSync());
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { service: "web" },
      timestamp: isoTimeField(),
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
      serializers: { err: errorSerializer },
    },
    lines,
  );
}

/**
 * pino's isoTime (`,"time":"2026-11-30T00:21:10.215Z"`), formatted once per millisecond: the
 * Date's toISOString goes through V8's printf-style date formatter, and under load a cached page's
 * log line asked for it tens of times in the same millisecond.
 */
export function isoTimeField(now: () => number = Date.now): () => string {
  let at = Number.NaN;
  let field = "";
  return () => {
    const ms = now();
    if (ms !== at) {
      at = ms;
      field = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return field;
  };
}

/**
 * pino's destination (sonic-boom) in buffer mode: it is written bytes and holds them off the
 * JavaScript heap until written. (Its types know only its text mode's write.)
 */
export function byteDestination(options: { dest: number | string; sync: boolean; minLength?: number }): Destination {
  return pino.destination({ ...options, contentMode: "buffer" }) as unknown as Destination;
}

type Destination = {
  write(bytes: Buffer): unknown;
  flush(done?: (error?: Error | null) => void): void;
  flushSync(): void;
};

/** The bytes a chunk of log lines starts with room for; a longer line gets a chunk of its own size. */
const LINE_CHUNK_BYTES = 64 * 1024;
/**
 * Lines are handed to the destination in runs of at least this many bytes (or when flushed). Each
 * run is one write on libuv's thread pool, whose thread wakes and interrupts the event loop's: under
 * load on a cached page, runs of 4 KB (the destination's own minimum) took about 2 µs of each
 * answer more than runs of 32 KB (docs/benchmarks.md, bench:http).
 */
const HAND_ON_BYTES = 32 * 1024;
/** A line longer than this is measured before it is written; a shorter one is given room for 3 bytes a character. */
const MEASURE_ABOVE_CHARS = 4096;

/**
 * The log's lines, encoded as UTF-8 straight into a chunk of memory off the JavaScript heap and
 * handed to pino's destination in runs of at least HAND_ON_BYTES (or what is left where a chunk ends),
 * each run a stretch of the chunk that is never written again; flush() and flushSync() (every
 * second, and at exit) pass on what waits first. Order is kept.
 * - No string of many lines is built: the destination (sonic-boom) measured the text it held on
 *   every write (Buffer.byteLength flattens the growing string), so under load each line cost as
 *   much again as the lines waiting before it.
 * - No text waits on the heap, where it lived long enough to be promoted to the old generation
 *   (under wrk on a cached page, young-generation collections promoted 176–234 bytes per answer
 *   with text waiting, 69–82 with bytes).
 * - No timer or immediate per turn of the event loop, as the lines of one turn were handed on before.
 */
export type BatchedLines = {
  write(line: string): boolean;
  /**
   * A line written as bytes by `fill` (into `bytes` from `at`, returning where it ended, at most
   * `max` bytes on): for a line whose fields can be written without building a string.
   */
  writeBytes(max: number, fill: (bytes: Buffer, at: number) => number): void;
} & Omit<Destination, "write">;

export function batchedLines(destination: Destination): BatchedLines {
  let chunk = Buffer.allocUnsafe(LINE_CHUNK_BYTES);
  let handedOn = 0;
  let used = 0;
  const passOn = () => {
    if (used === handedOn) return;
    destination.write(chunk.subarray(handedOn, used));
    handedOn = used;
  };
  const room = (bytes: number) => {
    if (used + bytes <= chunk.length) return;
    passOn();
    chunk = Buffer.allocUnsafe(Math.max(LINE_CHUNK_BYTES, bytes));
    handedOn = used = 0;
  };
  const written = () => {
    if (used - handedOn < HAND_ON_BYTES) return;
    passOn();
    // A chunk made larger for one long line is not kept for the lines after it.
    if (chunk.length > LINE_CHUNK_BYTES) {
      chunk = Buffer.allocUnsafe(LINE_CHUNK_BYTES);
      handedOn = used = 0;
    }
  };
  return {
    write(line) {
      // A UTF-16 code unit is at most 3 bytes of UTF-8; a long line is measured.
      room(line.length > MEASURE_ABOVE_CHARS ? Buffer.byteLength(line) : line.length * 3);
      used += chunk.write(line, used);
      written();
      return true;
    },
    writeBytes(max, fill) {
      room(max);
      used = fill(chunk, used);
      written();
    },
    flush(done) {
      passOn();
      destination.flush(done);
    },
    flushSync() {
      passOn();
      destination.flushSync();
    },
  };
}

/**
 * Writers of a log line's bytes, for BatchedLines.writeBytes: each writes from `at` and returns
 * where it ended. No string is built: a cached page's log line, built as a string and encoded,
 * cost it about a tenth of its time (measured pinned: docs/benchmarks.md, bench:http).
 */
export const lineBytes = {
  /** Bytes encoded beforehand (a line's constant parts). */
  copy(into: Buffer, at: number, bytes: Uint8Array): number {
    into.set(bytes, at);
    return at + bytes.length;
  },
  /** Text of printable ASCII only (see isPlainJsonText), one byte per character. */
  ascii(into: Buffer, at: number, text: string): number {
    for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i);
    return at + text.length;
  },
  /** A whole number ≥ 0 in decimal. */
  digits(into: Buffer, at: number, n: number): number {
    let end = at;
    for (let rest = n; end === at || rest > 0; rest = Math.floor(rest / 10)) end++;
    for (let k = end, rest = n; k > at; rest = Math.floor(rest / 10)) into[--k] = 48 + (rest % 10);
    return end;
  },
};

/** Text JSON writes as it is: printable ASCII without a quote or a backslash. */
export function isPlainJsonText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** For the maintenance commands: errors only, on stderr (stdout carries the command's result line). */
export const commandErrorLogger = (): Logger =>
  pino({ level: "error", serializers: { err: errorSerializer } }, pino.destination({ dest: 2, sync: true }));
