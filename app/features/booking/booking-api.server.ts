import express, { type ErrorRequestHandler, type Response, type Router } from "express";
import { isSecretToken } from "~/features/security/secret-token.server";
import {
  apiBodyErrors,
  errorStatus,
  readJsonBody,
  sendApiError,
  sendDatabaseUnavailable,
} from "~/api/api-errors.server";
import { isDatabaseUnavailable } from "~/db/database-errors";
import type { AppServices } from "~/services.server";
import { BOOKING_WORDS, DONE_MESSAGES } from "./booking-answer";
import { answerBooking } from "./booking-flow.server";
import { findFreeSlots } from "./availability.server";
import { bookingView } from "./bookings.server";
import {
  bookingRefusal,
  cancelBooking,
  changeDone,
  rescheduleBooking,
  type BookingAction,
} from "./manage-booking.server";
import { calendarFeedFor } from "./calendar-feed.server";
import { dublinDay, dublinIso, isCalendarDay, TIME_ZONE } from "~/features/time/dublin-time";

export const MAX_SLOT_DAYS = 31;

/** ?from=YYYY-MM-DD&days=N (N ≤ 31): the query's values or a field error. */
export function parseSlotQuery(
  query: Record<string, unknown>,
  now: Date,
): { ok: true; from: string; days: number } | { ok: false; fieldErrors: Partial<Record<"from" | "days", string>> } {
  const from = query.from === undefined || query.from === "" ? dublinDay(now) : query.from;
  const daysText = query.days === undefined || query.days === "" ? "7" : query.days;
  const fieldErrors: Partial<Record<"from" | "days", string>> = {};
  if (typeof from !== "string" || !isCalendarDay(from)) fieldErrors.from = "from must be a date written YYYY-MM-DD";
  const days = typeof daysText === "string" && /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= MAX_SLOT_DAYS))
    fieldErrors.days = `days must be a whole number from 1 to ${MAX_SLOT_DAYS}`;
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, from: from as string, days };
}

const NOT_FOUND = "No such booking.";
const NOT_JSON =
  "Send the change as JSON with Content-Type: application/json (the page's forms post to /booking/<token>).";

/**
 * The public booking endpoints: GET /api/booking/slots, POST /api/bookings, the manage link's
 * POST /booking/<token>/reschedule and /cancel (JSON, for scripts: the manage page's forms post to
 * its own action, in the same words), and the staff feeds GET /api/calendar/<token>.ics.
 */
export function bookingApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/booking/slots", async (req, res) => {
    const now = new Date();
    const q = parseSlotQuery(req.query, now);
    res.set("Cache-Control", "no-store");
    if (!q.ok) return sendApiError(res, 400, "Please correct the highlighted fields.", { fieldErrors: q.fieldErrors });
    const slots = await findFreeSlots(db(), { from: q.from, days: q.days, now });
    res.json({ timeZone: TIME_ZONE, slots: slots.map((s) => ({ start: dublinIso(s.start), end: dublinIso(s.end) })) });
  });

  router.post(
    "/api/bookings",
    readJsonBody({
      limit: "16kb",
      strict: false,
      notJson: "Send the booking as JSON with Content-Type: application/json.",
    }),
    async (req, res) => {
      if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body))
        return sendApiError(
          res,
          400,
          "The request body must be a JSON object with start, name, email, phone, eircode or address, service and message.",
        );
      const answer = await answerBooking(req.body, {
        services,
        formToken: "optional",
        ip: req.ip ?? "unknown",
        headers: req.headers,
        logger: req.log,
      });
      res.status(answer.status).set(answer.headers).set("Cache-Control", "no-store").json(answer.body);
    },
  );
  router.all("/api/bookings", (_req, res) => {
    res.set("Allow", "POST");
    sendApiError(res, 405, "Use POST to book a site survey.");
  });

  const json = readJsonBody({ limit: "4kb", notJson: NOT_JSON });

  /** The change's status and message as JSON (the manage page's own forms post to its action). */
  function answerChange(res: Response, result: BookingAction, change: "reschedule" | "cancel") {
    res.set("Cache-Control", "no-store");
    if (result.status === "ok")
      return void res.json({ ...bookingView(result.booking), message: DONE_MESSAGES[changeDone(change, result)] });
    if (result.status === "not-found") return sendApiError(res, 404, NOT_FOUND);
    const refusal = bookingRefusal(result, services.business.phone);
    if (refusal.retryAfterSeconds) res.set("Retry-After", String(refusal.retryAfterSeconds));
    const { status, message, ...extra } = refusal;
    return sendApiError(res, status, message, extra);
  }

  router.post("/booking/:token/reschedule", json, async (req, res) => {
    const body = (req.body ?? {}) as { start?: unknown };
    answerChange(
      res,
      await rescheduleBooking(services, { token: String(req.params.token) }, body.start, null),
      "reschedule",
    );
  });

  router.post("/booking/:token/cancel", json, async (req, res) => {
    answerChange(res, await cancelBooking(services, { token: String(req.params.token) }, null), "cancel");
  });

  router.get("/api/calendar/:file", async (req, res) => {
    const token = req.params.file.endsWith(".ics") ? req.params.file.slice(0, -".ics".length) : "";
    const feed = isSecretToken(token) ? await calendarFeedFor(db(), token, services.siteUrl, services.business) : null;
    res.set("Cache-Control", "no-store");
    if (!feed) return sendApiError(res, 404, "No such calendar.");
    res
      .type("text/calendar; charset=utf-8")
      .set("Content-Disposition", 'inline; filename="site-surveys.ics"')
      .send(feed);
  });

  const bodyErrors = apiBodyErrors({ tooLarge: "The booking is too large (limit 16 KB)." });
  // Nothing was booked: say so, with the phone number, and log the fault.
  const otherErrors: ErrorRequestHandler = (error, req, res, _next) => {
    if (errorStatus(error) === 400 || errorStatus(error) === 413) {
      return sendApiError(res, errorStatus(error), "The request could not be read.");
    }
    if (isDatabaseUnavailable(error)) req.log.warn({ err: error }, `${req.path}: database unavailable`);
    else req.log.error({ err: error }, `${req.path} failed`);
    sendDatabaseUnavailable(res, BOOKING_WORDS.notSaved(services.business.phone));
  };
  router.use(["/api/bookings", "/api/booking", "/booking", "/api/calendar"], bodyErrors, otherErrors);
  return router;
}
