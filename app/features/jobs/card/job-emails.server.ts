import type { Business } from "~/config";
import type { JobRow } from "~/db/schema";
import { formatMoment } from "~/features/quotes/quote-dates";
import { visitorName } from "~/features/leads/visitor-text";

// The e-mails a sign-off sends, plain text like the quote's: staff are told the job is complete,
// the client gets the handover pack (attached by the outbox when it sends: the pack's PDF and the
// job's documents).

export type JobMail = { toAddress: string; replyTo: string | null; subject: string; bodyText: string };

function greeting(name: string): string {
  const first = visitorName(name.trim().split(/\s+/)[0] ?? name);
  return first === "there" ? "Hello there," : `Dear ${first},`;
}

export function signedOffStaffEmail(
  job: Pick<JobRow, "id" | "number" | "title">,
  signOff: { name: string; at: Date },
  siteUrl: string,
  business: Business,
  to: string,
  clientEmail: string | null,
): JobMail {
  return {
    toAddress: to,
    replyTo: clientEmail,
    subject: `Job ${job.number} signed off by ${signOff.name}`,
    bodyText: [
      `${signOff.name} signed off job ${job.number}${job.title ? ` (${job.title})` : ""} on ${formatMoment(signOff.at)}. The job is complete.`,
      "",
      clientEmail
        ? "The client has been sent the handover pack."
        : "The client has no e-mail address: send them the handover pack yourself.",
      "",
      `The job card: ${siteUrl}/admin/jobs/${job.id}`,
      `The handover pack: ${siteUrl}/api/admin/jobs/${job.id}/handover.pdf`,
      "",
      `${business.name} website`,
    ].join("\n"),
  };
}

export function handoverClientEmail(
  job: Pick<JobRow, "number" | "title">,
  clientName: string,
  signOff: { name: string; at: Date },
  link: string,
  business: Business,
  to: string,
): JobMail {
  return {
    toAddress: to,
    replyTo: business.email,
    subject: `Your handover pack for job ${job.number} from ${business.name}`,
    bodyText: [
      greeting(clientName),
      "",
      `Thank you for signing off job ${job.number}${job.title ? ` (${job.title})` : ""} on ${formatMoment(signOff.at)}.`,
      "Your handover pack is attached: the work delivered, the dates and crew, photos of the finished work, the snags and how they were closed, and the documents (also attached).",
      "",
      `You can download it again from your job's page: ${link}`,
      "",
      `If anything needs attention, reply to this e-mail or ring us on ${business.phone}.`,
      "",
      "Kind regards,",
      business.name,
      `${business.phone} · ${business.email}`,
    ].join("\n"),
  };
}
