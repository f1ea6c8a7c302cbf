import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingClaims, bookings, type Booking } from "~/db/schema";
import type { AppServices } from "~/services.server";
import { getSurveySettings, slotAt } from "./availability.server";
import { claimVisitorChange } from "./booking-changes.server";
import { BOOKING_WORDS } from "./booking-answer";
import { BOOKING_MESSAGES, parseReschedule } from "./booking-schema";
import { mailContext, peopleOf, recordBookingEvent, reminderTime, type Actor } from "./bookings.server";
import { queueBookingEmails } from "./invites.server";
import { assignSurveyor, SlotUnavailable } from "./slot-claims.server";

// A booking changed after it was made: moved to another time or cancelled, by the visitor from its
// manage link (limited per booking: booking-changes.server.ts) or by staff (actor). Each change goes
// on the lead's timeline, and both sides get the updated invitation (a request never had one).

export type BookingAction =
  /** `withdrawn`: a request that was never booked was cancelled (no invitation to withdraw). */
  | { status: "ok"; booking: Booking; withdrawn?: boolean }
  | { status: "not-found" }
  | { status: "cancelled" }
  /** A request waiting for staff: its time is arranged with the team, not moved online. */
  | { status: "requested" }
  | { status: "taken" }
  | { status: "invalid"; fieldErrors: { start: string } }
  /** The visitor has changed it as often as BOOKING_CHANGES_PER_HOUR / _PER_DAY allow. */
  | { status: "rate-limited"; retryAfterSeconds: number };

/** Why a visitor's change was refused, as the JSON API and the manage page both say it. */
export type BookingRefusal = {
  status: 400 | 409 | 429;
  message: string;
  fieldErrors?: { start: string };
  retryAfterSeconds?: number;
};

export function bookingRefusal(
  result: Exclude<BookingAction, { status: "ok" } | { status: "not-found" }>,
  phone: string,
): BookingRefusal {
  switch (result.status) {
    case "cancelled":
      return { status: 409, message: "This survey was cancelled, so it cannot be moved. Book a new time at /book." };
    case "requested":
      return { status: 409, message: BOOKING_WORDS.requested(phone) };
    case "taken":
      return { status: 409, message: BOOKING_WORDS.taken };
    case "invalid":
      return { status: 400, message: BOOKING_WORDS.invalid, fieldErrors: result.fieldErrors };
    case "rate-limited":
      return {
        status: 429,
        message: BOOKING_WORDS.tooManyChanges(result.retryAfterSeconds, phone),
        retryAfterSeconds: result.retryAfterSeconds,
      };
  }
}

/** The word for a change made (DONE_MESSAGES): a request cancelled before it was booked is withdrawn. */
export const changeDone = (change: "reschedule" | "cancel", result: { withdrawn?: boolean }) =>
  change === "reschedule" ? "moved" : result.withdrawn ? "withdrawn" : "cancelled";

async function lockBooking(tx: Db, where: { token: string } | { id: number }) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where("token" in where ? eq(bookings.token, where.token) : eq(bookings.id, where.id))
    .for("update");
  return booking;
}

/** Moves a booking to another free time: same UID, SEQUENCE + 1, both sides told. */
export async function rescheduleBooking(
  services: Pick<AppServices, "database" | "business" | "env" | "siteUrl" | "outbox">,
  where: { token: string } | { id: number },
  rawStart: unknown,
  actor: Actor,
  now = new Date(),
): Promise<BookingAction> {
  const checked = parseReschedule({ start: rawStart });
  if (!checked.ok) return { status: "invalid", fieldErrors: { start: BOOKING_MESSAGES.start } };
  const start = new Date(checked.data.start);
  const db = services.database.db;
  try {
    const result = await db.transaction(async (tx): Promise<BookingAction> => {
      const booking = await lockBooking(tx, where);
      if (!booking) return { status: "not-found" };
      if (booking.status === "cancelled") return { status: "cancelled" };
      if (booking.status === "requested") return { status: "requested" };
      if (booking.startAt.getTime() === start.getTime()) return { status: "ok", booking };
      const at = await slotAt(tx, start, now, booking.id);
      if (at.status === "not-offered") return { status: "invalid", fieldErrors: { start: BOOKING_MESSAGES.start } };
      if (at.status === "taken") return { status: "taken" };
      // The visitor's own changes are limited per booking (each one e-mails them).
      const wait = await claimVisitorChange(tx, booking.id, actor !== null, services.env, now);
      if (wait) return { status: "rate-limited", retryAfterSeconds: wait };
      const settings = await getSurveySettings(tx);
      const previous = await peopleOf(tx, booking);
      const moved = {
        startAt: start,
        endAt: at.slot.end,
        blockedUntil: new Date(at.slot.end.getTime() + settings.bufferMinutes * 60_000),
      };
      await tx
        .update(bookings)
        .set({
          ...moved,
          sequence: booking.sequence + 1,
          remindAt: reminderTime(start, now),
          remindedAt: null,
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id));
      if (!(await assignSurveyor(tx, { id: booking.id, ...moved }, at.slot.staffIds, booking.staffId)))
        throw new SlotUnavailable("taken");
      const [updated] = await tx.select().from(bookings).where(eq(bookings.id, booking.id));
      await recordBookingEvent(tx, booking.submissionId, actor, "moved", updated!);
      const people = await peopleOf(tx, updated!);
      await queueBookingEmails(tx, "moved", updated!, people, mailContext(services), previous.staff);
      return { status: "ok", booking: updated! };
    });
    if (result.status === "ok") services.outbox.kick();
    return result;
  } catch (error) {
    if (error instanceof SlotUnavailable) return { status: "taken" };
    throw error;
  }
}

/** Cancels a booking (METHOD:CANCEL to both sides); its time is free again at once. */
export async function cancelBooking(
  services: Pick<AppServices, "database" | "business" | "env" | "siteUrl" | "outbox">,
  where: { token: string } | { id: number },
  actor: Actor,
  now = new Date(),
): Promise<BookingAction> {
  const db = services.database.db;
  const result = await db.transaction(async (tx): Promise<BookingAction> => {
    const booking = await lockBooking(tx, where);
    if (!booking) return { status: "not-found" };
    if (booking.status === "cancelled") return { status: "ok", booking };
    const wait = await claimVisitorChange(tx, booking.id, actor !== null, services.env, now);
    if (wait) return { status: "rate-limited", retryAfterSeconds: wait };
    await tx.delete(bookingClaims).where(eq(bookingClaims.bookingId, booking.id));
    const [updated] = await tx
      .update(bookings)
      .set({ status: "cancelled", sequence: booking.sequence + 1, cancelledAt: now, remindAt: null, updatedAt: now })
      .where(eq(bookings.id, booking.id))
      .returning();
    await recordBookingEvent(tx, booking.submissionId, actor, "cancelled", updated!);
    // A request never had an invitation, so there is nothing to withdraw.
    if (booking.status === "requested") return { status: "ok", booking: updated!, withdrawn: true };
    await queueBookingEmails(tx, "cancelled", updated!, await peopleOf(tx, updated!), mailContext(services));
    return { status: "ok", booking: updated! };
  });
  if (result.status === "ok") services.outbox.kick();
  return result;
}
