import { newSecretToken } from "~/features/security/secret-token.server";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings, type Booking, type ContactSubmission } from "~/db/schema";
import areaData from "~/features/estimate/service-area-data.json";
import { attachedEstimate, INVALID_ESTIMATE_MESSAGE } from "~/features/estimate/estimate-token.server";
import { estimateWhat, formatRange } from "~/features/estimate/stored-estimate";
import { checkServiceArea, type AreaCheck, type AreaData } from "~/features/estimate/service-area";
import { addLeadEvent, changeLead, type TimelineActor } from "~/features/leads/change-lead.server";
import { takeLead, type IntakeContext, type LeadForm, type LeadOutcome } from "~/features/leads/lead-intake.server";
import type { FieldErrors } from "~/forms/field-errors";
import type { AppServices } from "~/services.server";
import { getSurveySettings, slotAt } from "./availability.server";
import { parseBooking, BOOKING_MESSAGES, type BookingField, type BookingInput } from "./booking-schema";
import { surveyStart, surveyWhen } from "~/features/time/dublin-time";
import { bookingEvent, mailContext, peopleOf, reminderTime, timelineActor, type Actor } from "./bookings.server";
import { queueBookingEmails } from "./invites.server";
import { assignSurveyor, SlotUnavailable } from "./slot-claims.server";

// Booking a site survey: the visitor's details become a lead through the lead intake, and in the
// lead's own transaction the survey claims its surveyor's time (booking_claims: the database lets
// each 5-minute block of a surveyor's time be claimed once, so two visitors racing for one time
// cannot both have it, on any engine and across servers), the lead gets its surveyor and the
// booking on its timeline, and the invitations are queued. A time that is gone rolls it all back.
// The lead stays "new" until staff change it: booking a time is not being contacted.

export const SLOT_TAKEN_MESSAGE = "That time has just been taken — please pick another.";
export const BOOKING_INVALID_MESSAGE = "Please correct the highlighted fields.";

const AREA = areaData as AreaData;

function siteHost(siteUrl: string) {
  try {
    return new URL(siteUrl).hostname;
  } catch {
    return "localhost";
  }
}

/** Where the surveyor goes, as the invitation's LOCATION. */
function locationOf(input: Pick<BookingInput, "eircode" | "address">) {
  return [input.address, input.eircode].filter(Boolean).join(", ");
}

function areaNote(area: AreaCheck): string | null {
  if (area.inServiceArea === true) return null;
  if (area.inServiceArea === false)
    return `Outside the service area (${area.place.label}, ${area.distanceKm} km from Dublin): confirm the visit with the visitor.`;
  return "Could not place the address on the map: check it is within the service area and confirm the visit.";
}

export type MadeBooking = { booking: Booking; outOfArea: boolean };

