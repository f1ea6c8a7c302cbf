import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { idParam } from "~/api/id-param";
import { recordAudit, requestActor } from "~/features/audit/audit.server";
import { bookingView } from "~/features/booking/bookings.server";
import { cancelBooking, rescheduleBooking, type BookingAction } from "~/features/booking/manage-booking.server";
import { feedPath, feedToken, rotateFeedToken } from "~/features/booking/calendar-feed.server";
import { surveyWhen, TIME_ZONE } from "~/features/time/dublin-time";
import type { AppServices } from "~/services.server";
import { INVALID_MESSAGE, readJson } from "../list/resource-api.server";
import { bookingWindow, listBookingRows } from "./bookings.server";

/**
 * The admin's bookings: GET /api/admin/bookings?from=YYYY-MM-DD&days=N (the week grid's data),
 * POST /api/admin/bookings/:id/reschedule { start } and /cancel (as the visitor's manage link
 * does, e-mailing both sides), and your own calendar feed: GET /api/admin/account/calendar → { url },
 * POST /api/admin/account/calendar/rotate → a new { url } (the old one answers 404).
 */
export function bookingsAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;
  const feedUrl = (token: string) => `${services.siteUrl}${feedPath(token)}`;

  router.get("/api/admin/bookings", async (req, res) => {
    const window = bookingWindow(req.query, new Date());
    if (!window.ok) return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: window.fieldErrors });
    res.json({ timeZone: TIME_ZONE, bookings: await listBookingRows(db(), window.from, window.days) });
  });

  function answer(res: express.Response, result: BookingAction) {
    switch (result.status) {
      case "ok":
        return void res.json(bookingView(result.booking));
      case "not-found":
        return sendApiError(res, 404, "No such booking.");
      case "cancelled":
        return sendApiError(res, 409, "This survey was cancelled; it cannot be moved.");
      case "requested":
        return sendApiError(
          res,
          409,
          "This survey request is in the inbox's Spam tab. Mark it “Not spam” to book it, then move it.",
        );
      case "taken":
        return sendApiError(res, 409, "That time has just been taken — please pick another.");
      case "invalid":
        return sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
    }
  }

  router.post("/api/admin/bookings/:id/reschedule", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, "No such booking.");
    const actor = requestActor(req, res);
    const body = (req.body ?? {}) as { start?: unknown };
    const result = await rescheduleBooking(services, { id }, body.start, actor);
    if (result.status === "ok")
      await recordAudit(
        db(),
        actor,
        {
          action: "booking.reschedule",
          target: { type: "booking", id },
          summary: `Moved site survey #${id} to ${surveyWhen(result.booking.startAt, result.booking.endAt)}`,
        },
        req.log,
      );
    answer(res, result);
  });

  router.post("/api/admin/bookings/:id/cancel", async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) return sendApiError(res, 404, "No such booking.");
    const actor = requestActor(req, res);
    const result = await cancelBooking(services, { id }, actor);
    if (result.status === "ok")
      await recordAudit(
        db(),
        actor,
        { action: "booking.cancel", target: { type: "booking", id }, summary: `Cancelled site survey #${id}` },
        req.log,
      );
    answer(res, result);
  });

  router.get("/api/admin/account/calendar", async (_req, res) => {
    const user = res.locals.user as { id: number };
    res.json({ url: feedUrl(await feedToken(db(), user.id)) });
  });

  router.post("/api/admin/account/calendar/rotate", async (req, res) => {
    const actor = requestActor(req, res);
    const token = await rotateFeedToken(db(), actor.userId!);
    await recordAudit(
      db(),
      actor,
      { action: "account.calendar-rotate", summary: "Made a new calendar feed address (the old one stopped working)" },
      req.log,
    );
    res.json({ url: feedUrl(token) });
  });

  return router;
}
