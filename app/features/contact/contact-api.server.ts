import express, { type ErrorRequestHandler, type Router } from "express";
import type { AppServices } from "~/services.server";
import { submitContact } from "./contact.server";

export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message. We will get back to you shortly!";
const BODY_LIMIT = "16kb";

/** POST /api/contact: the spec's JSON payload, for the site's own form and other clients. */
export function contactApi(services: AppServices): Router {
  const router = express.Router();

  router.post(
    "/api/contact",
    (req, res, next) => {
      if (!req.is("application/json")) {
        res.status(415).json({ error: "Send the enquiry as JSON with Content-Type: application/json." });
        return;
      }
      next();
    },
    express.json({ limit: BODY_LIMIT, strict: false }),
    async (req, res, next) => {
      try {
        if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
          res.status(400).json({ error: "The request body must be a JSON object with name, email, phone, service and message." });
          return;
        }
        const result = await submitContact(req.body, { services, source: "api", ip: req.ip ?? "unknown", logger: req.log });
        switch (result.status) {
          case "stored":
            res.status(201).json({ id: result.id, message: CONTACT_SUCCESS_MESSAGE });
            return;
          case "discarded":
            res.status(201).json({ message: CONTACT_SUCCESS_MESSAGE });
            return;
          case "invalid":
            res.status(400).json({ error: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors });
            return;
          case "rate-limited":
            res
              .status(429)
              .set("Retry-After", String(result.retryAfterSeconds))
              .json({
                error: `Too many messages from your connection. Please try again in ${Math.ceil(result.retryAfterSeconds / 60)} minute(s), or call us on ${services.business.phone}.`,
                retryAfterSeconds: result.retryAfterSeconds,
              });
            return;
        }
      } catch (error) {
        next(error);
      }
    },
  );

  router.all("/api/contact", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Use POST to send an enquiry." });
  });

  const jsonErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") {
      res.status(413).json({ error: `The enquiry is too large (limit ${BODY_LIMIT.replace("kb", " KB")}).` });
    } else if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
      res.status(400).json({ error: "The request body is not valid JSON." });
    } else if ((error as { status?: number }).status === 400) {
      res.status(400).json({ error: "The request could not be read." });
    } else {
      req.log.error({ err: error }, "contact API failed");
      res.status(503).json({ error: `We could not save your message just now. Please try again in a moment, or call us on ${services.business.phone}.` });
    }
  };
  router.use(jsonErrors);
  return router;
}
