import type nodemailer from "nodemailer";
import type { SendMailOptions, Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

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

/** `send` answers the server's reply to the message ("250 2.0.0 OK …") where it gives one. */
export type MailTransport = { send(message: MailMessage): Promise<string | void>; close(): void };

/** What nodemailer needs to reach a server set up in the admin (features/mail/mail-settings.server.ts). */
export type SmtpServer = {
  host: string;
  port: number;
  /** "tls": TLS from the first byte (port 465); "starttls": upgrade required; "none": plain. */
  security: "none" | "starttls" | "tls";
  user: string;
  password: string;
};

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** SMTP through nodemailer, or null when SMTP_URL is not set. */
export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport | null {
  if (!smtpUrl) return null;
  // nodemailer reads transport options from the URL's query; add timeouts unless the URL sets them.
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(TIMEOUTS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  return wrap((nodemailer) => nodemailer.createTransport(url.toString()), from);
}

/** SMTP to a server set up in the admin. */
export function createSmtpTransport(server: SmtpServer, from: string): MailTransport {
  return wrap(
    (nodemailer) =>
      nodemailer.createTransport({
        host: server.host,
        port: server.port,
        secure: server.security === "tls",
        requireTLS: server.security === "starttls",
        ignoreTLS: server.security === "none",
        auth: server.user ? { user: server.user, pass: server.password } : undefined,
        ...TIMEOUTS,
      }),
    from,
  );
}

type Nodemailer = typeof nodemailer;

/**
 * nodemailer (over 400 KB of the server bundle) is loaded at the first message, not when a server
 * starts: most starts send nothing soon, and each start compiled and ran it (docs/architecture.md,
 * "Start-up").
 */
let nodemailerModule: Promise<Nodemailer> | undefined;
const loadNodemailer = () => (nodemailerModule ??= import("nodemailer").then((m) => m.default));

function wrap(
  create: (nodemailer: Nodemailer) => Transporter<SMTPTransport.SentMessageInfo>,
  from: string,
): MailTransport {
  let transporter: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  return {
    async send(message) {
      transporter ??= loadNodemailer().then(create);
      const mail: SendMailOptions = {
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
      };
      const info = await (await transporter).sendMail(mail);
      return info.response ?? "";
    },
    // A transporter still being made (nodemailer loading) is closed once it is there; one that could
    // not be made has nothing to close (its send already failed with the reason).
    close: () =>
      void transporter?.then(
        (t) => t.close(),
        () => {},
      ),
  };
}
