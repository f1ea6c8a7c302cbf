import { useEffect, useState } from "react";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { useToast } from "~/components/ui/toast";
import { useBusiness } from "~/root";
import { apiRequest, failureWords } from "~/api/api-client";
import { useMutation } from "../list/mutation";
import { EstimateSummary } from "~/features/estimate/estimate-summary";
import { sourceLabel, spamReasonLabel } from "~/features/leads/lead-sources";
import { LeadQuotes } from "../quotes/lead-quotes";
import { LeadClient } from "../clients/lead-client";
import { formatLeadDateTime } from "./leads-query";
import type { LeadDetail } from "./leads.server";
import { EmailAddress, PhoneNumber } from "./contact-text";
import {
  LeadNoteForm,
  LeadPipelineForm,
  LeadStatusBadge,
  LeadTimeline,
  type LeadState,
  type StaffMember,
} from "./lead-panel";

type Detail = NonNullable<LeadDetail>;

const LABEL = "text-sm font-semibold uppercase tracking-wider text-slate-brand";

/** Where an enquiry came from (other than the contact form) and how promising the chat thought it was. */
export function LeadBadges({ row }: { row: { source: string; leadQuality: string | null } }) {
  return (
    <>
      {row.source !== "contact-form" && (
        <span className="rounded-full bg-teal-brand px-2 py-0.5 text-xs font-bold text-white">
          {sourceLabel(row.source)}
        </span>
      )}
      {row.leadQuality && (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${row.leadQuality === "hot" ? "bg-red-700 text-white" : "bg-amber-brand text-navy-950"}`}
        >
          {row.leadQuality === "hot" ? "Hot" : "Warm"}
        </span>
      )}
    </>
  );
}

/**
 * One enquiry. Its details are read from the JSON API when it is opened, not with the list: the
 * API records who opened which enquiry in the audit log, and opening an unread one marks it read.
 */
export function LeadDialog({
  viewing,
  staff,
  onClose,
}: {
  viewing: { id: number } | null;
  staff: ReadonlyArray<StaffMember>;
  onClose: () => void;
}) {
  const mutation = useMutation();
  return (
    <Dialog open={viewing} onClose={onClose} busy={mutation.pending}>
      {viewing && <Enquiry key={viewing.id} id={viewing.id} staff={staff} mutation={mutation} onClose={onClose} />}
    </Dialog>
  );
}

function Enquiry({
  id,
  staff,
  mutation,
  onClose,
}: {
  id: number;
  staff: ReadonlyArray<StaffMember>;
  mutation: ReturnType<typeof useMutation>;
  onClose: () => void;
}) {
  const businessName = useBusiness().name;
  const toast = useToast();
  const { mutate, pending } = mutation;
  const [detail, setDetail] = useState<Detail | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const loaded = await apiRequest<Detail>("GET", `/api/admin/contacts/${id}`);
        if (cancelled) return;
        setDetail(loaded);
        if (loaded.readAt) return;
        // Opening an enquiry marks it read (quietly: if that fails it simply stays unread).
        const marked = await mutate<{ readAt: string }>("PATCH", `/api/admin/contacts/${id}`, { read: true });
        if (marked.ok && !cancelled) setDetail({ ...loaded, readAt: new Date(marked.data.readAt) });
      } catch (error) {
        toast({
          variant: "destructive",
          title: "Failed to fetch contact submissions",
          description: failureWords(error),
        });
        onClose();
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per enquiry opened (the dialog is keyed by it); mutate, toast and onClose do not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  /** The notes and timeline after a change (quietly: the change itself already succeeded). */
  async function reloadHistory(lead?: LeadState) {
    try {
      const history = await apiRequest<Pick<Detail, "notes" | "timeline">>("GET", `/api/admin/contacts/${id}/history`);
      setDetail((d) => (d ? { ...d, ...(lead ? (lead as Partial<Detail>) : {}), ...history } : d));
    } catch {
      if (lead) setDetail((d) => (d ? { ...d, ...(lead as Partial<Detail>) } : d));
    }
  }

  async function markUnread() {
    const done = await mutate(
      "PATCH",
      `/api/admin/contacts/${id}`,
      { read: false },
      {
        success: { title: "Marked as unread", description: "The enquiry is back in the Unread list." },
        failure: "Failed to update enquiry",
      },
    );
    if (done.ok) onClose();
  }

  async function release() {
    const done = await mutate(
      "PATCH",
      `/api/admin/contacts/${id}`,
      { spam: false },
      {
        success: {
          title: "Moved to the inbox",
          description: "The enquiry is in the inbox, and its notification and auto-reply are on their way.",
        },
        failure: "Failed to move the enquiry",
      },
    );
    if (done.ok) onClose();
  }

  async function erase() {
    if (!detail) return;
    if (!window.confirm(`Are you sure you want to delete this enquiry from ${detail.name}? This cannot be undone.`))
      return;
    const done = await mutate("DELETE", `/api/admin/contacts/${id}`, undefined, {
      success: { title: "Enquiry deleted", description: "The enquiry and its details have been deleted." },
      failure: "Failed to delete enquiry",
    });
    if (done.ok) onClose();
  }

  return (
    <>
      <DialogBody>
        <DialogTitle>{detail ? `Enquiry from ${detail.name}` : "Loading enquiry…"}</DialogTitle>
        {detail?.spam && (
          <p role="note" className="rounded-lg bg-amber-brand/15 p-3 text-sm ring-1 ring-amber-brand/40">
            <strong>In Spam:</strong> {spamReasonLabel(detail.spamReason)}. It was not e-mailed to you and the visitor
            got no auto-reply. If it is a real enquiry, choose <strong>Not spam</strong>.
          </p>
        )}
        {detail && <EnquiryDetails detail={detail} />}
        {detail?.client && <LeadClient info={detail.client} />}
        {detail && !detail.spam && (
          <>
            <LeadQuotes leadId={id} name={detail.name} />
            <LeadPipelineForm
              key={`${detail.status}-${detail.valueEur}-${detail.assigneeId}-${String(detail.followUpAt)}`}
              lead={detail}
              staff={staff}
              onSaved={(lead) => void reloadHistory(lead)}
            />
            <LeadNoteForm leadId={id} onAdded={() => void reloadHistory()} />
            <LeadTimeline items={detail.timeline} staff={staff} />
          </>
        )}
      </DialogBody>
      <DialogFooter between>
        <div className="flex flex-wrap gap-2">
          {detail?.spam && (
            <button
              type="button"
              className="btn-dark !min-h-10 text-sm"
              onClick={() => void release()}
              disabled={pending}
            >
              Not spam: move to inbox
            </button>
          )}
          {detail?.readAt && !detail.spam && (
            <button
              type="button"
              className="btn-outline !min-h-10 text-sm"
              onClick={() => void markUnread()}
              disabled={pending}
            >
              Mark as unread
            </button>
          )}
          {detail && (
            <button
              type="button"
              className="btn !min-h-10 bg-red-700 text-sm text-white hover:bg-red-800"
              onClick={() => void erase()}
              disabled={pending}
            >
              Delete
            </button>
          )}
        </div>
        <div className="flex gap-2">
          <DialogClose />
          {detail && (
            <a
              href={`mailto:${detail.email}?subject=${encodeURIComponent(`Re: your enquiry to ${businessName}${detail.service ? ` (${detail.service})` : ""}`)}`}
              className="btn-dark !min-h-10 text-sm"
            >
              Reply via Email
            </a>
          )}
        </div>
      </DialogFooter>
    </>
  );
}

function EnquiryDetails({ detail }: { detail: Detail }) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <LeadStatusBadge status={detail.status} />
        <LeadBadges row={detail} />
      </div>
      <section aria-labelledby="contact-info-heading">
        <h3 id="contact-info-heading" className={LABEL}>
          Contact information
        </h3>
        <p className="mt-1 font-medium">{detail.name}</p>
        <p>
          <a href={`mailto:${detail.email}`} className="text-teal-brand underline">
            <EmailAddress email={detail.email} />
          </a>
        </p>
        {detail.phone && (
          <p>
            <a href={`tel:${detail.phone.replace(/[^\d+]/g, "")}`} className="text-teal-brand underline">
              <PhoneNumber phone={detail.phone} />
            </a>
          </p>
        )}
      </section>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={LABEL}>Date submitted</dt>
          <dd className="mt-1">{formatLeadDateTime(detail.createdAt)}</dd>
        </div>
        <div>
          <dt className={LABEL}>Service requested</dt>
          <dd className="mt-1">{detail.service || "Not specified"}</dd>
        </div>
        <div>
          <dt className={LABEL}>Status</dt>
          <dd className="mt-1">{detail.readAt ? `Read on ${formatLeadDateTime(detail.readAt)}` : "Unread"}</dd>
        </div>
        <div>
          <dt className={LABEL}>Notification e-mail</dt>
          <dd className="mt-1">{notificationText(detail.notification)}</dd>
        </div>
        {(detail.landingPage || detail.referrer) && (
          <div className="min-w-0 sm:col-span-2">
            <dt className={LABEL}>Came from</dt>
            {/* Addresses are long unbroken words: they wrap anywhere rather than widen the dialog. */}
            <dd className="mt-1 [overflow-wrap:anywhere]">
              {[
                detail.landingPage && `Landing page ${detail.landingPage}`,
                detail.referrer && `via ${detail.referrer}`,
                detail.utm &&
                  Object.entries(detail.utm)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(", "),
              ]
                .filter(Boolean)
                .join(" · ")}
            </dd>
          </div>
        )}
      </dl>
      <section aria-labelledby="contact-message-heading">
        <h3 id="contact-message-heading" className={LABEL}>
          Message
        </h3>
        <p className="mt-1 whitespace-pre-line rounded-lg bg-paper p-4">{detail.message || "No message provided"}</p>
      </section>
      {detail.estimate && <EstimateSummary estimate={detail.estimate} heading="Instant estimate" />}
      {detail.transcript && detail.transcript.length > 0 && (
        <section aria-labelledby="contact-transcript-heading">
          <h3 id="contact-transcript-heading" className={LABEL}>
            Chat transcript
          </h3>
          <ol className="mt-2 max-h-64 space-y-2 overflow-auto rounded-lg bg-paper p-4 text-sm">
            {detail.transcript.map((m, i) => (
              <li key={i}>
                <span className="font-semibold">{m.sender === "bot" ? "Assistant" : "Visitor"}:</span> {m.text}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

function notificationText(n: Detail["notification"]): string {
  if (!n) return "None";
  if (n.status === "sent" && n.sentAt) return `Sent ${formatLeadDateTime(n.sentAt)}`;
  if (n.status === "failed") return `Failed after ${n.attempts} attempts${n.lastError ? ` (${n.lastError})` : ""}`;
  if (n.attempts === 0) return "Waiting to send (mail not set up yet?)";
  return `Waiting to retry (${n.attempts} attempt${n.attempts === 1 ? "" : "s"} so far${n.lastError ? `: ${n.lastError}` : ""})`;
}
