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
};

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
  const limiter: RateLimiterAbstract =
    database.kind === "postgres"
      ? new RateLimiterDrizzle({ ...options, storeClient: database.db, schema: rateLimits })
      : new RateLimiterMemory(options);
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
  };
}
