import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { emailOutbox, type Booking } from "~/db/schema";
import { visitorName, visitorText } from "~/features/leads/visitor-text";
import { queueCoalesced } from "~/features/mail/outbox.server";
import { surveyWhen } from "~/features/time/dublin-time";
import { surveyInvitation, type SurveyEvent } from "./ics.server";

// The e-mails about a booking, queued in the booking's own transaction (so a booking is never
// made without them, and an SMTP outage only delays them): the visitor and the surveyor each get
// one with the calendar invitation attached (REQUEST when booked or moved, CANCEL when cancelled),
// and the visitor a reminder the day before.
//
// The visitor's address is whatever was typed on the form, so what they get follows the visitor
// text rules (features/leads/visitor-text.ts): their name only if it cannot become a link, the
// place left out if it looks like one, and their invitation is one e-mail per booking holding the
// latest state, at most one per BOOKING_INVITE_INTERVAL_S (a burst of moves sends one, not ten).

export type BookingPeople = {
  visitor: { name: string; email: string; phone: string | null; submissionId: number };
  /** The surveyor, named by `staffName` (null: none assigned); no e-mail address on My Account: no invitation. */
  staff: { name: string; email: string | null } | null;
};

export type BookingMailContext = {
  business: Business;
  siteUrl: string;
  /** At least this long between two invitation e-mails to the visitor about one booking. */
  inviteIntervalMs: number;
};

export type BookingChange = "booked" | "moved" | "cancelled";

export const manageUrl = (siteUrl: string, token: string) => `${siteUrl}/booking/${token}`;

const TYPED_PLACE = "the address you gave us";

/** The visitor's own copy: their name and the place as the visitor text rules allow, nothing else they typed. */
function visitorCopy(booking: Booking, people: BookingPeople) {
  return {
    name: visitorName(people.visitor.name),
    location: visitorText(booking.location, TYPED_PLACE),
  };
}

/** Who is coming, by the name they go by (staffName); empty while nobody is assigned. */
const surveyorLine = (people: BookingPeople) => (people.staff ? `Surveyor: ${people.staff.name}` : "");

