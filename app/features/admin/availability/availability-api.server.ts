import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import type { AppServices } from "~/services.server";
import { INVALID_MESSAGE, readJson } from "../list/resource-api.server";
import { getAvailability, saveAvailability } from "./availability.server";

/**
 * GET/PUT /api/admin/availability: survey length, buffer, notice and horizon for the business, and
 * each staff member's hours, days off and whether they do surveys. Mounted after the admin guard.
 */
export function availabilityApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/availability", async (_req, res) => {
    res.json(await getAvailability(db()));
  });

  router.put("/api/admin/availability", readJson, async (req, res) => {
    const result = await saveAvailability(db(), req.body);
    if (result.status === "invalid")
      return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    const a = result.availability;
    const surveyors = a.staff.filter((s) => s.surveys).map((s) => s.username);
    await recordAudit(
      db(),
      requestActor(req, res),
      {
        action: "availability.update",
        summary: `Changed survey availability (${a.surveyMinutes}-minute surveys, ${a.bufferMinutes}-minute buffer; surveyors: ${surveyors.join(", ") || "none"})`,
        details: {
          surveyMinutes: a.surveyMinutes,
          bufferMinutes: a.bufferMinutes,
          noticeHours: a.noticeHours,
          horizonDays: a.horizonDays,
        },
      },
      req.log,
    );
    res.json(a);
  });

  return router;
}
