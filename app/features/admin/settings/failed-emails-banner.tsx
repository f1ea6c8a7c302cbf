import { Link } from "react-router";
import type { FailedEmail } from "~/features/mail/failed-emails.server";
import { formatLeadDateTime } from "../leads/leads-query";

type Serialized = Omit<FailedEmail, "failedAt"> & { failedAt: string | Date };

/**
 * On the dashboard when the outbox gave up on e-mails (every attempt used up): they are never sent
 * by themselves, so it says which, and for whom, and what to do.
 */
export function FailedEmailsBanner({ failed }: { failed: { count: number; latest: ReadonlyArray<Serialized> } }) {
  if (failed.count === 0) return null;
  return (
    <section
      aria-labelledby="failed-emails-heading"
      className="mt-6 rounded-xl bg-red-50 p-4 text-navy-900 ring-1 ring-red-300 sm:p-5"
    >
      <h2 id="failed-emails-heading" className="text-lg font-semibold">
        {failed.count === 1 ? "1 e-mail could not be sent" : `${failed.count} e-mails could not be sent`}
      </h2>
      <p className="mt-1">
        Every attempt failed, so the site has stopped trying. Contact these people another way (phone or your own
        e-mail); each enquiry's timeline shows its failed e-mail.
      </p>
      <ul className="mt-3 space-y-1 text-sm [overflow-wrap:anywhere]">
        {failed.latest.map((m) => (
          <li key={m.id}>
            {formatLeadDateTime(m.failedAt)}: {m.subject} (to {m.to})
            {m.leadId !== null && (
              <>
                {" "}
                <Link to={`/admin/contacts?lead=${m.leadId}`} className="font-semibold underline">
                  Open {m.leadName ?? `enquiry #${m.leadId}`}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
