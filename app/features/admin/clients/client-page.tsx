import { useState, type FormEvent, type ReactNode } from "react";
import { data, Link } from "react-router";
import { JOB_STATUS_LABELS } from "~/features/jobs/job-status";
import { buttonClass } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { EditingForm, FormAlert } from "~/components/ui/form";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { validateClient } from "~/features/clients/client-schema";
import { getClientDetail } from "~/features/clients/clients.server";
import { sourceLabel } from "~/features/leads/lead-sources";
import { formatMoment } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import { LeadStatusBadge } from "../leads/lead-panel";
import { useMutation } from "../list/mutation";
import { idParam } from "../list/resource-api.server";
import { QuoteStatusBadge } from "../quotes/quote-status-badge";
import type { Route } from "./+types/client-page";
import { ClientFields, clientPayload } from "./client-form";
import { MergeClientDialog } from "./merge-client-dialog";
import { NewJobDialog } from "./new-job-dialog";
import { ClientStatement } from "./client-statement";
import { clientStatement } from "~/features/invoices/statement.server";
import { latestReviewRequest } from "~/features/reviews/review-requests.server";
import { ReviewRequestButton } from "../reviews/review-request-button";
import { adminNotFound } from "../admin-not-found-content";

// /admin/clients/:id (issue 37): the client's details and contacts (an editable form, PUT
// /api/admin/clients/:id), and everything of theirs newest first: enquiries (to their pages),
// site surveys, quotes and jobs. "Merge another client into this one" takes in a duplicate.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Client");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/clients/:id");
  const id = idParam(params.id);
  const client = id === null ? null : await getClientDetail(context.services.database.db, id);
  if (!client) throw adminNotFound("There is no client with this id. It may have been merged into another.");
  const statement = await clientStatement(context.services.database.db, client.id);
  const latestReview = await latestReviewRequest(context.services.database.db, client.id);
  return data({ client, statement, latestReview }, { headers: adminHeaders() });
}

type Detail = Route.ComponentProps["loaderData"]["client"];

const BOOKING_LABELS: Record<string, string> = { booked: "Booked", requested: "Requested", cancelled: "Cancelled" };
const en = (n: number) => n.toLocaleString("en-IE");
const when = (at: string | Date) => formatMoment(new Date(at));
const LINK = "font-semibold text-navy-900 underline underline-offset-2 hover:no-underline";

