import express, { type Router } from "express";
import * as z from "zod/mini";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { describeDemoCounts, demoTotal } from "./demo-counts";
import { countDemoContent, removeDemoContent } from "./demo-content.server";

/** DELETE's optional body: `keepFaqs` (default true, as the dashboard's checkbox) keeps the demo FAQs as the business's own. */
const RemoveDemoSchema = z.object({ keepFaqs: z.optional(z.boolean()) });

/**
 * GET /api/admin/demo-content: how many demo rows are left, by kind. DELETE removes them and
 * answers { projects, testimonials, faqs, posts, rating, keptFaqs } (audit-logged), once the
 * session confirmed its password (the guard asks: `confirm` in features/auth/access.ts). Mounted
 * inside the /api/admin router, after its session check.
 */
export function demoContentApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/demo-content", async (_req, res) => {
    res.json(await countDemoContent(db()));
  });

  // No body is fine (nothing to choose): express.json() reads one only when it is JSON.
  router.delete("/api/admin/demo-content", express.json({ limit: "1kb" }), async (req, res) => {
    const parsed = RemoveDemoSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return sendApiError(res, 400, "Send keepFaqs as true or false.", {
        fieldErrors: { keepFaqs: "Choose whether to keep the FAQs" },
      });
    const removed = await removeDemoContent(db(), { keepFaqs: parsed.data.keepFaqs ?? true });
    if (demoTotal(removed) + removed.keptFaqs > 0)
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "demo.remove",
          summary:
            `Removed the demo content: ${describeDemoCounts(removed)}` +
            (removed.keptFaqs > 0 ? `; kept ${removed.keptFaqs} FAQs as the business's own` : ""),
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
