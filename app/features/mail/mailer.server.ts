import nodemailer from "nodemailer";

import type { IcalEvent } from "~/db/schema";

/**
 * `html`: an HTML alternative to the text (sent as multipart/alternative). `icalEvent`: a calendar
 * invitation, sent as nodemailer's icalEvent (a text/calendar alternative with its method, plus the
 * .ics attached), which Google Calendar and Outlook show as an invitation.
 */
export type MailMessage = {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
  icalEvent?: IcalEvent | null;
};
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailTransport = { send(message: MailMessage): Promise<void>; close(): void };

/** SMTP through nodemailer (pooled connections), or null when SMTP_URL is not set. */
export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport | null {
  if (!smtpUrl) return null;
  // nodemailer reads transport options from the URL's query; add timeouts unless the URL sets them.
  const url = new URL(smtpUrl);
  for (const [key, value] of [
    ["connectionTimeout", "10000"],
    ["greetingTimeout", "10000"],
    ["socketTimeout", "20000"],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        attachments: message.attachments,
        icalEvent: message.icalEvent
          ? {
              method: message.icalEvent.method,
              filename: message.icalEvent.method === "CANCEL" ? "cancel.ics" : "invite.ics",
              content: message.icalEvent.content,
            }
          : undefined,
      });
    },
    close: () => transporter.close(),
  };
}