export type BookingOutcome =
  | { status: "booked"; booking: Booking; leadId: number }
  /** Quarantined as spam: the request is stored for staff to review, no time held, nothing e-mailed. */
  | { status: "requested"; booking: Booking; leadId: number }
  /** The same submission again (its idempotency key): already taken in. */
  | { status: "pending"; leadId: number }
  | { status: "taken" }
  | { status: "invalid"; fieldErrors: FieldErrors<BookingField> }
  | { status: "rejected"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

type Parsed = { input: BookingInput; start: Date; area: AreaCheck };

function bookingLeadForm(
  formToken: "required" | "optional",
  services: AppServices,
  onBooked: (made: MadeBooking) => void,
  now: () => Date,
): LeadForm<BookingField> {
  /** The booking row for a request: its time, link and place; no surveyor until it is booked. */
  async function bookingRow(tx: Db, row: ContactSubmission, status: "booked" | "requested") {
    const { input, start, area } = parsed!;
    const at = await slotAt(tx, start, now());
    if (at.status !== "free") throw new SlotUnavailable(at.status);
    const settings = await getSurveySettings(tx);
    const end = at.slot.end;
    const [booking] = await tx
      .insert(bookings)
      .values({
        submissionId: row.id,
        status,
        startAt: start,
        endAt: end,
        blockedUntil: new Date(end.getTime() + settings.bufferMinutes * 60_000),
        token: newSecretToken(),
        uid: `survey-${crypto.randomUUID()}@${siteHost(services.siteUrl)}`,
        location: locationOf(input),
        eircode: input.eircode ?? null,
        address: input.address ?? null,
        outOfArea: area.inServiceArea !== true,
        remindAt: status === "booked" ? reminderTime(start, now()) : null,
      })
      .returning();
    return { booking: booking!, staffIds: at.slot.staffIds };
  }

  let parsed: Parsed | undefined;
  return {
    formToken,
    limiter: (s) => s.limits.contact,
    parse(body) {
      const result = parseBooking(body);
      if (!result.ok) return { ok: false, fieldErrors: result.errors };
      // The estimate the visitor booked from (signed, so its size, place and prices can be trusted).
      const estimate = attachedEstimate(body, services.appSecret);
      if (estimate === "invalid") return { ok: false, message: INVALID_ESTIMATE_MESSAGE };
      const input = result.data;
      const start = new Date(input.start);
      const area = checkServiceArea(input.eircode ?? input.address, AREA, services.business.serviceRadiusMetres / 1000);
      parsed = { input, start, area };
      const note = areaNote(area);
      const message = [
        `Site survey: ${surveyStart(start)} (Irish time)`,
        `Where: ${locationOf(input)}${area.place ? ` (${area.place.label})` : ""}`,
        ...(note ? [note] : []),
        ...(estimate ? [`Estimate: ${estimateWhat(estimate)}, ${formatRange(estimate)} before VAT`] : []),
        ...(input.message ? ["", input.message] : []),
      ].join("\n");
      return {
        ok: true,
        lead: {
          source: "booking",
          name: input.name,
          email: input.email,
          phone: input.phone,
          service: input.service ?? null,
          message,
          estimate,
        },
      };
    },
    async onStored(tx, row) {
      const { booking, staffIds } = await bookingRow(tx, row, "booked");
      const assigned = await bookWithSurveyor(tx, booking, staffIds, row, null, services);
      if (!assigned) throw new SlotUnavailable("taken");
      onBooked({ booking: assigned, outOfArea: assigned.outOfArea });
      return { autoReply: false };
    },
    // A request the spam checks flag answers like a booking (so the checks cannot be probed) but
    // holds no time and e-mails nobody: it waits, "requested", for staff to release the lead.
    async onQuarantined(tx, row) {
      const { booking } = await bookingRow(tx, row, "requested");
      onBooked({ booking, outOfArea: booking.outOfArea });
    },
  };
}

/**
 * Gives a booking its surveyor (claiming the time) and makes it "booked": the lead is assigned to
 * the surveyor (its status is left for staff to change), the booking goes on its timeline, and the
 * invitations are queued. Null (nothing changed) when no surveyor is free at that time any more.
 */
async function bookWithSurveyor(
  tx: Db,
  booking: Booking,
  staffIds: number[],
  lead: ContactSubmission,
  actor: Actor,
  services: Pick<AppServices, "business" | "env" | "siteUrl">,
  now = new Date(),
): Promise<Booking | null> {
  if (!(await assignSurveyor(tx, booking, staffIds))) return null;
  const [assigned] = await tx
    .update(bookings)
    .set({ status: "booked", remindAt: reminderTime(booking.startAt, now), updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  // A booking stays "new" with its surveyor assigned until staff change it (issue 35 item 5).
  await changeLead(
    tx,
    lead.id,
    { assigneeId: assigned!.staffId },
    timelineActor(actor),
    await bookingEvent(tx, actor, "booked", assigned!),
  );
  await queueBookingEmails(tx, "booked", assigned!, await peopleOf(tx, assigned!, lead), mailContext(services));
  return assigned!;
}

/**
 * When staff release a booking request from quarantine: book the requested time if a surveyor is
 * still free then (invitations go out, so no auto-reply is needed); otherwise the request stays
 * and the timeline says to arrange another time with the visitor. `{ autoReply }` for the release.
 */
export async function bookReleasedRequest(
  tx: Db,
  lead: ContactSubmission,
  actor: TimelineActor,
  services: Pick<AppServices, "business" | "env" | "siteUrl">,
  now = new Date(),
): Promise<{ autoReply: boolean }> {
  const [request] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.submissionId, lead.id), eq(bookings.status, "requested")))
    .for("update");
  if (lead.source !== "booking" || !request) return { autoReply: true };
  const at = request.startAt > now ? await slotAt(tx, request.startAt, now) : null;
  const booked =
    at?.status === "free" ? await bookWithSurveyor(tx, request, at.slot.staffIds, lead, actor, services, now) : null;
  if (booked) return { autoReply: false };
  await addLeadEvent(
    tx,
    lead.id,
    {
      booking: [
        null,
        `The requested survey time (${surveyWhen(request.startAt, request.endAt)}) is no longer free: arrange another time with the visitor`,
      ],
    },
    timelineActor(actor),
  );
  return { autoReply: true };
}

/** One booking from the public form or POST /api/bookings, through the lead intake. */
export async function bookSurvey(
  raw: unknown,
  ctx: IntakeContext & { formToken: "required" | "optional"; now?: () => Date },
): Promise<BookingOutcome> {
  const now = ctx.now ?? (() => new Date());
  let made: MadeBooking | undefined;
  // Answer a time that was never offered before the rate limit counts it.
  const early = parseBooking(raw !== null && typeof raw === "object" ? raw : {});
  if (early.ok) {
    const at = await slotAt(ctx.services.database.db, new Date(early.data.start), now());
    if (at.status === "not-offered") return { status: "invalid", fieldErrors: { start: BOOKING_MESSAGES.start } };
  }
  let outcome: LeadOutcome<BookingField>;
  try {
    outcome = await takeLead(
      raw,
      bookingLeadForm(ctx.formToken, ctx.services, (m) => (made = m), now),
      ctx,
    );
  } catch (error) {
    if (error instanceof SlotUnavailable)
      return error.reason === "taken"
        ? { status: "taken" }
        : { status: "invalid", fieldErrors: { start: BOOKING_MESSAGES.start } };
    throw error;
  }
  switch (outcome.status) {
    case "stored":
      if (!made) return { status: "pending", leadId: outcome.id };
      if (outcome.quarantined) return { status: "requested", booking: made.booking, leadId: outcome.id };
      (ctx.logger ?? ctx.services.logger).info(
        { bookingId: made.booking.id, submissionId: outcome.id, staffId: made.booking.staffId },
        "site survey booked",
      );
      return { status: "booked", booking: made.booking, leadId: outcome.id };
    case "duplicate":
      return { status: "pending", leadId: outcome.id };
    default:
      return outcome;
  }
}
