import crypto from "node:crypto";
import { and, eq, gte, lt, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  bookingClaims,
  bookings,
  contactEvents,
  contactSubmissions,
  users,
  type Booking,
  type ContactSubmission,
} from "~/db/schema";
import areaData from "~/features/estimate/service-area-data.json";
import { checkServiceArea, type AreaCheck, type AreaData } from "~/features/estimate/service-area";
import { takeLead, type IntakeContext, type LeadForm, type LeadOutcome } from "~/features/leads/lead-intake.server";
import type { FieldErrors } from "~/forms/field-errors";
import type { AppServices } from "~/services.server";
import { getSurveySettings, slotAt } from "./availability.server";
import { parseBooking, BOOKING_MESSAGES, type BookingField, type BookingInput } from "./booking-schema";
import {
  addDays,
  DAY_MS,
  dublinDay,
  dublinInstant,
  dublinIso,
  mondayOf,
  surveyStart,
  surveyWhen,
} from "~/features/time/dublin-time";
import { claimVisitorChange } from "./booking-changes.server";
import { queueBookingEmails, type BookingChange, type BookingMailContext, type BookingPeople } from "./invites.server";
import { rankStaff } from "./slots";

// Booking a site survey: the visitor's details become a lead through the lead intake, and in the
// lead's own transaction the survey claims its surveyor's time (booking_claims: the database lets
// each 5-minute block of a surveyor's time be claimed once, so two visitors racing for one time
// cannot both have it, on any engine and across servers), the lead moves to "contacted" with the
// booking on its timeline, and the invitations are queued. A time that is gone rolls it all back.

export const SLOT_TAKEN_MESSAGE = "That time has just been taken — please pick another.";
export const BOOKING_INVALID_MESSAGE = "Please correct the highlighted fields.";

const AREA = areaData as AreaData;
const BLOCK_MS = 5 * 60_000;

/** Thrown inside a booking's transaction to roll it back. */
class SlotUnavailable extends Error {
  constructor(readonly reason: "taken" | "not-offered") {
    super(reason);
  }
}

/** The 5-minute blocks a survey holds: from its start to the end of its buffer. */
export function claimBlocks(start: Date, blockedUntil: Date): Date[] {
  const blocks: Date[] = [];
  const first = Math.floor(start.getTime() / BLOCK_MS) * BLOCK_MS;
  for (let t = first; t < blockedUntil.getTime(); t += BLOCK_MS) blocks.push(new Date(t));
  return blocks;
}

/**
 * In a savepoint: claims the blocks for `bookingId` with staff member `staffId`; false (and
 * nothing claimed) if any block is already someone else's. A concurrent claim waits for the other
 * transaction, then counts as taken if it committed.
 */
async function claim(tx: Db, bookingId: number, staffId: number, start: Date, blockedUntil: Date): Promise<boolean> {
  const blocks = claimBlocks(start, blockedUntil);
  try {
    await tx.transaction(async (sp) => {
      await sp.delete(bookingClaims).where(eq(bookingClaims.bookingId, bookingId));
      const claimed = await sp
        .insert(bookingClaims)
        .values(blocks.map((blockStart) => ({ staffId, blockStart, bookingId })))
        .onConflictDoNothing()
        .returning({ blockStart: bookingClaims.blockStart });
      if (claimed.length !== blocks.length) throw new SlotUnavailable("taken");
      await sp.update(bookings).set({ staffId }).where(eq(bookings.id, bookingId));
    });
    return true;
  } catch (error) {
    if (error instanceof SlotUnavailable) return false;
    throw error;
  }
}

/** Surveys per staff member in the Irish week of `start` (to share them out). */
async function weekBookings(tx: Db, start: Date) {
  const monday = mondayOf(dublinDay(start));
  return (
    await tx
      .select({ staffId: bookings.staffId, start: bookings.startAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, "booked"),
          gte(bookings.startAt, dublinInstant(monday, 0)),
          lt(bookings.startAt, dublinInstant(addDays(monday, 7), 0)),
        ),
      )
  ).filter((b): b is { staffId: number; start: Date } => b.staffId !== null);
}

/** Claims the time for the booking with the best-placed free surveyor (`prefer` first); false if none is left. */
async function assignSurveyor(
  tx: Db,
  booking: Pick<Booking, "id" | "startAt" | "blockedUntil">,
  staffIds: number[],
  prefer?: number | null,
): Promise<boolean> {
  const ranked = rankStaff(staffIds, booking.startAt, await weekBookings(tx, booking.startAt));
  const order = prefer != null && ranked.includes(prefer) ? [prefer, ...ranked.filter((id) => id !== prefer)] : ranked;
  for (const staffId of order) {
    if (await claim(tx, booking.id, staffId, booking.startAt, booking.blockedUntil)) return true;
  }
  return false;
}