export default function ClientPage({ loaderData }: Route.ComponentProps) {
  const { client, statement } = loaderData;
  const [merging, setMerging] = useState<number | null>(null);
  const [starting, setStarting] = useState<number | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/admin/clients" className={LINK}>
              Clients
            </Link>
          </p>
          <h1 className="mt-1 break-words text-3xl font-bold">{client.name}</h1>
          <p className="mt-2 text-sm text-slate-brand">
            {[
              client.company,
              `${en(client.leads.length)} ${client.leads.length === 1 ? "enquiry" : "enquiries"}`,
              `client since ${when(client.createdAt)}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-dark" onClick={() => setStarting((n) => (n ?? 0) + 1)}>
            Start a job
          </button>
          <button type="button" className={buttonClass.light} onClick={() => setMerging((n) => (n ?? 0) + 1)}>
            Merge another client into this one
          </button>
        </div>
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* Keyed by the saved time: a save or a merge shows the stored values afresh. */}
        <ClientDetailsForm key={String(client.updatedAt)} client={client} />
        <div className="space-y-6">
          <ClientLeads client={client} />
          <ClientBookings client={client} />
          <ClientQuotes client={client} />
          <ClientJobs client={client} />
          <ClientReview client={client} latest={loaderData.latestReview} />
        </div>
      </div>
      <div className="mt-6">{statement && <ClientStatement statement={statement} />}</div>
      <MergeClientDialog client={client} open={merging} onClose={() => setMerging(null)} />
      <NewJobDialog key={starting} client={client} open={starting} onClose={() => setStarting(null)} />
    </>
  );
}

function ClientDetailsForm({ client }: { client: Detail }) {
  const { mutate, pending, formError, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = validateClient(clientPayload(new FormData(event.currentTarget)));
    if (!checked.ok) return showFieldErrors(checked.errors);
    await mutate("PUT", `/api/admin/clients/${client.id}`, checked.data, {
      success: { title: "Client updated", description: "The client has been updated successfully" },
      failure: "Failed to update client",
    });
  }
  return (
    <Card title="Details and contacts" className="self-start">
      <EditingForm
        formRef={formRef}
        onSubmit={onSubmit}
        onFieldEdited={clearFieldError}
        className="mt-4 space-y-5"
        aria-label="Client details"
      >
        <ClientFields client={client} errors={fieldErrors} />
        {formError && <FormAlert>{formError}</FormAlert>}
        <button type="submit" className="btn-dark" disabled={pending}>
          {pending ? "Saving..." : "Save Changes"}
        </button>
      </EditingForm>
    </Card>
  );
}

/** One of the client's lists: a line per item, or what to say when there is none. */
function History<T extends { id: number }>({
  title,
  items,
  none,
  children,
}: {
  title: string;
  items: ReadonlyArray<T>;
  none: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Card title={`${title} (${en(items.length)})`}>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-brand">{none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-mist" aria-label={title}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ClientLeads({ client }: { client: Detail }) {
  return (
    <History title="Enquiries" items={client.leads} none="No enquiries from this client yet.">
      {(lead) => (
        <>
          <div className="min-w-0">
            <Link to={`/admin/contacts?lead=${lead.id}`} className={LINK}>
              {lead.service ? `${lead.service} enquiry` : "Enquiry"} from {lead.name}
            </Link>
            <p className="break-all text-sm text-slate-brand">
              {when(lead.createdAt)} · {sourceLabel(lead.source)} · {lead.email}
            </p>
          </div>
          <LeadStatusBadge status={lead.status} />
        </>
      )}
    </History>
  );
}

function ClientBookings({ client }: { client: Detail }) {
  return (
    <History title="Site surveys" items={client.bookings} none="No site surveys booked.">
      {(booking) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold">{when(booking.startAt)}</p>
            <p className="break-words text-sm text-slate-brand">{booking.location}</p>
          </div>
          <span className="text-sm font-semibold">{BOOKING_LABELS[booking.status] ?? booking.status}</span>
        </>
      )}
    </History>
  );
}

function ClientQuotes({ client }: { client: Detail }) {
  return (
    <History title="Quotes" items={client.quotes} none="No quotes yet.">
      {(quote) => (
        <>
          <div>
            <Link to={`/admin/quotes/${quote.id}`} className={LINK}>
              Quote {quote.number}
            </Link>
            <p className="text-sm text-slate-brand">{when(quote.createdAt)}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="tabular-nums">{formatCents(quote.grossCents)}</span>
            <QuoteStatusBadge quote={quote} />
          </div>
        </>
      )}
    </History>
  );
}

/** Issue 39: ask the client for a review of their newest finished job. */
function ClientReview({
  client,
  latest,
}: {
  client: Detail;
  latest: Route.ComponentProps["loaderData"]["latestReview"];
}) {
  const finished = client.jobs.find((j) => j.status === "complete");
  if (!finished) return null;
  return (
    <Card title="Review">
      <p className="mt-1 text-sm">
        About job {finished.number}
        {finished.title && ` · ${finished.title}`}
      </p>
      <div className="mt-3">
        <ReviewRequestButton jobId={finished.id} latest={latest} />
      </div>
    </Card>
  );
}

function ClientJobs({ client }: { client: Detail }) {
  return (
    <History
      title="Jobs"
      items={client.jobs}
      none="No jobs yet: a client accepting a quote starts one, or Start a job above."
    >
      {(job) => (
        <>
          <div>
            <p>
              <Link to={`/admin/jobs/${job.id}`} className={LINK}>
                Job {job.number}
              </Link>
              {job.title && <span> · {job.title}</span>}
            </p>
            <p className="text-sm text-slate-brand">{when(job.createdAt)}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="tabular-nums">{formatCents(job.valueCents)}</span>
            <span className="text-sm font-semibold">{JOB_STATUS_LABELS[job.status]}</span>
          </div>
        </>
      )}
    </History>
  );
}
