import * as z from "zod/mini";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { emailOutbox, type ContactSubmission } from "~/db/schema";
import { getAutoReplySettings, type AutoReplySettings } from "~/features/admin/settings/settings.server";

// The acknowledgement a visitor gets for each accepted enquiry (form or chat): the text staff set on
// the Settings screen with {name} and {service} filled in, then the business's contact details, as
// plain text plus a simple HTML version. It is queued in the enquiry's own transaction (so it is
// never lost and never delays the answer: the outbox sends it), and a unique index on
// (submission, kind 'auto-reply') means it is queued at most once per enquiry.

export type AutoReplyEmail = { toAddress: string; subject: string; bodyText: string; bodyHtml: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The placeholders filled in; a line break or a stray brace in a name cannot reach a header. */
function fill(template: string, submission: Pick<ContactSubmission, "name" | "service">): string {
  const name = submission.name.replace(/\s+/g, " ").trim();
  const service = submission.service?.replace(/\s+/g, " ").trim() || "your project";
  return template.replace(/\{(name|service)\}/g, (_m, key: string) => (key === "name" ? name : service));
}

/** The auto-reply for one enquiry, from the settings and the business details. */
export function buildAutoReply(
  submission: Pick<ContactSubmission, "name" | "email" | "service">,
  settings: Pick<AutoReplySettings, "autoReplySubject" | "autoReplyBody">,
  business: Business,
  siteUrl: string,
): AutoReplyEmail {
  const subject = fill(settings.autoReplySubject, submission)
    .replace(/[\r\n]+/g, " ")
    .slice(0, 250);
  const body = fill(settings.autoReplyBody, submission);
  const address = [
    business.address.street,
    business.address.locality,
    business.address.region,
    business.address.postalCode,
  ]
    .filter(Boolean)
    .join(", ");
  const contact = [
    business.name,
    `Phone: ${business.phone}`,
    `E-mail: ${business.email}`,
    address,
    business.openingHours.label,
    siteUrl,
  ];
  const bodyText = [body, "", "--", ...contact].join("\n");
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const bodyHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f1d33;max-width:600px;margin:0 auto;padding:16px">
${paragraphs}
<hr style="border:none;border-top:1px solid #d5dbe3;margin:24px 0">
<p style="font-size:14px;color:#46556b"><strong>${escapeHtml(business.name)}</strong><br>
Phone: <a href="tel:${escapeHtml(business.phoneE164)}">${escapeHtml(business.phone)}</a><br>
E-mail: <a href="mailto:${escapeHtml(business.email)}">${escapeHtml(business.email)}</a><br>
${escapeHtml(address)}<br>
${escapeHtml(business.openingHours.label)}<br>
<a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl.replace(/^https?:\/\//, ""))}</a></p>
</body></html>`;
  return { toAddress: submission.email, subject, bodyText, bodyHtml };
}

const EmailAddress = z.email();

/**
 * Queues the visitor's auto-reply inside the enquiry's transaction, if it is turned on and the
 * address looks like one (the chat does not check it). A second call for the same enquiry adds
 * nothing (the unique index).
 */
export async function queueAutoReply(
  tx: Db,
  submission: Pick<ContactSubmission, "id" | "name" | "email" | "service">,
  business: Business,
  siteUrl: string,
): Promise<boolean> {
  if (!EmailAddress.safeParse(submission.email).success) return false;
  const settings = await getAutoReplySettings(tx);
  if (!settings.autoReplyEnabled) return false;
  const mail = buildAutoReply(submission, settings, business, siteUrl);
  const queued = await tx
    .insert(emailOutbox)
    .values({ submissionId: submission.id, kind: "auto-reply", replyTo: business.email, ...mail })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return queued.length > 0;
}
