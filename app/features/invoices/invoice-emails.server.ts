import type { Business } from "~/config";
import { visitorName } from "~/features/leads/visitor-text";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import type { IssuedInvoice } from "./invoice-documents.server";
import { balanceOf } from "./invoice-view";

// The e-mail that takes an invoice or credit note to the client (issue 38): short, plain text, a
// letter from the office. The amount and the date it is due come first, then the link to the
// client's page (where the bank details are, with a copy button); the PDF and the e-invoice
// (<number>.xml, for accounts software) are attached. Staff may add a covering note.

export type InvoiceMail = { toAddress: string; replyTo: string | null; subject: string; bodyText: string };

/** "Dear Aoife," from the client's contact (the buyer printed may be a company), else "Hello,". */
function greeting(name: string | null): string {
  if (!name?.trim()) return "Hello,";
  const first = visitorName(name.trim().split(/\s+/)[0] ?? name);
  return first === "there" ? "Hello," : `Dear ${first},`;
}

export function invoiceSentEmail(
  row: IssuedInvoice,
  link: string,
  business: Business,
  options: { message?: string; jobTitle?: string | null; contactName?: string | null },
): InvoiceMail {
  const credit = row.kind === "credit-note";
  const note = options.message?.trim() ? ["", options.message.trim()] : [];
  const forJob = options.jobTitle ? ` for ${options.jobTitle}` : "";
  const owed = balanceOf(row);
  const body = credit
    ? [
        `Please find attached credit note ${row.number}${forJob}, for ${formatCents(row.grossCents)}.${row.reason ? ` ${row.reason.replace(/\.?$/, ".")}` : ""} There is nothing to pay on it.`,
        "",
        "You can view it and download the PDF here:",
        link,
      ]
    : [
        `Please find attached invoice ${row.number}${forJob}.`,
        "",
        `Amount due: ${formatCents(owed)}`,
        ...(row.dueOn ? [`Due by: ${formatDay(row.dueOn)}`] : []),
        `Payment reference: ${row.number}`,
        "",
        "Our bank details, the PDF and a copy for your accounts software are on your invoice page:",
        link,
      ];
  return {
    toAddress: row.buyer.email,
    replyTo: business.email,
    subject: credit
      ? `Credit note ${row.number} from ${business.name}`
      : `Invoice ${row.number} from ${business.name}: ${formatCents(owed)}${row.dueOn ? ` due ${formatDay(row.dueOn)}` : ""}`,
    bodyText: [
      greeting(options.contactName ?? null),
      ...note,
      "",
      ...body,
      "",
      `Any questions about it, just reply to this e-mail or ring us on ${business.phone}.`,
      "",
      "Thanks,",
      business.name,
      `${business.phone} · ${business.email}`,
    ].join("\n"),
  };
}
