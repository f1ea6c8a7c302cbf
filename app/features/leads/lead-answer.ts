import type { FieldErrors } from "~/forms/field-errors";
import type { LeadOutcome } from "./lead-intake.server";

// One door per form: a lead-taking form's outcome becomes one HTTP answer, used by its JSON API and
// by its route action (the same form without JavaScript). Each sentence is written here once.

export type LeadWords = {
  /** "enquiry", "lead": used in the messages. */
  noun: string;
  successMessage: string;
  invalidMessage: string;
  phone: string;
};

export type LeadAnswerBody<F extends string = string> = {
  message: string;
  id?: number;
  fieldErrors?: FieldErrors<F>;
  retryAfterSeconds?: number;
};

export type LeadAnswer<F extends string = string> = {
  /** 201 stored (quarantine too: a bot learns nothing), 200 a repeat, 400 invalid or refused, 429. */
  status: 200 | 201 | 400 | 429;
  body: LeadAnswerBody<F>;
  headers: Record<string, string>;
};

export const rateLimitedMessage = (retryAfterSeconds: number, phone: string) =>
  `Too many messages from your connection. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s), or call us on ${phone}.`;

export const notSavedMessage = (noun: string, phone: string) =>
  `We could not save your ${noun} just now. Please try again in a moment, or call us on ${phone}.`;

export function answerLead<F extends string>(outcome: LeadOutcome<F>, words: LeadWords): LeadAnswer<F> {
  switch (outcome.status) {
    case "stored":
      return { status: 201, body: { id: outcome.id, message: words.successMessage }, headers: {} };
    case "duplicate":
      return { status: 200, body: { id: outcome.id, message: words.successMessage }, headers: {} };
    case "invalid":
      return { status: 400, body: { message: words.invalidMessage, fieldErrors: outcome.fieldErrors }, headers: {} };
    case "rejected":
      return { status: 400, body: { message: outcome.message }, headers: {} };
    case "rate-limited":
      return {
        status: 429,
        body: {
          message: rateLimitedMessage(outcome.retryAfterSeconds, words.phone),
          retryAfterSeconds: outcome.retryAfterSeconds,
        },
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      };
  }
}
