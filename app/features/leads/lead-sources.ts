// Words staff read for where a lead came from and why a submission sits in Spam: the inbox, the
// lead's timeline, the staff e-mail, the digest and the CSV all use these, never the stored keys.
import type { SpamReason, SubmissionSource } from "~/db/schema";

export const SOURCE_LABELS: Record<SubmissionSource, string> = {
  "contact-form": "Contact form",
  chat: "Chat",
  estimate: "Estimate",
  booking: "Booking",
};

/** The label for a stored source (an unknown one, e.g. from a newer server, is shown as stored). */
export const sourceLabel = (source: string): string => SOURCE_LABELS[source as SubmissionSource] ?? source;

export const SPAM_REASON_LABELS: Record<SpamReason, string> = {
  honeypot: "Filled in a field hidden from people (a bot trap)",
  "too-fast": "Sent sooner after the page opened than a person can type",
  "bad-token": "Sent without the form's own security token (not from our page)",
};

export const spamReasonLabel = (reason: string | null): string =>
  (reason && SPAM_REASON_LABELS[reason as SpamReason]) || "Flagged by a spam check";

const SOURCE_NOUNS: Record<SubmissionSource, readonly [one: string, many: string]> = {
  "contact-form": ["contact form", "contact forms"],
  chat: ["chat", "chats"],
  estimate: ["estimate", "estimates"],
  booking: ["booking", "bookings"],
};

/** A client's other leads counted by source, most first: "2 bookings, 1 chat". */
export function sourceCountsText(counts: ReadonlyArray<{ source: string; count: number }>): string {
  return [...counts]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count)
    .map(({ source, count }) => {
      const [one, many] = SOURCE_NOUNS[source as SubmissionSource] ?? [source, source];
      return `${count} ${count === 1 ? one : many}`;
    })
    .join(", ");
}
