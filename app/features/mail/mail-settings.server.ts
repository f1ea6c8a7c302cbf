import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox, type StoredMail } from "~/db/schema";
import { openSecret, sealSecret } from "~/features/security/sealed-secret.server";
import { createSmtpTransport, type MailTransport } from "./mailer.server";
import type { MailSettingsInput, MailStatus } from "./mail-settings";

const PASSWORD_PURPOSE = "ic-interiors/smtp-password/v1";
const PASSWORD_CONTEXT = "site_settings.mail";

/**
 * Where the site's e-mail goes out: SMTP_URL on the server wins (and the admin shows it read-only),
 * else the mail server set up in Settings > Mail, read afresh before each outbox run so a change on
 * any server is used without a restart.
 */
export type MailSource = {
  /** The transport to send with now, or null: mail is not set up. */
  current(): Promise<MailTransport | null>;
  status(): Promise<MailStatus>;
  /** What PUT /api/admin/settings/mail stores: the password sealed; an empty one keeps the stored one. */
  toStored(input: MailSettingsInput): StoredMail;
  /** Sends a test e-mail now: the server's answer, or what went wrong in words. */
  test(to: string): Promise<{ ok: true; message: string } | { ok: false; message: string }>;
  /** E-mails waiting after failures are due again now (the set-up changed or a test got through). */
  retryWaiting(): Promise<void>;
  close(): void;
};

export function createMailSource({
  db,
  envTransport,
  smtpUrl,
  mailFromEnv,
  appSecret,
  stored,
  refresh,
  defaultFrom,
  siteName,
}: {
  db: () => Db;
  /** From SMTP_URL (or a test's own); non-null: the server's settings win. */
  envTransport: MailTransport | null;
  smtpUrl: string | undefined;
  mailFromEnv: string | undefined;
  appSecret: Buffer;
  /** The admin's settings as last loaded. */
  stored: () => StoredMail | null;
  /** Reloads the settings if another server changed them. */
  refresh: () => Promise<void>;
  /** The sender when none is set: from the business's name and e-mail. */
  defaultFrom: () => string;
  siteName: () => string;
}): MailSource {
  let built: { key: string; transport: MailTransport } | undefined;

  const adminTransport = (): MailTransport | null => {
    const mail = stored();
    if (!mail) {
      built?.transport.close();
      built = undefined;
      return null;
    }
    const from = mail.from || defaultFrom();
    const key = JSON.stringify({ ...mail, from });
    if (built?.key !== key) {
      built?.transport.close();
      const password = mail.sealedPassword
        ? (openSecret(mail.sealedPassword, appSecret, PASSWORD_PURPOSE, PASSWORD_CONTEXT) ?? "")
        : "";
      built = { key, transport: createSmtpTransport({ ...mail, password }, from) };
    }
    return built.transport;
  };

  const current = async () => {
    // Also keeps the business's facts fresh for what runs outside requests (digest, reminders); a
    // database fault keeps the last known settings (the outbox's own query reports it).
    await refresh().catch(() => {});
    return envTransport ?? adminTransport();
  };

  return {
    current,
    async status() {
      const [failing] = await db()
        .select({ lastError: emailOutbox.lastError })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.status, ["pending", "sending"]), isNotNull(emailOutbox.lastError)))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      const lastError = failing?.lastError ?? null;
      if (envTransport) {
        const url = smtpUrl ? new URL(smtpUrl) : null;
        return {
          configured: true,
          source: "env",
          lastError,
          host: url?.hostname ?? null,
          port: url ? Number(url.port) || (url.protocol === "smtps:" ? 465 : 587) : null,
          security: url ? (url.protocol === "smtps:" ? "tls" : "starttls") : null,
          user: url ? decodeURIComponent(url.username) || null : null,
          from: mailFromEnv ?? defaultFrom(),
          passwordSet: Boolean(url?.password),
          defaultFrom: defaultFrom(),
        };
      }
      await refresh();
      const mail = stored();
      if (!mail)
        return {
          configured: false,
          source: "none",
          lastError,
          host: null,
          port: null,
          security: null,
          user: null,
          from: null,
          passwordSet: false,
          defaultFrom: defaultFrom(),
        };
      return {
        configured: true,
        source: "admin",
        lastError,
        host: mail.host,
        port: mail.port,
        security: mail.security,
        user: mail.user,
        from: mail.from,
        passwordSet: Boolean(mail.sealedPassword),
        defaultFrom: defaultFrom(),
      };
    },
    toStored(input) {
      const before = stored();
      const { password, ...rest } = input;
      return {
        ...rest,
        sealedPassword: password
          ? sealSecret(password, appSecret, PASSWORD_PURPOSE, PASSWORD_CONTEXT)
          : (before?.sealedPassword ?? null),
      };
    },
    async test(to) {
      const transport = await current();
      if (!transport)
        return { ok: false, message: "Mail is not set up yet: enter your mail server's details and save them first." };
      try {
        const answer = await transport.send({
          to,
          subject: `Test e-mail from the ${siteName()} website`,
          text: [
            `This is a test e-mail from your website's admin (Settings > Mail).`,
            "",
            "It arrived, so new-lead e-mails and the auto-replies to visitors are going out through this mail server.",
          ].join("\n"),
        });
        return { ok: true, message: `Sent to ${to}. The mail server answered: ${answer || "OK"}` };
      } catch (error) {
        return { ok: false, message: inWords(error) };
      }
    },
    async retryWaiting() {
      await db()
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(emailOutbox.status, "pending"));
    },
    close() {
      envTransport?.close();
      built?.transport.close();
      built = undefined;
    },
  };
}

/** nodemailer's error as a sentence staff can act on, with the server's own words after it. */
export function inWords(error: unknown): string {
  const { code, message, response } = (error ?? {}) as { code?: unknown; message?: unknown; response?: unknown };
  const detail =
    typeof response === "string" && response ? response : typeof message === "string" ? message : String(error);
  const lead =
    code === "ECONNREFUSED" || detail.includes("ECONNREFUSED")
      ? "The mail server refused the connection: check the server name and port."
      : code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(detail)
        ? "No mail server by that name was found: check the server name."
        : code === "ETIMEDOUT" || /timeout|ETIMEDOUT/i.test(detail)
          ? "The mail server did not answer in time: check the server name, the port and the security setting."
          : code === "EAUTH"
            ? "The mail server did not accept the user name or password."
            : code === "ETLS" || /TLS|SSL|certificate|wrong version number/i.test(detail)
              ? "A secure connection could not be made: check the security setting (STARTTLS with port 587, TLS with 465)."
              : code === "EENVELOPE"
                ? "The mail server refused the sender or the recipient."
                : "The mail server could not send it.";
  return `${lead} It said: ${detail}`.slice(0, 600);
}
