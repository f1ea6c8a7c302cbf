import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "~/db/database-errors";
import type { ApiErrorBody } from "./api-error-body";
import { UNSTORABLE_BODY_ERROR, UNSTORABLE_TEXT_MESSAGES } from "./unstorable-text";

// One way for every /api endpoint to answer an error: { message, fieldErrors? } as JSON (see
// api-error-body.ts), including the answers to bodies the JSON parser refuses.

/** Sends an API error. `extra` carries field errors and any field an endpoint adds (retryAfterSeconds). */
export function sendApiError(
  res: Response,
  status: number,
  message: string,
  extra?: Omit<ApiErrorBody, "message"> & Record<string, unknown>,
): void {
  res.status(status).json({ message, ...extra });
}

/** Whether a request is for the JSON API (its errors are answered as JSON, never as a page or text). */
export const isApiRequest = (req: Request) => req.path === "/api" || req.path.startsWith("/api/");

export type BodyErrorMessages = {
  /** 415: the body is not JSON. */
  notJson: string;
  /** 413: over the parser's limit. */
  tooLarge: string;
  /** 400: the body does not parse as JSON, or its encoding or charset cannot be read. */
  unreadable: string;
};

export const BODY_ERROR_MESSAGES: BodyErrorMessages = {
  notJson: "Send JSON with Content-Type: application/json.",
  tooLarge: "The request body is too large.",
  unreadable: "The request body is not valid JSON.",
};

/**
 * Reads a JSON body of at most `limit`: 415 (with `notJson`) unless the request says it is JSON,
 * which the parser would otherwise leave unread. What the parser refuses (too large, broken) goes
 * on as an error, answered by apiBodyErrors or the app's apiErrorHandler.
 */
export function readJsonBody({
  limit,
  strict = true,
  notJson = BODY_ERROR_MESSAGES.notJson,
}: {
  limit: string;
  /** false: any JSON value (the handler then says what it expected); true: objects and arrays only. */
  strict?: boolean;
  notJson?: string;
}): RequestHandler {
  const parse = express.json({ limit, strict });
  // Named, as express.json()'s own "jsonParser" is: a route's stack then shows that it reads JSON.
  return function jsonBody(req, res, next) {
    if (!req.is("application/json")) return void sendApiError(res, 415, notJson);
    parse(req, res, next);
  };
}

/** The status and message for an error from express.json(), or null when it is some other error. */
export function bodyErrorAnswer(
  error: unknown,
  messages: BodyErrorMessages = BODY_ERROR_MESSAGES,
): { status: number; message: string } | null {
  const type = (error as { type?: string } | null)?.type;
  // Refused at the door (server/clean-input.server.ts), in the same words whatever the router.
  if (type === UNSTORABLE_BODY_ERROR) return { status: 400, message: UNSTORABLE_TEXT_MESSAGES.body };
  if (type === "entity.too.large") return { status: 413, message: messages.tooLarge };
  if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported")
    return { status: 400, message: messages.unreadable };
  return null;
}

/**
 * For a router whose payload deserves its own wording ("The enquiry is too large"): answers the
 * parser's refusals with these messages and passes anything else on. Routers without one get the
 * default wording from the app's error handler (apiErrorHandler).
 */
export function apiBodyErrors(messages: Partial<BodyErrorMessages>): ErrorRequestHandler {
  const wording = { ...BODY_ERROR_MESSAGES, ...messages };
  return (error, _req, res, next) => {
    const answer = bodyErrorAnswer(error, wording);
    if (answer) sendApiError(res, answer.status, answer.message);
    else next(error);
  };
}

/** An error's HTTP status (body-parser and http-errors set one), 500 when it has none. */
export function errorStatus(error: unknown): number {
  const e = error as { status?: unknown; statusCode?: unknown } | null;
  const status = typeof e?.status === "number" ? e.status : typeof e?.statusCode === "number" ? e.statusCode : 500;
  return status >= 400 && status < 600 ? status : 500;
}

/** Answers 503 with Retry-After: the database is down, restarting, too slow or out of connections. */
export function sendDatabaseUnavailable(res: Response, message = DATABASE_UNAVAILABLE_MESSAGE): void {
  res.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  sendApiError(res, 503, message, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable just now. Nothing was changed; please try again in a minute.";

/**
 * The last word on an error under /api that no router answered: the parser's refusals in the
 * default wording, 503 with Retry-After when the database is unavailable, otherwise the status
 * with a generic sentence (the details are logged, never sent).
 */
export const apiErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (!isApiRequest(req)) return next(error);
  const status = errorStatus(error);
  const unavailable = status >= 500 && isDatabaseUnavailable(error);
  if (unavailable) req.log.warn({ err: error }, "database unavailable");
  else if (status >= 500) req.log.error({ err: error }, "request failed");
  if (res.headersSent) return void res.end();
  if (unavailable) return sendDatabaseUnavailable(res);
  const answer = bodyErrorAnswer(error);
  if (answer) return sendApiError(res, answer.status, answer.message);
  sendApiError(res, status, status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error");
};
