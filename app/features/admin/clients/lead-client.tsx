import { Link } from "react-router";
import { sourceCountsText, sourceLabel } from "~/features/leads/lead-sources";
import { formatLeadDateTime } from "../leads/leads-query";
import { LeadStatusBadge } from "../leads/lead-panel";

// On an enquiry: the client it belongs to (a link to the client's page) and the client's other
// enquiries counted by source ("Also from this client: 2 bookings, 1 chat"), newest first, each
// opening its own page.

type LeadClientInfo = {
  client: { id: number; name: string; company: string };
  otherLeads: ReadonlyArray<{
    id: number;
    name: string;
    service: string | null;
    source: string;
    status: string;
    createdAt: string | Date;
  }>;
  otherCounts: ReadonlyArray<{ source: string; count: number }>;
};

const LABEL = "text-sm font-semibold uppercase tracking-wider text-slate-brand";
const LINK = "font-semibold text-navy-900 underline underline-offset-2 hover:no-underline";

export function LeadClient({ info }: { info: LeadClientInfo }) {
  const { client, otherLeads, otherCounts } = info;
  const counts = sourceCountsText(otherCounts);
  return (
    <>
      <section aria-labelledby="lead-client-heading">
        <h3 id="lead-client-heading" className={LABEL}>
          Client
        </h3>
        <p className="mt-1">
          <Link to={`/admin/clients/${client.id}`} className={LINK}>
            {client.name}
            {client.company && client.company !== client.name ? ` (${client.company})` : ""}
          </Link>
        </p>
      </section>
      <section aria-labelledby="lead-client-others-heading">
        <h3 id="lead-client-others-heading" className={LABEL}>
          Also from this client
          {counts && <span className="font-normal normal-case tracking-normal">: {counts}</span>}
        </h3>
        {otherLeads.length === 0 ? (
          <p className="mt-1 text-slate-brand">No other enquiries.</p>
        ) : (
          <ul className="mt-1 divide-y divide-mist">
            {otherLeads.map((lead) => (
              <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <Link to={`/admin/contacts?lead=${lead.id}`} className={LINK}>
                    {lead.service ? `${lead.service} enquiry` : "Enquiry"} from {lead.name}
                  </Link>
                  <span className="block text-sm text-slate-brand">
                    {sourceLabel(lead.source)} · {formatLeadDateTime(lead.createdAt)}
                  </span>
                </span>
                <LeadStatusBadge status={lead.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
