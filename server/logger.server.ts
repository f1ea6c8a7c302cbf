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
  // a quarter of the contact API's throughput in bench:contact.
  const lines = linesPerTurn(pino.destination({ dest: 1, sync: false, minLength: 4096 }));
  const flush = setInterval(() => lines.flush(), 1000);
  flush.unref();
  process.once("exit", () => lines.flushSync());
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { service: "web" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
      serializers: { err: errorSerializer },
    },
    lines,
  );
}

type Destination = {
  write(text: string): unknown;
  flush(done?: (error?: Error | null) => void): void;
  flushSync(): void;
};

/**
 * The log lines written in one turn of the event loop, handed to pino's destination as one string
 * at the end of it. The destination (sonic-boom) measures the text it holds on every write (its
 * Buffer.byteLength flattens the growing string), so under load each line cost as much again as
 * the lines waiting before it: a cached page's log line cost more than sending the page. Order is
 * kept; flush() and flushSync() (every second, and at exit) pass on what waits first.
 */
export function linesPerTurn(destination: Destination): Destination {
  let pending = "";
  const passOn = () => {
    if (!pending) return;
    const text = pending;
    pending = "";
    destination.write(text);
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
