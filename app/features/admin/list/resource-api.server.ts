import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
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

const parseJson = express.json({ limit: "1mb", strict: false });

/** JSON bodies only, at most 1 MB (a page's content is the largest field). */
export const readJson: RequestHandler = (req, res, next) => {
  if (!req.is("application/json")) {
    res.status(415).json({ message: "Send JSON with Content-Type: application/json." });
    return;
  }
  parseJson(req, res, next);
};

/** A positive 32-bit id from the path, or null (answered as 404: no such row). */
export function idParam(value: string | string[] | undefined): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export function sendNotFound(res: Response, noun: string) {
  res.status(404).json({ message: `There is no ${noun} with this id. It may have been deleted.` });
}

/** Sends a create/update result: the row (201 or 200), 400 with field errors, 404 or 409. */
export function sendWrite<Row>(res: Response, result: WriteResult<Row>, noun: string, okStatus: 200 | 201) {
  switch (result.status) {
    case "ok":
      res.status(okStatus).json(result.row);
      return;
    case "invalid":
      res.status(400).json({ message: INVALID_MESSAGE, fieldErrors: result.fieldErrors });
      return;
    case "conflict":
      res.status(409).json({ message: result.message, fieldErrors: result.fieldErrors });
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

/** Body errors as JSON (the app's generic handler answers in plain text); the rest goes on. */
export const jsonBodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") {
    res.status(413).json({ message: "The request body is too large." });
  } else if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
    res.status(400).json({ message: "The request body is not valid JSON." });
  } else {
    next(error);
  }
};
