import { data } from "react-router";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_BODY,
  DATABASE_UNAVAILABLE_STATUS,
  isDatabaseUnavailable,
} from "./database-errors";

/**
 * For loaders: runs `work`; if the database is unavailable, throws a 503 response (with
 * Retry-After) that the error boundary shows as "database unavailable" instead of a generic
 * failure. Other errors pass through unchanged.
 */
export async function unlessDatabaseUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw data(DATABASE_UNAVAILABLE_BODY, {
        status: DATABASE_UNAVAILABLE_STATUS,
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}
