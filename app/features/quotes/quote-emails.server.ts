import type { Business } from "~/config";
import { visitorName } from "~/features/leads/visitor-text";
import type { QuoteClient, QuoteTotals } from "./quote-types";
import { formatDay, formatMoment } from "./quote-dates";
import { formatCents } from "./quote-totals";

// The e-mails a quote sends: to the client (the quote with its PDF, reminders, the confirmation of
// acceptance with the accepted PDF) and to staff (first viewed, accepted, declined). Plain text:
// they are letters from the office, and the PDF carries the layout.

type QuoteFacts = {
  number: string;
  revision: number;
  client: QuoteClient;
  totals: QuoteTotals;
  validUntil: string;
  depositPercent: number;
};

export type QuoteMail = { toAddress: string; replyTo: string | null; subject: string; bodyText: string };

/** "Dear Aoife," — or "Hello there," when the visitor text rules keep the name out. */
function greeting(name: string): string {
  const first = visitorName(name.trim().split(/\s+/)[0] ?? name);
  return first === "there" ? "Hello there," : `Dear ${first},`;
}

function signOff(business: Business): string[] {
  return ["", "Kind regards,", business.name, `${business.phone} · ${business.email}`];
}

function amounts(q: QuoteFacts): string[] {
  return [
    `Total: ${formatCents(q.totals.grossCents)}${q.totals.vatCents ? ` including VAT of ${formatCents(q.totals.vatCents)}` : ""}`,
    ...(q.totals.depositCents
      ? [`Deposit on acceptance: ${formatCents(q.totals.depositCents)} (${q.depositPercent}%)`]
      : []),
  ];
}

/** The quote to the client; staff's covering note (if any) comes first, above the link. */
export function quoteSentEmail(q: QuoteFacts, link: string, business: Business, message?: string | null): QuoteMail {
  const note = message?.trim() ? [message.trim(), ""] : [];
  return {
    toAddress: q.client.email,
    replyTo: business.email,
    subject: `Your quote ${q.number} from ${business.name}`,
    bodyText: [
      greeting(q.client.name),
      "",
      ...note,
      `Thank you for asking us to price your job. Your quote ${q.number} is attached as a PDF, and you can read it, choose any optional items and accept it online here:`,
      "",
      link,
      "",
      ...amounts(q),
      `Valid until: ${formatDay(q.validUntil)}`,
      "",
      `If anything needs changing, reply to this e-mail or ring us on ${business.phone}.`,
      ...signOff(business),
    ].join("\n"),
  };
}

/** A sent quote staff changed: the client gets the new version, and the old one no longer stands. */
export function quoteUpdatedEmail(q: QuoteFacts, link: string, business: Business): QuoteMail {
  return {
    toAddress: q.client.email,
    replyTo: business.email,
    subject: `Your quote ${q.number} from ${business.name} has been updated`,
    bodyText: [
      greeting(q.client.name),
      "",
      `We have updated your quote ${q.number}: this is revision ${q.revision}, and it replaces the version we sent you before. The updated quote is attached as a PDF, and you can read it, choose any optional items and accept it online here:`,
      "",
      link,
      "",
      ...amounts(q),
      `Valid until: ${formatDay(q.validUntil)}`,
      "",
      `If you have questions about what changed, reply to this e-mail or ring us on ${business.phone}.`,
      ...signOff(business),
    ].join("\n"),
  };
}

export function quoteReminderEmail(q: QuoteFacts, link: string, business: Business): QuoteMail {
  return {
    toAddress: q.client.email,
    replyTo: business.email,
    subject: `Reminder: your quote ${q.number} from ${business.name}`,
    bodyText: [
      greeting(q.client.name),
      "",
      `A short note about quote ${q.number}, which we sent you recently. It is valid until ${formatDay(q.validUntil)}; you can read it and accept or decline it online:`,
      "",
      link,
      "",
      ...amounts(q),
      "",
      `If you have questions about the price, the timing or the specification, reply here or ring us on ${business.phone}: we are happy to go through it.`,
      ...signOff(business),
    ].join("\n"),
  };
}

export function quoteAcceptedClientEmail(
  q: QuoteFacts,
  acceptance: { name: string; at: Date },
  link: string,
  business: Business,
): QuoteMail {
  return {
    toAddress: q.client.email,
    replyTo: business.email,
    subject: `Quote ${q.number} accepted: thank you`,
    bodyText: [
      greeting(q.client.name),
      "",
      `Thank you: quote ${q.number} was accepted${visitorName(acceptance.name) === "there" ? "" : ` by ${visitorName(acceptance.name)}`} on ${formatMoment(acceptance.at)}. The accepted quote is attached as a PDF, and stays online here:`,
      "",
      link,
      "",
      ...amounts(q),
      "",
      `We will be in touch within one working day to agree a start date.${q.totals.depositCents ? " Our deposit invoice will follow." : ""}`,
      ...signOff(business),
    ].join("\n"),
  };
}

export function quoteStaffEmail(
  event: "viewed" | "accepted" | "declined",
  q: QuoteFacts & { id: number },
  detail: { name?: string; reason?: string | null; at: Date },
  siteUrl: string,
  business: Business,
  to: string,
): QuoteMail {
  const who = q.client.company ? `${q.client.name} (${q.client.company})` : q.client.name;
  const subject = {
    viewed: `Quote ${q.number} opened by ${who}`,
    accepted: `Quote ${q.number} accepted: ${formatCents(q.totals.grossCents)}`,
    declined: `Quote ${q.number} declined by ${who}`,
  }[event];
  const what = {
    viewed: `${who} opened quote ${q.number} for the first time on ${formatMoment(detail.at)}.`,
    accepted: `${detail.name} accepted quote ${q.number} for ${who} on ${formatMoment(detail.at)}.`,
    declined: `${who} declined quote ${q.number} on ${formatMoment(detail.at)}.`,
  }[event];
  return {
    toAddress: to,
    replyTo: q.client.email,
    subject,
    bodyText: [
      what,
      ...(event === "declined" ? ["", `Reason given: ${detail.reason?.trim() || "none"}`] : []),
      ...(event === "accepted" ? ["", ...amounts(q)] : []),
      "",
      `The quote: ${siteUrl}/admin/quotes/${q.id}`,
      "",
      `${business.name} website`,
    ].join("\n"),
  };
}
