import express, { type Router } from "express";
import { readJsonBody, sendApiError } from "~/api/api-errors.server";
import type { AppServices } from "~/services.server";
import { BODY_MESSAGE } from "./estimate-request";
import { answerEstimate, runEstimate } from "./estimate.server";

/**
 * POST /api/estimate: { item, quantity, location?, options? } → 200 with the estimate; 400 naming
 * the field (unknown item or option, a size that is not a number, ≤ 0 or over 20,000); 429 with
 * Retry-After over the rate limit; 405 for other methods. Nothing is stored.
 */
export function estimateApi(services: AppServices): Router {
  const router = express.Router();
  router.post(
    "/api/estimate",
    readJsonBody({
      limit: "4kb",
      strict: false,
      notJson: "Send the estimate request as JSON with Content-Type: application/json.",
    }),
    async (req, res) => {
      if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body))
        return sendApiError(res, 400, BODY_MESSAGE);
      const outcome = await runEstimate(req.body, { services, ip: req.ip ?? "unknown" });
      const answer = answerEstimate(outcome, services.business.phone);
      res.status(answer.status).set(answer.headers).json(answer.body);
    },
  );
  router.all("/api/estimate", (_req, res) => {
    res.set("Allow", "POST");
    sendApiError(res, 405, "Use POST to ask for an estimate.");
  });
  return router;
}
