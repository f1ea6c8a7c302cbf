import { lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export type RateLimitSpec = { name: string; points: number; durationSeconds: number };

export type RateLimiter = {
  readonly points: number;
  /** Counts one attempt for key; tells whether it is allowed and, if not, when to retry. */
  consume(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** Forgets a key's attempts (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** Stops the clean-up of expired counters (before the database closes). */
  close(): void;
};

/** How often expired counters are deleted from rate_limits, and how long after expiring (as rate-limiter-flexible's own clean-up). */
const SWEEP_EVERY_MS = 5 * 60_000;
const EXPIRED_FOR_MS = 60 * 60_000;

/** A limit's number from env scaled by RATE_LIMIT_FACTOR: never below one. */
export const scaledLimit = (points: number, factor: number) => Math.max(1, Math.round(points * factor));

/**
 * A rate limiter whose numbers come from env, multiplied by RATE_LIMIT_FACTOR. On PGlite (one
 * process by design) counters live in memory; on PostgreSQL they live in the rate_limits table
 * (rate-limiter-flexible's Drizzle store, an atomic upsert), so the limit holds across servers.
 */
export function createRateLimiter(spec: RateLimitSpec, database: Database, factor: number): RateLimiter {
  const points = scaledLimit(spec.points, factor);
  const options = { keyPrefix: spec.name, points, duration: spec.durationSeconds };
  // rate-limiter-flexible's Drizzle store deletes expired rows on a timer of its own that nothing
  // can stop, so it ran on after the database was closed (a test file's services, closed, then
  // querying a closed pool while the next file ran): the same clean-up here, stopped by close().
  const limiter: RateLimiterAbstract =
    database.kind === "postgres"
      ? new RateLimiterDrizzle({
          ...options,
          storeClient: database.db,
          schema: rateLimits,
          clearExpiredByTimeout: false,
        })
      : new RateLimiterMemory(options);
  const sweep =
    database.kind === "postgres"
      ? setInterval(() => {
          database.db
            .delete(rateLimits)
            .where(lt(rateLimits.expire, new Date(Date.now() - EXPIRED_FOR_MS)))
            .catch((error: unknown) =>
              console.warn(`rate limit ${spec.name}: clearing expired counters failed`, error),
            );
        }, SWEEP_EVERY_MS)
      : undefined;
  sweep?.unref();
  return {
    points,
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    close() {
      clearInterval(sweep);
    },
  };
}
