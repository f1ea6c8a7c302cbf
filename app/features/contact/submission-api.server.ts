import express, { type ErrorRequestHandler, type Request, type Router } from "express";
import {
  apiBodyErrors,
  errorStatus,
  readJsonBody,
  sendApiError,
  sendDatabaseUnavailable,
} from "~/api/api-errors.server";
import { isDatabaseUnavailable } from "~/db/database-errors";
import type { ContactFieldErrors } from "./contact-fields";

/** What a lead-taking endpoint's service can answer (the contact form's and the chat's). */
export type SubmissionOutcome =
  | { status: "stored"; id: number }
  | { status: "duplicate"; id: number }
  | { status: "discarded" }
  | { status: "invalid"; fieldErrors: ContactFieldErrors | Record<string, string> }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "rejected"; message: string };

export type SubmissionApiOptions = {
  path: string;
  /** "enquiry", "lead": used in the messages. */
  noun: string;
  /** The fields a body must have, for the message answering a non-object body. */
  fields: string;
  bodyLimit: `${number}kb`;
  successMessage: string;
  invalidMessage: string;
  phone: string;
  submit(body: object, req: Request): Promise<SubmissionOutcome>;
};

/**
 * A JSON endpoint that takes leads: 415 unless JSON, 413 over the size limit, 400 for a body that
 * is not an object or fails validation, 429 with Retry-After over the rate limit, 201 with the id
 * (200 for a repeat of a stored idempotent one), spam answered like a success, 503 with
 * Retry-After if the database fails (nothing was accepted, so nothing is lost: the visitor's form
 * keeps what they typed and the message gives the phone number), 405 for other methods.
 */
export function submissionApi(o: SubmissionApiOptions): Router {
  const router = express.Router();
  router.post(
    o.path,
    readJsonBody({
      limit: o.bodyLimit,
      strict: false,
      notJson: `Send the ${o.noun} as JSON with Content-Type: application/json.`,
    }),
    async (req, res, next) => {
      try {
        if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
          return sendApiError(res, 400, `The request body must be a JSON object with ${o.fields}.`);
        }
        const result = await o.submit(req.body as object, req);
        switch (result.status) {
          case "stored":
            return void res.status(201).json({ id: result.id, message: o.successMessage });
          case "duplicate":
            return void res.status(200).json({ id: result.id, message: o.successMessage });
          case "discarded":
            return void res.status(201).json({ message: o.successMessage });
          case "invalid":
            return sendApiError(res, 400, o.invalidMessage, { fieldErrors: result.fieldErrors });
          case "rejected":
            return sendApiError(res, 400, result.message);
          case "rate-limited":
            res.set("Retry-After", String(result.retryAfterSeconds));
            return sendApiError(
              res,
              429,
              `Too many messages from your connection. Please try again in ${Math.ceil(result.retryAfterSeconds / 60)} minute(s), or call us on ${o.phone}.`,
              { retryAfterSeconds: result.retryAfterSeconds },
            );
        }
      } catch (error) {
        next(error);
      }
    },
  );

  router.all(o.path, (_req, res) => {
    res.set("Allow", "POST");
    sendApiError(res, 405, `Use POST to send ${/^[aeiou]/.test(o.noun) ? "an" : "a"} ${o.noun}.`);
  });

  const bodyErrors = apiBodyErrors({
    tooLarge: `The ${o.noun} is too large (limit ${o.bodyLimit.replace("kb", " KB")}).`,
  });
  // Anything else is not the visitor's fault: nothing was accepted, so say so and keep the lead.
  const otherErrors: ErrorRequestHandler = (error, req, res, _next) => {
    if (errorStatus(error) === 400) return sendApiError(res, 400, "The request could not be read.");
    if (isDatabaseUnavailable(error)) req.log.warn({ err: error }, `${o.path}: database unavailable`);
    else req.log.error({ err: error }, `${o.path} failed`);
    sendDatabaseUnavailable(
      res,
      `We could not save your ${o.noun} just now. Please try again in a moment, or call us on ${o.phone}.`,
    );
  };
  router.use(o.path, bodyErrors, otherErrors);
  return router;
}
