import type { Business } from "~/config";
import { visitorName } from "~/features/leads/visitor-text";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import type { RetentionRelease } from "./invoice-maths";

// The e-mails chasing and retention send (issue 38): an overdue invoice's reminder to the client,
// and the reminder to staff to raise a retention invoice. Plain text, letters from the office.

export type BillingMail = { toAddress: string; replyTo: string | null; subject: string; bodyText: string };

export type Bank = { accountName: string; iban: string; bic: string };

/** "IE29 AIBK 9311 5212 3456 78": an IBAN as people read it, in groups of four. */
export const printedIban = (iban: string) =>
  iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");

function greeting(name: string): string {
  const first = visitorName(name.trim().split(/\s+/)[0] ?? name);
  return first === "there" ? "Hello there," : `Dear ${first},`;
}

const signOff = (business: Business) => ["", "Kind regards,", business.name, `${business.phone} · ${business.email}`];

export type OverdueFacts = {
  number: string;
  dueOn: string;
  balanceCents: number;
  /** The client's page for the invoice (/i/<token>). */
  link: string;
  /** Who it goes to: the contact's name and e-mail. */
  name: string;
  email: string;
  /** 1 for the first reminder of INVOICE_REMINDER_DAYS. */
  reminder: number;
};

export function overdueReminderEmail(facts: OverdueFacts, business: Business, bank: Bank | undefined): BillingMail {
  const opening =
    facts.reminder === 1
      ? `Just a friendly reminder that invoice ${facts.number} was due for payment on ${formatDay(facts.dueOn)}, and ${formatCents(facts.balanceCents)} is still outstanding on it.`
      : `We are following up on invoice ${facts.number}, which was due for payment on ${formatDay(facts.dueOn)}: ${formatCents(facts.balanceCents)} is still outstanding on it.`;
  const howToPay = bank
    ? [
        "To pay by bank transfer:",
        `Account name: ${bank.accountName}`,
        `IBAN: ${printedIban(bank.iban)}`,
        `BIC: ${bank.bic}`,
        `Payment reference: ${facts.number}`,
      ]
    : [`When you pay, please quote ${facts.number} as the payment reference so we can match it to the invoice.`];
  return {
    toAddress: facts.email,
    replyTo: business.email,
    subject: `Invoice ${facts.number}: ${formatCents(facts.balanceCents)} now overdue`,
    bodyText: [
      greeting(facts.name),
      "",
      opening,
      "If it is already on its way, thank you, and please ignore this note: transfers can take a day or two to reach us.",
      "",
      "You can view the invoice, download a copy and see what is left to pay here:",
      facts.link,
      "",
      `Amount owed: ${formatCents(facts.balanceCents)}`,
      `Due date: ${formatDay(facts.dueOn)}`,
      "",
      ...howToPay,
      "",
      `If anything on the invoice needs sorting out first, or it would help to talk about timing, just reply to this e-mail or ring us on ${business.phone}.`,
      ...signOff(business),
    ].join("\n"),
  };
}

export type RetentionFacts = {
  jobNumber: string;
  title: string;
  release: RetentionRelease;
  dueOn: string;
  amountCents: number;
  /** The job card in the admin. */
  jobLink: string;
};

const HALF: Record<RetentionRelease, string> = {
  completion: "first half of the retention (released at completion)",
  defects: "second half of the retention (released at the end of the defects period)",
};

export function retentionReminderEmail(facts: RetentionFacts, staff: string, business: Business): BillingMail {
  return {
    toAddress: staff,
    replyTo: null,
    subject: `Retention due on job ${facts.jobNumber}: raise the retention invoice`,
    bodyText: [
      "Hello,",
      "",
      `The ${HALF[facts.release]} on job ${facts.jobNumber}${facts.title ? ` (${facts.title})` : ""} came due on ${formatDay(facts.dueOn)}: ${formatCents(facts.amountCents)} before VAT.`,
      "Raise the retention invoice from the job so the client is asked for it:",
      facts.jobLink,
      "",
      "This reminder is sent once.",
      business.name,
    ].join("\n"),
  };
}
