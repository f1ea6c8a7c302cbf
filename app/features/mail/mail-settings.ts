// The mail server as staff set it up (Settings > Mail; PUT /api/admin/settings/mail) and the test
// e-mail's address: one zod/mini schema each for the form and the API. Never imports server code.
import * as z from "zod/mini";

export const MAIL_SECURITY = ["starttls", "tls", "none"] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** How each choice reads in the form. */
export const MAIL_SECURITY_LABELS: Record<MailSecurity, string> = {
  starttls: "STARTTLS (port 587)",
  tls: "TLS (port 465)",
  none: "None (unencrypted)",
};

/** What GET /api/admin/settings/mail answers (never the password). */
export type MailStatus = {
  /** Whether e-mails can be sent (a mail server is set up, here or on the server). */
  configured: boolean;
  /** "env": SMTP_URL on the server (wins, read-only here); "admin": set up here; "none": nowhere. */
  source: "env" | "admin" | "none";
  /** Why the latest e-mails could not be sent, while they are waiting to be tried again; else null. */
  lastError: string | null;
  host: string | null;
  port: number | null;
  security: MailSecurity | null;
  user: string | null;
  from: string | null;
  /** Whether a password is stored (admin) or given (env). */
  passwordSet: boolean;
  /** The sender used when `from` is left empty. */
  defaultFrom: string;
};

const trimmed = z.pipe(
  z.string(),
  z.transform((v: string) => v.trim()),
);

/** "name@example.ie" or "Name <name@example.ie>". */
function isSender(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

export const MailSettingsSchema = z.object({
  host: z.pipe(
    trimmed,
    z
      .string()
      .check(
        z.minLength(1, "Enter the mail server's name, e.g. smtp.office365.com"),
        z.maxLength(253, "Enter the mail server's name, e.g. smtp.office365.com"),
        z.regex(
          /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i,
          "Enter the server's name only, e.g. smtp.office365.com (no smtp:// or spaces)",
        ),
      ),
  ),
  port: z
    .int({ error: "Enter the port as a number, usually 587 or 465" })
    .check(z.gte(1, "Enter a port from 1 to 65535"), z.lte(65_535, "Enter a port from 1 to 65535")),
  security: z.enum(MAIL_SECURITY, { error: "Choose how the connection is secured" }),
  user: z.pipe(trimmed, z.string().check(z.maxLength(254, "At most 254 characters"))),
  /** Empty or left out: keep the stored password. */
  password: z.optional(z.string().check(z.maxLength(500, "At most 500 characters"))),
  from: z.pipe(
    trimmed,
    z.string().check(
      z.maxLength(254, "At most 254 characters"),
      z.refine(
        (v) => v === "" || isSender(v),
        'Enter an address like website@yourcompany.ie or "Your Company <website@yourcompany.ie>", or leave it empty',
      ),
    ),
  ),
});
export type MailSettingsInput = z.infer<typeof MailSettingsSchema>;

export const TestMailSchema = z.object({
  to: z.pipe(trimmed, z.email({ error: "Enter the address to send the test e-mail to" })),
});