const newToken = () => crypto.randomBytes(18).toString("base64url");

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
        token: newToken(),
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
      if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors };
      const input = result.data;
      const start = new Date(input.start);
      const area = checkServiceArea(input.eircode ?? input.address, AREA, services.business.serviceRadiusMetres / 1000);
      parsed = { input, start, area };
      const note = areaNote(area);
      const message = [
        `Site survey: ${surveyStart(start)} (Irish time)`,
        `Where: ${locationOf(input)}${area.place ? ` (${area.place.label})` : ""}`,
        ...(note ? [note] : []),
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
 * Gives a booking its surveyor (claiming the time) and makes it "booked": the lead moves to
 * "contacted" with the booking on its timeline, and the invitations are queued. Null (nothing
 * changed) when no surveyor is free at that time any more.
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
  const leadChange: Record<string, [unknown, unknown]> = lead.status === "new" ? { status: ["new", "contacted"] } : {};
  await tx
    .update(contactSubmissions)
    .set({
      assigneeId: assigned!.staffId,
      ...(lead.status === "new" ? { status: "contacted" as const, contactedAt: now } : {}),
    })
    .where(eq(contactSubmissions.id, lead.id));
  await recordBookingEvent(tx, lead.id, actor, "booked", assigned!, leadChange);
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
  actor: { userId: number | null; username: string | null },
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
  await tx.insert(contactEvents).values({
    submissionId: lead.id,
    userId: actor.userId,
    username: actor.username,
    changes: {
      booking: [
        null,
        `The requested survey time (${surveyWhen(request.startAt, request.endAt)}) is no longer free: arrange another time with the visitor`,
      ],
    },
  });
  return { autoReply: true };
}

/** The reminder goes 24 hours before, unless the survey is booked (or moved) closer than that. */
function reminderTime(start: Date, now: Date): Date | null {
  const at = new Date(start.getTime() - DAY_MS);
  return at > now ? at : null;
}

export const mailContext = (services: Pick<AppServices, "business" | "env" | "siteUrl">): BookingMailContext => ({
  business: services.business,
  siteUrl: services.siteUrl,
  inviteIntervalMs: services.env.BOOKING_INVITE_INTERVAL_S * 1000,
});

/** The visitor (from the lead) and the surveyor (their My Account address) of a booking. */
export async function peopleOf(
  tx: Pick<Db, "select">,
  booking: Pick<Booking, "staffId" | "submissionId">,
  lead?: Pick<ContactSubmission, "id" | "name" | "email" | "phone">,
): Promise<BookingPeople> {
  const [visitor] = lead
    ? [lead]
    : await tx
        .select({
          id: contactSubmissions.id,
          name: contactSubmissions.name,
          email: contactSubmissions.email,
          phone: contactSubmissions.phone,
        })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, booking.submissionId));
  const [staff] =
    booking.staffId === null
      ? []
      : await tx
          .select({ username: users.username, email: users.email })
          .from(users)
          .where(eq(users.id, booking.staffId));
  return {
    visitor: { name: visitor!.name, email: visitor!.email, phone: visitor!.phone, submissionId: visitor!.id },
    staff: staff ?? null,
  };
}

const EVENT_WORDS: Record<BookingChange, string> = {
  booked: "Site survey booked for",
  moved: "Site survey moved to",
  cancelled: "Site survey cancelled (was",
};

/** The booking on the lead's timeline (who: null for the visitor). */
async function recordBookingEvent(
  tx: Db,
  submissionId: number,
  actor: { userId: number | null; username: string | null } | null,
  change: BookingChange,
  booking: Booking,
  extra: Record<string, [unknown, unknown]> = {},
) {
  const when = surveyWhen(booking.startAt, booking.endAt);
  const [surveyor] =
    booking.staffId === null
      ? []
      : await tx.select({ username: users.username }).from(users).where(eq(users.id, booking.staffId));
  const text =
    change === "cancelled"
      ? `${EVENT_WORDS.cancelled} ${when})${actor ? "" : " by the visitor"}`
      : `${EVENT_WORDS[change]} ${when}${surveyor ? ` with ${surveyor.username}` : ""}${actor ? "" : " by the visitor"}`;
  await tx.insert(contactEvents).values({
    submissionId,
    userId: actor?.userId ?? null,
    username: actor?.username ?? null,
    changes: { ...extra, booking: [null, text] },
  });
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

type Actor = { userId: number | null; username: string | null } | null;

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
  const start = typeof rawStart === "string" && !Number.isNaN(Date.parse(rawStart)) ? new Date(rawStart) : null;
  if (!start || !/T\d{2}:\d{2}/.test(String(rawStart)))
    return { status: "invalid", fieldErrors: { start: BOOKING_MESSAGES.start } };
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

export async function findBookingByToken(db: Pick<Db, "select">, token: string) {
  // Tokens are base64url; anything else cannot match (and never reaches the query).
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  const [row] = await db
    .select({
      booking: bookings,
      name: contactSubmissions.name,
      email: contactSubmissions.email,
    })
    .from(bookings)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, bookings.submissionId))
    .where(eq(bookings.token, token));
  return row;
}

/** The public view of a booking (the API's answer). */
export const bookingView = (booking: Booking) => ({
  id: booking.id,
  start: dublinIso(booking.startAt),
  end: dublinIso(booking.endAt),
  status: booking.status,
  manageUrl: `/booking/${booking.token}`,
});

/** Bookings in [from, to), with the visitor's name and the surveyor, for the admin and the feeds. */
export function listBookings(db: Pick<Db, "select">, from: Date, to: Date, staffId?: number) {
  return db
    .select({
      booking: bookings,
      name: contactSubmissions.name,
      email: contactSubmissions.email,
      phone: contactSubmissions.phone,
      service: contactSubmissions.service,
      staffName: users.username,
      staffEmail: users.email,
    })
    .from(bookings)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, bookings.submissionId))
    .leftJoin(users, eq(users.id, bookings.staffId))
    .where(
      and(
        gte(bookings.startAt, from),
        lt(bookings.startAt, to),
        // Requests held as spam are reviewed in the inbox's Spam tab, not on the calendar.
        ne(bookings.status, "requested"),
        staffId === undefined ? undefined : eq(bookings.staffId, staffId),
      ),
    )
    .orderBy(bookings.startAt, bookings.id);
}
