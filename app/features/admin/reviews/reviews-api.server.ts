import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { requestActor } from "~/features/audit/audit.server";
import { REVIEW_REQUEST_MESSAGES, requestReview, reviewSummary } from "~/features/reviews/review-requests.server";
import type { AppServices } from "~/services.server";
import { idParam } from "../list/resource-api.server";

/**
 * Review requests for staff (issue 39), inside the /api/admin router (after its session check):
 * POST /api/admin/jobs/:id/review-request → 201 { id, jobId, sentAt, … } (409 when the client was
 * asked in the last six months, for any of its jobs, or has no e-mail address);
 * GET /api/admin/reviews/summary → { sent, opened, answered, declined, averageStars }.
 */
export function reviewsAdminApi(services: AppServices): Router {
  const router = express.Router();

  router.post("/api/admin/jobs/:id/review-request", async (req, res) => {
    const id = idParam(req.params.id);
    const actor = requestActor(req, res);
    const result = id ? await requestReview(services, id, actor.userId) : ({ status: "not-found" } as const);
    switch (result.status) {
      case "not-found":
        return sendApiError(res, 404, REVIEW_REQUEST_MESSAGES.noJob);
      case "recent":
        return sendApiError(res, 409, REVIEW_REQUEST_MESSAGES.recent(result.sentAt), {
          lastSentAt: result.sentAt.toISOString(),
        });
      case "no-address":
        return sendApiError(res, 409, REVIEW_REQUEST_MESSAGES.noAddress);
      case "ok": {
        const r = result.request;
        services.outbox.kick();
        res.status(201).json({
          id: r.id,
          jobId: r.jobId,
          clientId: r.clientId,
          toAddress: r.toAddress,
          sentAt: r.sentAt.toISOString(),
          reminders: r.reminders,
        });
      }
    }
  });

  router.get("/api/admin/reviews/summary", async (_req, res) => {
    res.json(await reviewSummary(services.database.db));
  });

  return router;
}
