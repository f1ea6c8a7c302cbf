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
  // Buffered writes (flushed at least every 4 KB and on shutdown): one write syscall per line cost
  // a quarter of the contact API's throughput in bench:contact. The destination holds bytes, not
  // strings (see linesPerTurn).
  const lines = linesPerTurn(byteDestination({ dest: 1, sync: false, minLength: 4096 }));
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

/**
 * The log lines written in one turn of the event loop, handed to pino's destination as one string
 * at the end of it. The destination (sonic-boom) measures the text it holds on every write (its
 * Buffer.byteLength flattens the growing string), so under load each line cost as much again as
 * the lines waiting before it: a cached page's log line cost more than sending the page. Order is
 * kept; flush() and flushSync() (every second, and at exit) pass on what waits first.
 * The lines are handed on as bytes: text waiting in the destination (for its 4 KB and for its
 * previous write to finish) lived long enough on the JavaScript heap to be promoted to the old
 * generation. Under wrk on a cached page, the young-generation collections promoted 176–234 bytes
 * per answer with text, 69–82 with bytes (`node --trace-gc-nvp`), so full collections come less often.
 */
export function linesPerTurn(destination: Destination): { write(line: string): boolean } & Omit<Destination, "write"> {
  let pending = "";
  const passOn = () => {
    if (!pending) return;
    const text = pending;
    pending = "";
    destination.write(Buffer.from(text));
  };
  return {
    write(line: string) {
      if (!pending) setImmediate(passOn);
      pending += line;
      return true;
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

/** For the maintenance commands: errors only, on stderr (stdout carries the command's result line). */
export const commandErrorLogger = (): Logger =>
  pino({ level: "error", serializers: { err: errorSerializer } }, pino.destination({ dest: 2, sync: true }));