export function surveyEvent(
  booking: Booking,
  people: BookingPeople,
  ctx: Pick<BookingMailContext, "business" | "siteUrl">,
): SurveyEvent {
  const { business } = ctx;
  return {
    uid: booking.uid,
    sequence: booking.sequence,
    start: booking.startAt,
    end: booking.endAt,
    summary: `Site survey: ${business.name} with ${people.visitor.name}`,
    description: [
      `Free site survey by ${business.name}.`,
      `Visitor: ${people.visitor.name}, ${people.visitor.phone ?? "no phone"}, ${people.visitor.email}`,
      `Where: ${booking.location}`,
      surveyorLine(people),
      booking.outOfArea ? "Outside the usual service area: the team will confirm the visit." : "",
      `Change or cancel: ${manageUrl(ctx.siteUrl, booking.token)}`,
      `Questions: ${business.phone}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: booking.location,
    cancelled: booking.status === "cancelled",
    organizer: { name: business.name, email: business.email },
    attendees: [
      { name: people.visitor.name, email: people.visitor.email },
      ...(people.staff?.email ? [{ name: people.staff.name, email: people.staff.email }] : []),
    ],
  };
}

/** The visitor's invitation: the same event, with only what the visitor text rules let through. */
function visitorEvent(booking: Booking, people: BookingPeople, ctx: BookingMailContext): SurveyEvent {
  const { business } = ctx;
  const safe = visitorCopy(booking, people);
  const event = surveyEvent(booking, people, ctx);
  return {
    ...event,
    summary: `Site survey: ${business.name}`,
    description: [
      `Free site survey by ${business.name}.`,
      `Where: ${safe.location}`,
      surveyorLine(people),
      booking.outOfArea ? "Outside the usual service area: the team will confirm the visit." : "",
      `Change or cancel: ${manageUrl(ctx.siteUrl, booking.token)}`,
      `Questions: ${business.phone}`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: safe.location,
    // The visitor first (their name as the rules allow), then the surveyor.
    attendees: event.attendees.map((a, i) =>
      i === 0 ? { ...a, name: safe.name === "there" ? "Visitor" : safe.name } : a,
    ),
  };
}

const VISITOR_SUBJECT: Record<BookingChange, (when: string) => string> = {
  booked: (when) => `Your free site survey: ${when}`,
  moved: (when) => `Your site survey has moved to ${when}`,
  cancelled: (when) => `Your site survey on ${when} is cancelled`,
};

const STAFF_SUBJECT: Record<BookingChange, (when: string, name: string) => string> = {
  booked: (when, name) => `Site survey booked: ${name}, ${when}`,
  moved: (when, name) => `Site survey moved: ${name}, now ${when}`,
  cancelled: (when, name) => `Site survey cancelled: ${name}, ${when}`,
};

function visitorBody(change: BookingChange, booking: Booking, people: BookingPeople, ctx: BookingMailContext) {
  const when = surveyWhen(booking.startAt, booking.endAt);
  const { business } = ctx;
  const link = manageUrl(ctx.siteUrl, booking.token);
  const safe = visitorCopy(booking, people);
  const opening =
    change === "cancelled"
      ? [
          `Your site survey on ${when} is cancelled. Nobody will call out.`,
          "",
          `Book another time: ${ctx.siteUrl}/book`,
        ]
      : [
          change === "booked"
            ? `Your free site survey is booked for ${when} (Irish time).`
            : `Your site survey has moved to ${when} (Irish time).`,
          "",
          `Where: ${safe.location}`,
          ...(people.staff ? [surveyorLine(people)] : []),
          ...(booking.outOfArea
            ? [
                "",
                "This address is outside our usual service area, so one of the team will ring you to confirm the visit before the day.",
              ]
            : []),
          "",
          "The surveyor measures up, looks at the ceiling grid or walls and access, and talks you through the options. It takes about an hour and there is no charge.",
          "",
          "The calendar invitation is attached: accept it to add the visit to your calendar.",
          `To change the time or cancel: ${link}`,
        ];
  return [
    `Hello ${safe.name},`,
    "",
    ...opening,
    "",
    `Questions? Call ${business.phone} or reply to this e-mail.`,
    "",
    business.name,
  ].join("\n");
}

function staffBody(change: BookingChange, booking: Booking, people: BookingPeople, ctx: BookingMailContext) {
  const when = surveyWhen(booking.startAt, booking.endAt);
  return [
    change === "cancelled"
      ? `This site survey is cancelled: ${when}.`
      : change === "moved"
        ? `This site survey has moved to ${when}.`
        : `A site survey is booked for you: ${when}.`,
    "",
    `Visitor: ${people.visitor.name}`,
    `Phone: ${people.visitor.phone ?? "not given"}`,
    `E-mail: ${people.visitor.email}`,
    `Where: ${booking.location}`,
    ...(booking.outOfArea
      ? ["Outside the service area (or not found): confirm the visit with the visitor first."]
      : []),
    "",
    `The lead: ${ctx.siteUrl}/admin/contacts?lead=${people.visitor.submissionId}`,
    `All bookings: ${ctx.siteUrl}/admin/bookings`,
  ].join("\n");
}

/**
 * Queues the visitor's and the surveyor's e-mails for a change, each with the invitation.
 * `previousStaff`: when a move hands the survey to someone else, they get the cancellation.
 */
export async function queueBookingEmails(
  tx: Db,
  change: BookingChange,
  booking: Booking,
  people: BookingPeople,
  ctx: BookingMailContext,
  previousStaff?: BookingPeople["staff"],
): Promise<void> {
  const method = change === "cancelled" ? "CANCEL" : "REQUEST";
  const event = surveyEvent(booking, people, ctx);
  const invite = { method, content: surveyInvitation(method, event) } as const;
  const when = surveyWhen(booking.startAt, booking.endAt);
  // One waiting invitation per booking for the visitor, rewritten to the latest state; a move
  // reads as a new booking to a visitor who never had the first one.
  await queueCoalesced(tx, `booking-invite:${booking.id}`, ctx.inviteIntervalMs, ({ delivered }) => {
    const seen: BookingChange = change === "moved" && !delivered ? "booked" : change;
    return {
      submissionId: people.visitor.submissionId,
      kind: "booking",
      toAddress: people.visitor.email,
      replyTo: ctx.business.email,
      subject: VISITOR_SUBJECT[seen](when),
      bodyText: visitorBody(seen, booking, people, ctx),
      icalEvent: { method, content: surveyInvitation(method, visitorEvent(booking, people, ctx)) },
    };
  });
  const rows: Array<typeof emailOutbox.$inferInsert> = [];
  if (people.staff?.email) {
    rows.push({
      submissionId: people.visitor.submissionId,
      kind: "booking",
      toAddress: people.staff.email,
      replyTo: people.visitor.email,
      subject: STAFF_SUBJECT[change](when, people.visitor.name),
      bodyText: staffBody(change, booking, people, ctx),
      icalEvent: invite,
    });
  }
  if (previousStaff?.email && previousStaff.email !== people.staff?.email) {
    const cancelled = { ...event, attendees: [{ name: previousStaff.name, email: previousStaff.email }] };
    rows.push({
      submissionId: people.visitor.submissionId,
      kind: "booking",
      toAddress: previousStaff.email,
      replyTo: people.visitor.email,
      subject: STAFF_SUBJECT.cancelled(when, people.visitor.name),
      bodyText: `This site survey has been given to ${people.staff?.name ?? "someone else"}; it is off your calendar.`,
      icalEvent: { method: "CANCEL", content: surveyInvitation("CANCEL", cancelled) },
    });
  }
  if (rows.length) await tx.insert(emailOutbox).values(rows);
}

/** The visitor's reminder the day before (no invitation: the calendar already has the visit). */
export function reminderEmail(
  booking: Booking,
  people: BookingPeople,
  ctx: Pick<BookingMailContext, "business" | "siteUrl">,
) {
  const when = surveyWhen(booking.startAt, booking.endAt);
  const safe = visitorCopy(booking, people);
  return {
    submissionId: people.visitor.submissionId,
    kind: "booking-reminder" as const,
    toAddress: people.visitor.email,
    replyTo: ctx.business.email,
    subject: `Reminder: your site survey is tomorrow, ${when}`,
    bodyText: [
      `Hello ${safe.name},`,
      "",
      `A reminder that our surveyor is due at ${safe.location} on ${when} (Irish time).`,
      "",
      "Please make sure someone can let us in and that we can reach the area to be surveyed.",
      `Need to change the time or cancel? ${manageUrl(ctx.siteUrl, booking.token)}`,
      "",
      `Questions? Call ${ctx.business.phone}.`,
      "",
      ctx.business.name,
    ].join("\n"),
  };
}
