import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { dublinDay } from "~/features/time/dublin-time";
import { parseReportRange } from "~/features/analytics/report-range";
import { visitsReport } from "~/features/analytics/visits-report.server";
import type { AppServices } from "~/services.server";

/** GET /api/admin/stats/visits?from=YYYY-MM-DD&to=YYYY-MM-DD. Mounted inside /api/admin, after its session check. */
export function visitorsApi(services: AppServices): Router {
  const router = express.Router();
  router.get("/api/admin/stats/visits", async (req, res) => {
    const range = parseReportRange(req.query.from, req.query.to, dublinDay(new Date()));
    if (!range.ok) return sendApiError(res, 400, range.message);
    // Views still in this server's buffer are written first, so the report includes them.
    await services.analytics.flush();
    res.set("Cache-Control", "no-store").json(await visitsReport(services.database.db, range.from, range.to));
  });
  return router;
}
