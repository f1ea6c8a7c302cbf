import type { Response } from "express";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import type { WriteResult } from "~/forms/write-result";

// The pieces the admin's JSON APIs are built from. The four content resources (pages, projects,
// testimonials, FAQs) share one set of routes, in ./content-api.server.ts.

export const INVALID_MESSAGE = "Please correct the highlighted fields.";

/**
 * JSON bodies only, at most 1 MB (a page's content is the largest field). A body the parser
 * refuses is answered by the app's API error handler (413, or 400 for broken JSON).
 */
export const readJson = readJsonBody({ limit: "1mb", strict: false });

/** A positive 32-bit id from the path, or null (answered as 404: no such row); written in app/api. */
export { idParam } from "~/api/id-param";

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
