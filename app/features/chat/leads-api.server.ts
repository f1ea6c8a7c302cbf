import express, { type ErrorRequestHandler, type Router } from "express";
import type { AppServices } from "~/services.server";
import { submitChatLead } from "./leads.server";

export const CHAT_LEAD_SUCCESS_MESSAGE = "Thank you! Our team will get back to you shortly.";
// Larger than the contact API's 16 KB: the body carries the conversation.
const BODY_LIMIT = "64kb";

/**
 * POST /api/chat-leads: a finished chat lead (see chat-lead-schema.ts). 201 with the new id, 200
 * with the existing id when the idempotency key was already used, 400/413/415 for a body that
 * can never be accepted, 429 over the rate limit, 503 when the database fails.
 */
export function chatLeadsApi(services: AppServices): Router {
  const router = express.Router();

  router.post(
    "/api/chat-leads",
    (req, res, next) => {
      if (!req.is("application/json")) {
        res.status(415).json({ error: "Send the lead as JSON with Content-Type: application/json." });
        return;
      }
      next();
    },
    express.json({ limit: BODY_LIMIT, strict: false }),
    async (req, res, next) => {
      try {
        if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
          res.status(400).json({ error: "The request body must be a JSON object with idempotencyKey, name, email, phone, projectType and details." });
          return;
        }
        const result = await submitChatLead(req.body, { services, ip: req.ip ?? "unknown", logger: req.log });
        switch (result.status) {
          case "stored":
            res.status(201).json({ id: result.id, message: CHAT_LEAD_SUCCESS_MESSAGE });
            return;
          case "duplicate":
            res.status(200).json({ id: result.id, message: CHAT_LEAD_SUCCESS_MESSAGE });
            return;
          case "discarded":
            res.status(201).json({ message: CHAT_LEAD_SUCCESS_MESSAGE });
            return;
          case "invalid":
            res.status(400).json({ error: "Some details are missing or too long.", fieldErrors: result.fieldErrors });
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

  router.all("/api/chat-leads", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: "Use POST to send a chat lead." });
  });

  const jsonErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") {
      res.status(413).json({ error: `The lead is too large (limit ${BODY_LIMIT.replace("kb", " KB")}).` });
    } else if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
      res.status(400).json({ error: "The request body is not valid JSON." });
    } else if ((error as { status?: number }).status === 400) {
      res.status(400).json({ error: "The request could not be read." });
    } else {
      req.log.error({ err: error }, "chat leads API failed");
      res.status(503).json({ error: `We could not save your details just now. Please try again in a moment, or call us on ${services.business.phone}.` });
    }
  };
  router.use(jsonErrors);
  return router;
}
