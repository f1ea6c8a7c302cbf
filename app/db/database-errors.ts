// Which errors mean "the database cannot answer just now" (it is down, restarting, unreachable,
// too slow, or every connection is busy), as opposed to a bug or bad data. Those are answered
// with 503 and Retry-After (APIs) or a "database unavailable" page (admin), never a stack trace.

/** PostgreSQL SQLSTATE classes and codes that mean unavailable, not wrong. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57014", // query_canceled: statement_timeout (a slow or locked table)
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
  "55P03", // lock_not_available: lock_timeout
  "25P03", // idle_in_transaction_session_timeout
  "53100", // disk_full
]);

/** Socket-level failures reaching the server. */
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);

/** Messages of node-postgres and pg-pool (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated", // the server closed the connection (restart, crash)
  "timeout exceeded when trying to connect", // pg-pool: no connection free within connectionTimeoutMillis
  "Client has encountered a connection error and is not queryable",
  "Query read timeout",
  "database is closed",
  "Cannot use a pool after calling end on the pool",
];

/** True when `error` (or its cause, e.g. Drizzle's query wrapper) means the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") return false;
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    // The embedded database refusing writes while its disk is (nearly) full.
    if (name === "DiskSpaceError") return true;
    if (typeof code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || code.startsWith("08")) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError (a connection attempt to every address of a host failed).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** The status and body of a loader's response that means "database unavailable" (the admin shows it as such). */
export const DATABASE_UNAVAILABLE_STATUS = 503;
export const DATABASE_UNAVAILABLE_BODY = { message: "database unavailable" } as const;

/** Whether a route error response is that one (not, say, a proxy's own 503). */
export function isDatabaseUnavailableResponse(error: { status: number; data: unknown }): boolean {
  return (
    error.status === DATABASE_UNAVAILABLE_STATUS &&
    (error.data as { message?: unknown } | null)?.message === DATABASE_UNAVAILABLE_BODY.message
  );
}

/** How long a client should wait before trying again (seconds, for Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * Fields of a database error (the driver's, Drizzle's, PGlite's) that carry the values of a query, and
 * `client`: pg-pool puts the failed idle connection on the error it emits (`err.client`), which a log
 * line would write out whole (its connection parameters, the password of a DATABASE_URL included).
 */
const VALUE_FIELDS = new Set(["params", "parameters", "queryOptions", "detail", "client"]);

/**
 * The error as it may be logged: without the values the failed query was given (a visitor's name,
 * e-mail and message; a password hash) and without the driver's `detail`, which quotes them too
 * ("Key (email)=(…) already exists"). Drizzle's message ("Failed query: …\nparams: …") keeps the
 * SQL only. Its causes are cleaned the same way. Anything else is answered as it is.
 */
export function withoutQueryValues<T>(error: T, depth = 0): T {
  if (!(error instanceof Error) || depth > 5) return error;
  const e = error as Error & { query?: unknown; cause?: unknown };
  const cause = "cause" in e ? withoutQueryValues(e.cause, depth + 1) : undefined;
  const ownKeys = Object.getOwnPropertyNames(e);
  if (!ownKeys.some((key) => VALUE_FIELDS.has(key)) && cause === e.cause) return error;

  const copy = Object.create(Object.getPrototypeOf(e) as object) as typeof e;
  for (const key of ownKeys) {
    if (!VALUE_FIELDS.has(key)) Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(e, key)!);
  }
  const sqlOnly = typeof e.query === "string" ? `Failed query: ${e.query}` : null;
  if (sqlOnly && e.message.startsWith(`${sqlOnly}\nparams:`)) {
    Object.defineProperty(copy, "message", { value: sqlOnly, writable: true, configurable: true });
    const stack = e.stack?.includes(e.message) ? e.stack.replace(e.message, sqlOnly) : `${e.name}: ${sqlOnly}`;
    Object.defineProperty(copy, "stack", { value: stack, writable: true, configurable: true });
  }
  if ("cause" in e) copy.cause = cause;
  return copy as T;
}

/**
 * Whether a database error is a unique-constraint violation (Drizzle wraps the driver's error);
 * with `constraint`, only a violation of that index or constraint (node-postgres and PGlite both
 * name it).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23505") return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
