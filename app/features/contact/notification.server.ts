import type { ContactSubmission } from "~/db/schema";
import { estimateWhat, estimateWhere, formatRange } from "~/features/estimate/stored-estimate";

export type NotificationEmail = { toAddress: string; replyTo: string; subject: string; bodyText: string };

const dublinTime = new Intl.DateTimeFormat("en-IE", {
  timeZone: "Europe/Dublin",
  dateStyle: "full",
  timeStyle: "short",
});

/** The e-mail staff get for a new enquiry: every field, where it came from, reply goes to the visitor. */
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
    `Received: ${dublinTime.format(submission.createdAt)}`,
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
    `Form:         ${submission.source}`,
    `Landing page: ${submission.landingPage || "Unknown"}`,
    `Referrer:     ${submission.referrer || "None (direct visit)"}`,
    ...(utm ? [`Campaign:     ${utm}`] : []),
    "",
    `Reply to this e-mail to answer ${submission.name} directly.`,
    `All enquiries: ${options.siteUrl}/admin/contacts`,
  ];
  return { toAddress: options.to, replyTo: submission.email, subject, bodyText: lines.join("\n") };
}
