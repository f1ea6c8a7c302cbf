import type { Logger } from "pino";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `job` a minute after start (not during it: the server answers first) and then once a day,
 * for clean-ups that only need to happen eventually (retention purges). A failure is logged as
 * `<name> failed` and the next day tries again. Returns a stop function for the shutdown.
 */
export function startDailyJob(name: string, logger: Logger, job: () => Promise<void>): () => void {
  const run = async () => {
    try {
      await job();
    } catch (error) {
      logger.error({ err: error }, `${name} failed`);
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const daily = setInterval(() => void run(), DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
