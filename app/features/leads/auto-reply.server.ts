import { and, eq, gt, min, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { Business } from "~/config";
import type { Db } from "~/db/client.server";
import { bookings, contactSubmissions, emailOutbox, type ContactSubmission } from "~/db/schema";
import { phoneKey } from "~/features/clients/client-keys";
import { surveyStart } from "~/features/time/dublin-time";
import { getAutoReplySettings, type AutoReplySettings } from "./auto-reply-settings.server";
import { visitorName } from "./visitor-text";

// The acknowledgement a visitor gets for an accepted lead (form, chat, estimate): the text staff set
// on the Settings screen with {name} and {service} filled in, then the business's contact details,
// as plain text plus a simple HTML version. It is queued in the lead's own transaction (so it is
// never lost and never delays the answer: the outbox sends it), at most once per lead (a unique
// index on (submission, kind 'auto-reply')).
//
// It is e-mail from the business to an address anyone can type, so it must be useless for phishing
// in the business's name: no visitor text in the subject, the name cut short and dropped if it
// looks like a link (mail programs turn "evil.example/login" into one), at most one auto-reply per
// address per day, and none for quarantined spam (the intake never calls it for spam).

export type AutoReplyEmail = { toAddress: string; subject: string; bodyText: string; bodyHtml: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The visitor's name as the auto-reply shows it (the rule every e-mail to a visitor follows). */
export const autoReplyName = visitorName;

/** The placeholders filled in; the subject gets no visitor text at all ({name} is left out). */
function fill(template: string, submission: Pick<ContactSubmission, "name" | "service">, part: "subject" | "body") {
  const service = submission.service?.replace(/\s+/g, " ").trim() || "your project";
  const filled = template.replace(/\{(name|service)\}/g, (_m, key: string) =>
    key === "service" ? service : part === "body" ? autoReplyName(submission.name) : "",
  );
  if (part === "body") return filled;
  // "Thanks for your enquiry, {name}" reads "Thanks for your enquiry": no dangling comma or space.
  return filled
    .replace(/\s+/g, " ")
    .replace(/ ([,.!?:;])/g, "$1")
    .trim()
    .replace(/[,:;]+(?=[.!?]|$)/g, "")
    .replace(/([,:;])(?=[,:;.!?])/g, "")
    .replace(/^[,:;.!?\s]+/, "")
    .trim();
}

/**
 * The auto-reply for one enquiry, from the settings and the business details. It offers a survey
 * booking, unless the visitor already has one coming (`bookedSurvey`, its start): then it says when.
 */
export function buildAutoReply(
  submission: Pick<ContactSubmission, "name" | "email" | "service">,
  settings: Pick<AutoReplySettings, "autoReplySubject" | "autoReplyBody">,
  business: Business,
  siteUrl: string,
  bookedSurvey: Date | null = null,
): AutoReplyEmail {
  const subject = fill(settings.autoReplySubject, submission, "subject").slice(0, 250) || "Thanks for your enquiry";
  const body = fill(settings.autoReplyBody, submission, "body");
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
  const book = `${siteUrl}/book`;
  const booked = bookedSurvey && `Your site survey is booked for ${surveyStart(bookedSurvey)}.`;
  const change = "To change it, use the link in your booking confirmation.";
  const offer = booked ? `${booked} ${change}` : `Book a free site survey at a time that suits you: ${book}`;
  const bodyText = [body, "", offer, "", "--", ...contact].join("\n");
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const bodyHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f1d33;max-width:600px;margin:0 auto;padding:16px">
${paragraphs}
${booked ? `<p>${escapeHtml(booked)} ${change}</p>` : `<p><a href="${escapeHtml(book)}">Book a free site survey</a> at a time that suits you.</p>`}
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
const DAY_MS = 24 * 3_600_000;

/**
 * Queues the visitor's auto-reply inside the lead's transaction, if it is turned on, the address
 * looks like one, and that address has had none in the last 24 hours. A second call for the same
 * lead adds nothing (the unique index). Concurrent leads from one address take turns on a
 * transaction-scoped lock, so only one of them sends.
 */
export async function queueAutoReply(
  tx: Db,
  submission: Pick<ContactSubmission, "id" | "name" | "email" | "phone" | "service">,
  business: Business,
  siteUrl: string,
  now = new Date(),
): Promise<boolean> {
  if (!EmailAddress.safeParse(submission.email).success) return false;
  const settings = await getAutoReplySettings(tx);
  if (!settings.autoReplyEnabled) return false;
  const address = submission.email.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auto-reply:${address}`}))`);
  const [recent] = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, "auto-reply"),
        sql`lower(${emailOutbox.toAddress}) = ${address}`,
        gt(emailOutbox.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .limit(1);
  if (recent) return false;
  const mail = buildAutoReply(submission, settings, business, siteUrl, await upcomingSurvey(tx, submission, now));
  const queued = await tx
    .insert(emailOutbox)
    .values({ submissionId: submission.id, kind: "auto-reply", replyTo: business.email, ...mail })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return queued.length > 0;
}

/**
 * The start of the next survey already booked (not cancelled, not yet begun) by the lead's client,
 * or by a lead with its e-mail in any case or its phone's digits (one client by the same rules, also
 * before staff merge two), so the auto-reply does not offer a booking she already has. Null if none.
 */
export async function upcomingSurvey(
  db: Pick<Db, "select">,
  lead: Pick<ContactSubmission, "id" | "email" | "phone">,
  now = new Date(),
): Promise<Date | null> {
  const phone = phoneKey(lead.phone);
  const clientOfLead = sql`(select ${contactSubmissions.clientId} from ${contactSubmissions} where ${contactSubmissions.id} = ${lead.id})`;
  const sameVisitor = [
    sql`${contactSubmissions.clientId} = ${clientOfLead}`,
    sql`lower(${contactSubmissions.email}) = ${lead.email.trim().toLowerCase()}`,
    ...(phone ? [sql`regexp_replace(coalesce(${contactSubmissions.phone}, ''), '[^0-9]', '', 'g') = ${phone}`] : []),
  ];
  const [next] = await db
    .select({ startAt: min(bookings.startAt) })
    .from(bookings)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, bookings.submissionId))
    .where(
      and(
        eq(bookings.status, "booked"),
        gt(bookings.startAt, now),
        eq(contactSubmissions.spam, false),
        sql`(${sql.join(sameVisitor, sql` or `)})`,
      ),
    );
  return next?.startAt ?? null;
}
