import { rateLimitedMessage } from "~/features/leads/lead-answer";
import type { FieldErrors } from "~/forms/field-errors";
import type { BookingField } from "./booking-schema";

// One HTTP answer per booking outcome, for POST /api/bookings and the /book page's own post.
// Each sentence is written here once.

export const BOOKING_WORDS = {
  invalid: "Please correct the highlighted fields.",
  taken: "That time has just been taken — please pick another.",
  pending:
    "Thank you — we have your request. One of the team will confirm a survey time with you by phone or e-mail shortly.",
  /** Moving a request the team has not confirmed yet. */
  requested: (phone: string) =>
    `The team has not confirmed this survey request yet, so its time cannot be moved online. Call us on ${phone} and we will find a time that suits.`,
  /** The visitor has moved or cancelled this survey as often as the limits allow for now. */
  tooManyChanges: (retryAfterSeconds: number, phone: string) =>
    `This survey has been changed several times in a short while, so to protect your inbox it cannot be changed again for ${Math.ceil(retryAfterSeconds / 60)} minute(s). Please try again then, or call us on ${phone}.`,
  notSaved: (phone: string) =>
    `We could not book your survey just now. Please try again in a moment, or call us on ${phone}.`,
} as const;

export function bookedMessage(when: string, email: string, outOfArea: boolean): string {
  return outOfArea
    ? `Your site survey is pencilled in for ${when}. The site looks to be outside our usual service area, so one of the team will ring you to confirm before the day. A calendar invitation is on its way to ${email}.`
    : `Your free site survey is booked for ${when}. A calendar invitation is on its way to ${email}.`;
}

/** A request taken in without a confirmed time (held for the team to check): honest about that. */
export const requestedMessage = (when: string) =>
  `Thank you — we have your request for a site survey on ${when}. One of the team will confirm it with you by phone or e-mail shortly.`;

/**
 * The manage page's words for each outcome (the JSON answer's message, and ?done= on the page). "On
 * its way", not "we have e-mailed": the e-mail waits in the outbox while mail is not set up.
 */
export const DONE_MESSAGES: Record<string, string> = {
  booked: "Your site survey is booked. A calendar invitation is on its way to your e-mail.",
  moved: "Your site survey has moved. The updated invitation is on its way to your e-mail.",
  cancelled: "Your site survey is cancelled. A confirmation is on its way to your e-mail.",
  withdrawn: "Your survey request is withdrawn. Book again whenever it suits.",
};
export type BookingAnswerBody = {
  message: string;
  id?: number;
  start?: string;
  end?: string;
  manageUrl?: string;
  fieldErrors?: FieldErrors<BookingField>;
  retryAfterSeconds?: number;
};

export function rateLimitedBooking(retryAfterSeconds: number, phone: string) {
  return {
    status: 429 as const,
    body: { message: rateLimitedMessage(retryAfterSeconds, phone), retryAfterSeconds },
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}
