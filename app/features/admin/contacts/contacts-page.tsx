import { useEffect, useState } from "react";
import { data } from "react-router";
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { useToast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "../admin-headers";
import {
  AdminList,
  ListEmpty,
  ListHeader,
  ListLoadError,
  ListPagination,
  ListSearch,
  ListTabs,
  rowButton,
  type Column,
} from "../list/admin-list";
import { apiRequest } from "../list/api-client";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/contacts-page";
import {
  contactQueryString,
  formatContactDate,
  formatContactDateTime,
  parseContactQuery,
  type ContactStatusFilter,
} from "./contacts-query";
import { listContacts, type ContactDetail } from "./contacts.server";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = () => adminMeta("Contact Submissions");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  const query = parseContactQuery(new URL(request.url).searchParams);
  const { rows, total, totalIsCapped } = await listContacts(context.services.database.db, query);
  return data({ query, rows, total, totalIsCapped }, { headers: adminHeaders() });
}

const NAMES = {
  one: "contact submission",
  many: "contact submissions",
  One: "Contact submission",
  Many: "Contact Submissions",
};

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

const TABS: Array<{ status: ContactStatusFilter; label: string }> = [
  { status: "all", label: "All" },
  { status: "unread", label: "Unread" },
  { status: "read", label: "Read" },
];

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Detail = NonNullable<ContactDetail>;

const LABEL = "text-sm font-semibold uppercase tracking-wider text-slate-brand";
const en = (n: number) => n.toLocaleString("en-IE");

