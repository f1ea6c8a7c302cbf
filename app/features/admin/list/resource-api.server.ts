import type { Response } from "express";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import type { FieldErrors } from "~/forms/field-errors";

// The pieces the admin's JSON APIs are built from. The four content resources (pages, projects,
// testimonials, FAQs) share one set of routes, in ./content-api.server.ts.

/** What a resource's create and update functions answer. */
export type WriteResult<Row, F extends string = string> =
  | { status: "ok"; row: Row }
  | { status: "invalid"; fieldErrors: FieldErrors<F> }
  | { status: "conflict"; message: string; fieldErrors: FieldErrors<F> }
  | { status: "not-found" };

export const INVALID_MESSAGE = "Please correct the highlighted fields.";

/**
 * JSON bodies only, at most 1 MB (a page's content is the largest field). A body the parser
 * refuses is answered by the app's API error handler (413, or 400 for broken JSON).
 */
export const readJson = readJsonBody({ limit: "1mb", strict: false });

/** A positive 32-bit id from the path, or null (answered as 404: no such row). */
export function idParam(value: string | string[] | undefined): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export function sendNotFound(res: Response, noun: string) {
  sendApiError(res, 404, `There is no ${noun} with this id. It may have been deleted.`);
}

/** Sends a create/update result: the row (201 or 200), 400 with field errors, 404 or 409. */
export function sendWrite<Row>(res: Response, result: WriteResult<Row>, noun: string, okStatus: 200 | 201) {
  switch (result.status) {
    case "ok":
      res.status(okStatus).json(result.row);
      return;
    case "invalid":
      sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
      return;
    case "conflict":
      sendApiError(res, 409, result.message, { fieldErrors: result.fieldErrors });
      return;
    case "not-found":
      sendNotFound(res, noun);
      return;
  }
}

/** Whether a database error is a unique-constraint violation (Drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23505") return true;
  }
  return false;
}
