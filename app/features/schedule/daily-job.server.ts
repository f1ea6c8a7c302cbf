import type { Logger } from "pino";
import { addDays, dublinDay, dublinInstant } from "~/features/time/dublin-time";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job, its failure logged as `<name> failed` rather than thrown: the next run tries again. */
const loggingFailures = (name: string, logger: Logger, job: () => Promise<void>) => async () => {
  try {
    await job();
  } catch (error) {
    logger.error({ err: error }, `${name} failed`);
  }
};

/**
 * Runs `job` a minute after start (not during it: the server answers first) and then once a day,
 * for clean-ups that only need to happen eventually (retention purges). A failure is logged as
 * `<name> failed` and the next day tries again. Returns a stop function for the shutdown.
 */
export function startDailyJob(name: string, logger: Logger, job: () => Promise<void>): () => void {
  const run = loggingFailures(name, logger, job);
  const first = setTimeout(() => void run(), 60_000);
  const daily = setInterval(() => void run(), DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}

/**
 * Runs `job` a minute after start and then every night at `minutesPastMidnight` Irish time (the
 * clocks' changes included), for work tied to the Irish day, e.g. rolling up the day that just
 * ended: after a plain 24 hours from start it could wait most of a day. A failure is logged as
 * `<name> failed` and the next night tries again. Returns a stop function for the shutdown.
 */
export function startNightlyJob(
  name: string,
  logger: Logger,
  job: () => Promise<void>,
  { minutesPastMidnight }: { minutesPastMidnight: number },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = loggingFailures(name, logger, job);
  /** The first time of the night strictly after now (tonight's or, once it has passed, tomorrow's). */
  const nextRun = (now: number) => {
    for (let day = dublinDay(now); ; day = addDays(day, 1)) {
      const at = dublinInstant(day, minutesPastMidnight).getTime();
      if (at > now) return at;
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(() => schedule(nextRun(Date.now()) - Date.now()));
    }, delay);
    timer.unref();
  };
  schedule(60_000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
