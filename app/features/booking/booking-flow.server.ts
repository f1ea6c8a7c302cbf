import type { IntakeContext } from "~/features/leads/lead-intake.server";
import {
  BOOKING_WORDS,
  bookedMessage,
  rateLimitedBooking,
  requestedMessage,
  type BookingAnswerBody,
} from "./booking-answer";
import { bookSurvey, type BookingOutcome } from "./book-survey.server";
import { bookingView } from "./bookings.server";
import { surveyWhen } from "~/features/time/dublin-time";

export type BookingAnswer = {
  /** 201 booked (or requested), 202 already taken in, 400, 409 taken, 429. */
  status: 201 | 202 | 400 | 409 | 429;
  body: BookingAnswerBody;
  headers: Record<string, string>;
  outcome: BookingOutcome;
};

/**
 * A booking's outcome as one HTTP answer. A submission the spam checks flag is answered like a
 * booking (201 with its id, times and manage link, so the checks cannot be probed), but it holds
 * no time and e-mails nobody, so its message says only what is true: the team will confirm.
 */
export async function answerBooking(
  raw: unknown,
  ctx: IntakeContext & { formToken: "required" | "optional" },
): Promise<BookingAnswer> {
  const outcome = await bookSurvey(raw, ctx);
  const phone = ctx.services.business.phone;
  switch (outcome.status) {
    case "booked":
    case "requested": {
      const { booking } = outcome;
      const when = surveyWhen(booking.startAt, booking.endAt);
      const email = (raw as { email?: string }).email?.trim() ?? "";
      const { id, start, end, manageUrl } = bookingView(booking);
      // The same answer either way; only the words differ (a request has no time held yet).
      const message =
        outcome.status === "booked" ? bookedMessage(when, email, booking.outOfArea) : requestedMessage(when);
      return { status: 201, body: { id, start, end, manageUrl, message }, headers: {}, outcome };
    }
    case "pending":
      return { status: 202, body: { message: BOOKING_WORDS.pending }, headers: {}, outcome };
    case "taken":
      return { status: 409, body: { message: BOOKING_WORDS.taken }, headers: {}, outcome };
    case "invalid":
      return {
        status: 400,
        body: { message: BOOKING_WORDS.invalid, fieldErrors: outcome.fieldErrors },
        headers: {},
        outcome,
      };
    case "rejected":
      return { status: 400, body: { message: outcome.message }, headers: {}, outcome };
    case "rate-limited":
      return { ...rateLimitedBooking(outcome.retryAfterSeconds, phone), outcome };
  }
}
