import { and, eq, gte, lt, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { staffNameSql } from "~/features/auth/staff-name.server";
import { bookings, contactSubmissions, users, type Booking, type ContactSubmission } from "~/db/schema";
import { addLeadEvent, type TimelineActor, type TimelineChanges } from "~/features/leads/change-lead.server";
import type { AppServices } from "~/services.server";
import { DAY_MS, dublinIso, surveyWhen } from "~/features/time/dublin-time";
import type { BookingChange, BookingMailContext, BookingPeople } from "./invites.server";

// Bookings as they are read (the visitor's manage page, the public answer, the admin's list and
// the calendar feeds) and what every change of one shares: its people, its line on the lead's
// timeline, its reminder time and the invitations' context. Booking a survey is in
// book-survey.server.ts, the surveyor's time in slot-claims.server.ts, moving and cancelling in
// manage-booking.server.ts.

export type Actor = TimelineActor | null;

/** The visitor (a null actor) is nobody on the timeline: the event's text says "by the visitor". */
export const timelineActor = (actor: Actor): TimelineActor => actor ?? { userId: null, username: null };

/** The reminder goes 24 hours before, unless the survey is booked (or moved) closer than that. */
export function reminderTime(start: Date, now: Date): Date | null {
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
      : await tx.select({ name: staffNameSql, email: users.email }).from(users).where(eq(users.id, booking.staffId));
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

/** The booking's line on the lead's timeline (who: null for the visitor). */
export async function bookingEvent(
  tx: Pick<Db, "select">,
  actor: Actor,
  change: BookingChange,
  booking: Booking,
): Promise<TimelineChanges> {
  const when = surveyWhen(booking.startAt, booking.endAt);
  const [surveyor] =
    booking.staffId === null
      ? []
      : await tx.select({ name: staffNameSql }).from(users).where(eq(users.id, booking.staffId));
  const text =
    change === "cancelled"
      ? `${EVENT_WORDS.cancelled} ${when})${actor ? "" : " by the visitor"}`
      : `${EVENT_WORDS[change]} ${when}${surveyor ? ` with ${surveyor.name}` : ""}${actor ? "" : " by the visitor"}`;
  return { booking: [null, text] };
}

/** A booking moved or cancelled, on the lead's timeline. */
export async function recordBookingEvent(
  tx: Db,
  submissionId: number,
  actor: Actor,
  change: BookingChange,
  booking: Booking,
) {
  await addLeadEvent(tx, submissionId, await bookingEvent(tx, actor, change, booking), timelineActor(actor));
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
      staffUsername: users.username,
      staffName: staffNameSql,
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
