import express, { type ErrorRequestHandler, type Request, type Router } from "express";
import type { ContactFieldErrors } from "./contact-fields";

/** What a lead-taking endpoint's service can answer (the contact form's and the chat's). */
export type SubmissionOutcome =
  | { status: "stored"; id: number }
  | { status: "duplicate"; id: number }
  | { status: "discarded" }
  | { status: "invalid"; fieldErrors: ContactFieldErrors | Record<string, string> }
  | { status: "rate-limited"; retryAfterSeconds: number };

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
 * (200 for a repeat of a stored idempotent one), spam answered like a success, 503 if the
 * database fails (nothing was accepted, so nothing is lost), 405 for other methods.
 */
export function submissionApi(o: SubmissionApiOptions): Router {
  const router = express.Router();
  router.post(
    o.path,
    (req, res, next) => {
      if (!req.is("application/json"))
        return void res.status(415).json({ error: `Send the ${o.noun} as JSON with Content-Type: application/json.` });
      next();
    },
    express.json({ limit: o.bodyLimit, strict: false }),
    async (req, res, next) => {
      try {
        if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
          return void res.status(400).json({ error: `The request body must be a JSON object with ${o.fields}.` });
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
            return void res.status(400).json({ error: o.invalidMessage, fieldErrors: result.fieldErrors });
          case "rate-limited":
            return void res
              .status(429)
              .set("Retry-After", String(result.retryAfterSeconds))
              .json({
                error: `Too many messages from your connection. Please try again in ${Math.ceil(result.retryAfterSeconds / 60)} minute(s), or call us on ${o.phone}.`,
                retryAfterSeconds: result.retryAfterSeconds,
              });
        }
      } catch (error) {
        next(error);
      }
    },
  );

  router.all(o.path, (_req, res) => {
    res
      .status(405)
      .set("Allow", "POST")
      .json({ error: `Use POST to send ${/^[aeiou]/.test(o.noun) ? "an" : "a"} ${o.noun}.` });
  });

  const jsonErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") {
      res.status(413).json({ error: `The ${o.noun} is too large (limit ${o.bodyLimit.replace("kb", " KB")}).` });
    } else if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
      res.status(400).json({ error: "The request body is not valid JSON." });
    } else if ((error as { status?: number }).status === 400) {
      res.status(400).json({ error: "The request could not be read." });
    } else {
      req.log.error({ err: error }, `${o.path} failed`);
      res.status(503).json({
        error: `We could not save your ${o.noun} just now. Please try again in a moment, or call us on ${o.phone}.`,
      });
    }
  };
  router.use(o.path, jsonErrors);
  return router;
}
