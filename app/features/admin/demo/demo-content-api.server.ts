import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { describeDemoCounts, demoTotal } from "./demo-counts";
import { countDemoContent, removeDemoContent } from "./demo-content.server";

/**
 * GET /api/admin/demo-content: how many demo rows are left, by kind. DELETE removes them all and
 * answers { projects, testimonials, faqs, posts } removed (audit-logged), once the session confirmed
 * its password (the guard asks: `confirm` in features/auth/access.ts). Mounted inside the /api/admin
 * router, after its session check.
 */
export function demoContentApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/demo-content", async (_req, res) => {
    res.json(await countDemoContent(db()));
  });

  router.delete("/api/admin/demo-content", async (req, res) => {
    const removed = await removeDemoContent(db());
    if (demoTotal(removed) > 0)
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "demo.remove",
          summary: `Removed the demo content: ${describeDemoCounts(removed)}`,
          details: { ...removed },
        },
        req.log,
      );
    res.json(removed);
  });

  router.all("/api/admin/demo-content", (_req, res) => {
    res.set("Allow", "GET, DELETE");
    sendApiError(res, 405, "Use GET to count the demo content and DELETE to remove it.");
  });
  return router;
}