function Badges({ row }: { row: Pick<Row, "source" | "leadQuality"> }) {
  return (
    <>
      {row.source === "chat" && (
        <span className="rounded-full bg-teal-brand px-2 py-0.5 text-xs font-bold text-white">Chat</span>
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

const columns: Array<Column<Row>> = [
  {
    header: "Contact",
    cell: (row) => (
      <>
        <span className={`flex flex-wrap items-center gap-2 ${row.readAt ? "font-medium" : "font-bold"}`}>
          {!row.readAt && <span className="h-2 w-2 rounded-full bg-red-700" aria-hidden="true" />}
          {row.name}
          {!row.readAt && <span className="sr-only">(unread)</span>}
          <Badges row={row} />
        </span>
        <span className="block break-all text-sm font-normal text-slate-brand">{row.email}</span>
        {row.phone && <span className="block text-sm font-normal text-slate-brand">{row.phone}</span>}
      </>
    ),
  },
  { header: "Date", cell: (row) => formatContactDate(row.createdAt), className: "whitespace-nowrap" },
  {
    header: "Service",
    cell: (row) =>
      row.service ? (
        <span className="rounded-full bg-mist px-2.5 py-1 text-xs font-semibold">{row.service}</span>
      ) : (
        <span className="text-slate-brand">Not specified</span>
      ),
  },
  {
    header: "Message",
    wide: true,
    className: "max-w-md",
    cell: (row) => (
      <span className="line-clamp-2">
        {row.message || <span className="text-slate-brand">No message provided</span>}
      </span>
    ),
  },
];

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, totalIsCapped } = loaderData;
  // A new object for each View, so the same enquiry can be opened again at once.
  const [viewing, setViewing] = useState<{ id: number } | null>(null);
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const hasNext = query.page < pages || (totalIsCapped && rows.length === query.pageSize);
  const first = (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const exportHref = `/api/admin/contacts/export.csv${contactQueryString({ status: query.status, q: query.q })}`;

  return (
    <>
      <ListHeader
        title={NAMES.Many}
        intro="Every enquiry from the contact form and the chat assistant, newest first."
        action={
          <a href={exportHref} download className="btn-dark !min-h-10 text-sm">
            Export CSV
          </a>
        }
      />
      <ListTabs
        label="Filter by status"
        tabs={TABS.map((tab) => ({
          label: tab.label,
          to: contactQueryString({ status: tab.status, q: query.q }),
          current: query.status === tab.status,
        }))}
      />
      <ListSearch
        label="Search enquiries"
        placeholder="Search name, email, phone or message"
        q={query.q}
        keep={{ status: query.status === "all" ? undefined : query.status }}
      />
      <AdminList
        names={NAMES}
        rows={rows}
        columns={columns}
        tableClassName="min-w-[720px]"
        rowClassName={(row) => (row.readAt ? undefined : "bg-amber-brand/5")}
        status={total === 0 ? "" : `Showing ${en(first)}–${en(last)} of ${en(total)}${totalIsCapped ? "+" : ""}`}
        searching={query.q !== ""}
        empty={
          <ListEmpty
            title={
              query.status === "all"
                ? "No contact submissions yet. Enquiries from the contact form and the chat assistant will appear here."
                : `No ${query.status} contact submissions.`
            }
          />
        }
        actions={(row) => (
          <button type="button" className={rowButton.dark} onClick={() => setViewing({ id: row.id })}>
            View<span className="sr-only"> enquiry from {row.name}</span>
          </button>
        )}
      />
      <ListPagination
        previous={
          query.page > 1 ? { to: contactQueryString({ ...query, page: query.page - 1 }), label: "Previous" } : undefined
        }
        next={hasNext ? { to: contactQueryString({ ...query, page: query.page + 1 }), label: "Next" } : undefined}
      >
        Page {query.page}
        {totalIsCapped ? "" : ` of ${pages}`}
      </ListPagination>

      <ContactDialog viewing={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/**
 * One enquiry. Its details are read from the JSON API when it is opened, not with the list: the
 * API records who opened which enquiry in the audit log, and opening an unread one marks it read.
 */
function ContactDialog({ viewing, onClose }: { viewing: { id: number } | null; onClose: () => void }) {
  const mutation = useMutation();
  return (
    <Dialog open={viewing} onClose={onClose} busy={mutation.pending}>
      {viewing && <Enquiry key={viewing.id} id={viewing.id} mutation={mutation} onClose={onClose} />}
    </Dialog>
  );
}

function Enquiry({
  id,
  mutation,
  onClose,
}: {
  id: number;
  mutation: ReturnType<typeof useMutation>;
  onClose: () => void;
}) {
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
          description: (error as Error).message,
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
        {detail && <EnquiryDetails detail={detail} />}
      </DialogBody>
      <DialogFooter between>
        <div className="flex flex-wrap gap-2">
          {detail?.readAt && (
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
              href={`mailto:${detail.email}?subject=${encodeURIComponent(`Re: your enquiry to IC Interiors${detail.service ? ` (${detail.service})` : ""}`)}`}
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
        <Badges row={detail} />
      </div>
      <section aria-labelledby="contact-info-heading">
        <h3 id="contact-info-heading" className={LABEL}>
          Contact information
        </h3>
        <p className="mt-1 font-medium">{detail.name}</p>
        <p>
          <a href={`mailto:${detail.email}`} className="text-teal-brand underline">
            {detail.email}
          </a>
        </p>
        {detail.phone && (
          <p>
            <a href={`tel:${detail.phone.replace(/[^\d+]/g, "")}`} className="text-teal-brand underline">
              {detail.phone}
            </a>
          </p>
        )}
      </section>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={LABEL}>Date submitted</dt>
          <dd className="mt-1">{formatContactDateTime(detail.createdAt)}</dd>
        </div>
        <div>
          <dt className={LABEL}>Service requested</dt>
          <dd className="mt-1">{detail.service || "Not specified"}</dd>
        </div>
        <div>
          <dt className={LABEL}>Status</dt>
          <dd className="mt-1">{detail.readAt ? `Read on ${formatContactDateTime(detail.readAt)}` : "Unread"}</dd>
        </div>
        <div>
          <dt className={LABEL}>Notification e-mail</dt>
          <dd className="mt-1">{notificationText(detail.notification)}</dd>
        </div>
        {(detail.landingPage || detail.referrer) && (
          <div className="sm:col-span-2">
            <dt className={LABEL}>Came from</dt>
            <dd className="mt-1 break-words">
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
  if (n.status === "sent" && n.sentAt) return `Sent ${formatContactDateTime(n.sentAt)}`;
  if (n.status === "failed") return `Failed after ${n.attempts} attempts${n.lastError ? ` (${n.lastError})` : ""}`;
  if (n.attempts === 0) return "Waiting to send (mail not set up yet?)";
  return `Waiting to retry (${n.attempts} attempt${n.attempts === 1 ? "" : "s"} so far${n.lastError ? `: ${n.lastError}` : ""})`;
}
