import { Link } from "react-router";
import { sourceLabel } from "~/features/leads/lead-sources";
import { formatLeadDateTime } from "./leads/leads-query";
import { LeadStatusBadge } from "./leads/lead-panel";
import type { LatestEnquiry } from "./latest-enquiries.server";

// The dashboard's newest enquiries: each opens in the inbox's enquiry dialog (?lead=id).

type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string | Date : T[K] extends Date | null ? string | Date | null : T[K];
};

export function LatestEnquiries({ enquiries }: { enquiries: ReadonlyArray<Json<LatestEnquiry>> }) {
  return (
    <section
      aria-labelledby="latest-enquiries-heading"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="latest-enquiries-heading" className="text-xl font-bold">
          Latest enquiries
        </h2>
        <Link to="/admin/contacts" className="btn-outline !min-h-10 text-sm">
          Open the inbox
        </Link>
      </div>
      {enquiries.length === 0 ? (
        <p className="mt-3 text-slate-brand">
          No enquiries yet. They appear here as soon as someone uses the contact form, the chat, the estimate or books a
          survey.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-mist">
          {enquiries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0">
                <Link
                  to={`/admin/contacts?lead=${e.id}`}
                  className={`text-navy-900 underline underline-offset-2 ${e.readAt ? "font-medium" : "font-bold"}`}
                >
                  {e.name}
                  {!e.readAt && <span className="sr-only"> (unread)</span>}
                </Link>
                {e.service && <span className="text-slate-brand"> · {e.service}</span>}
                <span className="block text-sm text-slate-brand">
                  {formatLeadDateTime(e.createdAt)} · {sourceLabel(e.source)}
                </span>
              </span>
              <LeadStatusBadge status={e.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
