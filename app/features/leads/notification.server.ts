import * as z from "zod/mini";
import type { ContactSubmission } from "~/db/schema";
import { estimateWhat, estimateWhere, formatRange } from "~/features/estimate/stored-estimate";
import { formatDateTime, formatTime } from "~/features/time/irish-format";
import { sourceLabel } from "./lead-sources";

export type NotificationEmail = { toAddress: string; replyTo: string | null; subject: string; bodyText: string };

const EmailAddress = z.email();

/**
 * The e-mail staff get for a new lead: every field, where it came from, the chat conversation if
 * there was one, and Reply-To the visitor (when the address looks like one: a malformed Reply-To
 * must not stop the e-mail, and leads stored before the chat checked addresses may hold anything).
 */
export function buildContactNotification(
  submission: Pick<
    ContactSubmission,
    | "id"
    | "name"
    | "email"
    | "phone"
    | "service"
    | "message"
    | "createdAt"
    | "source"
    | "landingPage"
    | "referrer"
    | "utm"
    | "leadQuality"
    | "estimate"
    | "transcript"
  >,
  options: { to: string; siteUrl: string; businessName: string },
): NotificationEmail {
  const hot = submission.leadQuality === "hot";
  const subject = `${hot ? "[HOT lead] " : ""}New enquiry from ${submission.name}${submission.service ? ` – ${submission.service}` : ""}`;
  const utm = submission.utm
    ? Object.entries(submission.utm)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")
    : "";
  const lines = [
    `A new enquiry arrived through the ${options.businessName} website.`,
    "",
    `Name:     ${submission.name}`,
    `E-mail:   ${submission.email}`,
    `Phone:    ${submission.phone || "Not given"}`,
    `Service:  ${submission.service || "Not specified"}`,
    ...(submission.leadQuality ? [`Lead:     ${submission.leadQuality}`] : []),
    `Received: ${formatDateTime(submission.createdAt)}`,
    "",
    "Message:",
    submission.message,
    "",
    ...(submission.estimate
      ? [
          "Online estimate sent with it:",
          `${formatRange(submission.estimate)} + VAT for ${estimateWhat(submission.estimate)}`,
          `Where: ${estimateWhere(submission.estimate)}`,
          "",
        ]
      : []),
    "Where it came from:",
    `Form:         ${sourceLabel(submission.source)}`,
    `Landing page: ${submission.landingPage || "Unknown"}`,
    `Referrer:     ${submission.referrer || "None (direct visit)"}`,
    ...(utm ? [`Campaign:     ${utm}`] : []),
    "",
    `Reply to this e-mail to answer ${submission.name} directly.`,
    `All enquiries: ${options.siteUrl}/admin/contacts`,
    ...(submission.transcript?.length
      ? [
          "",
          "Chat conversation:",
          ...submission.transcript.map(
            (m) => `[${formatTime(new Date(m.timestamp))}] ${m.sender === "bot" ? "Assistant" : "Visitor"}: ${m.text}`,
          ),
        ]
      : []),
  ];
  return {
    toAddress: options.to,
    replyTo: EmailAddress.safeParse(submission.email).success ? submission.email : null,
    subject,
    bodyText: lines.join("\n"),
  };
}
