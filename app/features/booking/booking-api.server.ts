import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
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
import { cancelBooking, rescheduleBooking, type BookingAction } from "./manage-booking.server";
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
const CANCELLED = "This survey was cancelled. Book a new time at /book.";

/**
 * The public booking endpoints: GET /api/booking/slots, POST /api/bookings, the manage link's
 * POST /booking/<token>/reschedule and /cancel (JSON, or a form post from the manage page without
 * JavaScript, answered with a redirect back to it), and the staff feeds GET /api/calendar/<token>.ics.
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

  const form = express.urlencoded({ extended: false, limit: "4kb" });
  const json = express.json({ limit: "4kb" });
  const wantsJson = (req: Request) => req.is("application/json") === "application/json";

  /** JSON: the status and message; a form post: back to the manage page with the outcome. */
  function answerAction(req: Request, res: Response, token: string, result: BookingAction, done: string) {
    res.set("Cache-Control", "no-store");
    if (!wantsJson(req)) {
      if (result.status === "not-found") return void res.status(404).type("text/plain").send(NOT_FOUND);
      const outcome =
        result.status === "ok"
          ? `done=${done}`
          : result.status === "rate-limited"
            ? `error=rate-limited&retry=${result.retryAfterSeconds}`
            : `error=${result.status}`;
      return void res.redirect(303, `/booking/${encodeURIComponent(token)}?${outcome}`);
    }
    switch (result.status) {
      case "ok":
        return void res.json({ ...bookingView(result.booking), message: doneMessage(done) });
      case "not-found":
        return sendApiError(res, 404, NOT_FOUND);
      case "cancelled":
        return sendApiError(res, 409, CANCELLED);
      case "requested":
        return sendApiError(res, 409, BOOKING_WORDS.requested(services.business.phone));
      case "taken":
        return sendApiError(res, 409, BOOKING_WORDS.taken);
      case "invalid":
        return sendApiError(res, 400, BOOKING_WORDS.invalid, { fieldErrors: result.fieldErrors });
      case "rate-limited":
        res.set("Retry-After", String(result.retryAfterSeconds));
        return sendApiError(res, 429, BOOKING_WORDS.tooManyChanges(result.retryAfterSeconds, services.business.phone), {
          retryAfterSeconds: result.retryAfterSeconds,
        });
    }
  }

  router.post("/booking/:token/reschedule", json, form, async (req, res) => {
    const token = req.params.token;
    const body = (req.body ?? {}) as { start?: unknown };
    const result = await rescheduleBooking(services, { token }, body.start, null);
    answerAction(req, res, token, result, "moved");
  });

  router.post("/booking/:token/cancel", json, form, async (req, res) => {
    const token = req.params.token;
    const result = await cancelBooking(services, { token }, null);
    answerAction(req, res, token, result, result.status === "ok" && result.withdrawn ? "withdrawn" : "cancelled");
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

const doneMessage = (done: string) => DONE_MESSAGES[done]!;
