import pino, { type Logger } from "pino";
import type { Env } from "~/env.server";

/** The server's logger: JSON lines on stdout at LOG_LEVEL, secrets redacted. */
export function createLogger(env: Env): Logger {
  // Buffered writes (flushed at least every 4 KB and on shutdown): one write syscall per line cost
  // a quarter of the contact API's throughput in bench:contact.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flush = setInterval(() => destination.flush(), 1000);
  flush.unref();
  process.once("exit", () => destination.flushSync());
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { service: "web" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
    },
    destination,
  );
}

/** For the maintenance commands: errors only, on stderr (stdout carries the command's result line). */
export const commandErrorLogger = (): Logger => pino({ level: "error" }, pino.destination({ dest: 2, sync: true }));
