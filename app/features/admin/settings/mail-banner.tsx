import { Link } from "react-router";
import type { MailStatus } from "~/features/mail/mail-settings";

/**
 * On the dashboard, the inbox and an invoice while e-mail is not going out (no mail server set up, or
 * the latest sends failed): says what is waiting, and links to the set-up.
 */
export function MailBanner({
  mail,
  waiting = "New-lead e-mails to you and the auto-replies to visitors are waiting in the outbox.",
  canSetUp = true,
}: {
  mail: Pick<MailStatus, "configured" | "lastError">;
  /** What is waiting, in this page's words (the inbox's: new-lead e-mails and auto-replies). */
  waiting?: string;
  /** Whether this user may open Settings (owners): others are told who can. */
  canSetUp?: boolean;
}) {
  if (mail.configured && !mail.lastError) return null;
  return (
    <section
      aria-labelledby="mail-banner-heading"
      className="mt-6 rounded-xl bg-amber-50 p-4 text-navy-900 ring-1 ring-amber-300 sm:p-5"
    >
      <h2 id="mail-banner-heading" className="text-lg font-semibold">
        E-mails are not going out
      </h2>
      <p className="mt-1 [overflow-wrap:anywhere]">
        {mail.configured
          ? `The mail server refused the latest e-mails (${mail.lastError}).`
          : "No mail server is set up yet."}{" "}
        {waiting} They go out as soon as mail works; nothing is lost.
      </p>
      {canSetUp ? (
        <Link to="/admin/settings#mail" className="btn-dark mt-3 inline-block">
          {mail.configured ? "Check the mail settings" : "Set up mail"}
        </Link>
      ) : (
        <p className="mt-1">An owner sets mail up in Settings.</p>
      )}
    </section>
  );
}
