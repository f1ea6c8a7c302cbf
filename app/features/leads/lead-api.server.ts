import express, { type ErrorRequestHandler, type Request, type Router } from "express";
import {
  apiBodyErrors,
  errorStatus,
  readJsonBody,
  sendApiError,
  sendDatabaseUnavailable,
} from "~/api/api-errors.server";
import { isDatabaseUnavailable } from "~/db/database-errors";
import { answerLead, notSavedMessage, type LeadWords } from "./lead-answer";
import type { LeadOutcome } from "./lead-intake.server";

export type LeadApiOptions<F extends string> = {
  path: string;
  /** The fields a body must have, for the message answering a non-object body. */
  fields: string;
  bodyLimit: `${number}kb`;
  words: LeadWords;
  submit(body: object, req: Request): Promise<LeadOutcome<F>>;
};

/**
 * A JSON endpoint that takes leads: 415 unless JSON, 413 over the size limit, 400 for a body that
 * is not an object or fails validation, 429 with Retry-After over the rate limit, 201 with the id
 * (200 for a repeat of a stored idempotent one), spam answered like a success, 503 with
 * Retry-After if the database fails (nothing was accepted, so nothing is lost: the visitor's form
 * keeps what they typed and the message gives the phone number), 405 for other methods.
 */
export function leadApi<F extends string>(o: LeadApiOptions<F>): Router {
  const { noun, phone } = o.words;
  const router = express.Router();
  router.post(
    o.path,
    readJsonBody({
      limit: o.bodyLimit,
      strict: false,
      notJson: `Send the ${noun} as JSON with Content-Type: application/json.`,
    }),
    async (req, res) => {
      if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
        return sendApiError(res, 400, `The request body must be a JSON object with ${o.fields}.`);
      }
      const answer = answerLead(await o.submit(req.body as object, req), o.words);
      res.status(answer.status).set(answer.headers).json(answer.body);
    },
  );

  router.all(o.path, (_req, res) => {
    res.set("Allow", "POST");
    sendApiError(res, 405, `Use POST to send ${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}.`);
  });

  const bodyErrors = apiBodyErrors({
    tooLarge: `The ${noun} is too large (limit ${o.bodyLimit.replace("kb", " KB")}).`,
  });
  // Anything else is not the visitor's fault: nothing was accepted, so say so and keep the lead.
  const otherErrors: ErrorRequestHandler = (error, req, res, _next) => {
    if (errorStatus(error) === 400) return sendApiError(res, 400, "The request could not be read.");
    if (isDatabaseUnavailable(error)) req.log.warn({ err: error }, `${o.path}: database unavailable`);
    else req.log.error({ err: error }, `${o.path} failed`);
    sendDatabaseUnavailable(res, notSavedMessage(noun, phone));
  };
  router.use(o.path, bodyErrors, otherErrors);
  return router;
}
