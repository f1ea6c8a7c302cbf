import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useToast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { useBusiness } from "~/root";
import { adminHeaders, adminMeta } from "../admin-headers";
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
export const meta: Route.MetaFunction = adminMeta("Contact Submissions");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services);
  const query = parseContactQuery(new URL(request.url).searchParams);
  const { rows, total, totalIsCapped } = await listContacts(context.services.database.db, query);
  return data({ query, rows, total, totalIsCapped }, { headers: adminHeaders() });
}

const TABS: Array<{ status: ContactStatusFilter; label: string }> = [
  { status: "all", label: "All" },
  { status: "unread", label: "Unread" },
  { status: "read", label: "Read" },
];

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Detail = NonNullable<ContactDetail>;

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, totalIsCapped } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/contacts";
  const [params] = useSearchParams();
  const [viewing, setViewing] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const hasNext = query.page < pages || (totalIsCapped && rows.length === query.pageSize);
  const totalText = `${total.toLocaleString("en-IE")}${totalIsCapped ? "+" : ""}`;
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const exportHref = `/api/admin/contacts/export.csv${contactQueryString({ status: query.status, q: query.q })}`;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Contact Submissions</h1>
          <p className="mt-1 text-slate-brand">
            Every enquiry from the contact form and the chat assistant, newest first.
          </p>
        </div>
        <a href={exportHref} download className="btn-dark !min-h-10 text-sm">
          Export CSV
        </a>
      </div>

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Filter by status" className="flex gap-1 rounded-lg bg-mist p-1">
          {TABS.map((tab) => {
            const current = query.status === tab.status;
            return (
              <Link
                key={tab.status}
                to={contactQueryString({ status: tab.status, q: query.q })}
                aria-current={current ? "page" : undefined}
                className={`rounded-md px-4 py-2 font-semibold ${current ? "bg-white shadow" : "text-slate-brand hover:text-navy-900"}`}
              >
                {tab.label}
              </Link>
            );
          })}
        </nav>
        <Form role="search" method="get" className="flex gap-2">
          {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
          <label htmlFor="contact-search" className="sr-only">
            Search enquiries
          </label>
          <input
            id="contact-search"
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder="Search name, email, phone or message"
            className="w-full min-w-0 rounded-md border border-slate-brand/40 bg-white px-3.5 py-2.5 lg:w-80"
          />
          <button type="submit" className="btn-dark !min-h-10">
            Search
          </button>
        </Form>
      </div>

      <p className="mt-4 text-sm text-slate-brand" aria-live="polite">
        {loading
          ? "Loading…"
          : total === 0
            ? ""
            : `Showing ${first.toLocaleString("en-IE")}–${last.toLocaleString("en-IE")} of ${totalText}`}
      </p>

      <div className={`mt-2 ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        {rows.length === 0 ? (
          <p className="rounded-xl bg-white p-8 text-center text-slate-brand ring-1 ring-navy-900/10">
            {query.q
              ? "No contact submissions found matching your search."
              : query.status === "all"
                ? "No contact submissions yet. Enquiries from the contact form and the chat assistant will appear here."
                : `No ${query.status} contact submissions.`}
          </p>
        ) : (
          <ContactTable rows={rows} onView={setViewing} />
        )}
      </div>

      {(query.page > 1 || hasNext) && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
          {query.page > 1 ? (
            <Link to={contactQueryString({ ...query, page: query.page - 1 })} className="btn-outline !min-h-10 text-sm">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-brand">
            Page {query.page}
            {totalIsCapped ? "" : ` of ${pages}`}
          </p>
          {hasNext ? (
            <Link to={contactQueryString({ ...query, page: query.page + 1 })} className="btn-outline !min-h-10 text-sm">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}

      <ContactDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

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

function ContactTable({ rows, onView }: { rows: Row[]; onView: (id: number) => void }) {
  return (
    <>
      <ContactCards rows={rows} onView={onView} />
      <ContactRowsTable rows={rows} onView={onView} />
    </>
  );
}

/** Phones: one card per enquiry instead of a table wider than the screen. */
function ContactCards({ rows, onView }: { rows: Row[]; onView: (id: number) => void }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Contact submissions">
      {rows.map((row) => {
        const unread = !row.readAt;
        return (
          <li
            key={row.id}
            className={`rounded-xl p-4 ring-1 ring-navy-900/10 ${unread ? "bg-amber-brand/5" : "bg-white"}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className={`flex flex-wrap items-center gap-2 ${unread ? "font-bold" : "font-medium"}`}>
                  {unread && <span className="h-2 w-2 rounded-full bg-red-700" aria-hidden="true" />}
                  {row.name}
                  {unread && <span className="sr-only">(unread)</span>}
                  <Badges row={row} />
                </p>
                <p className="break-all text-sm text-slate-brand">{row.email}</p>
                {row.phone && <p className="text-sm text-slate-brand">{row.phone}</p>}
              </div>
              <p className="shrink-0 text-sm">{formatContactDate(row.createdAt)}</p>
            </div>
            <p className="mt-2 text-sm">
              {row.service ? (
                <span className="rounded-full bg-mist px-2.5 py-1 text-xs font-semibold">{row.service}</span>
              ) : (
                <span className="text-slate-brand">Not specified</span>
              )}
            </p>
            <p className="mt-2 line-clamp-2 text-sm">
              {row.message || <span className="text-slate-brand">No message provided</span>}
            </p>
            <button type="button" className="btn-dark mt-3 !min-h-10 w-full text-sm" onClick={() => onView(row.id)}>
              View<span className="sr-only"> enquiry from {row.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ContactRowsTable({ rows, onView }: { rows: Row[]; onView: (id: number) => void }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-navy-900/10 md:block">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Contact submissions</caption>
        <thead className="border-b border-mist bg-paper text-xs uppercase tracking-wider text-slate-brand">
          <tr>
            <th scope="col" className="px-4 py-3">
              Contact
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Service
            </th>
            <th scope="col" className="px-4 py-3">
              Message
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-mist">
          {rows.map((row) => {
            const unread = !row.readAt;
            return (
              <tr key={row.id} className={unread ? "bg-amber-brand/5" : undefined}>
                <td className="px-4 py-3 align-top">
                  <p className={`flex flex-wrap items-center gap-2 ${unread ? "font-bold" : "font-medium"}`}>
                    {unread && <span className="h-2 w-2 rounded-full bg-red-700" aria-hidden="true" />}
                    {row.name}
                    {unread && <span className="sr-only">(unread)</span>}
                    <Badges row={row} />
                  </p>
                  <p className="text-slate-brand">{row.email}</p>
                  {row.phone && <p className="text-slate-brand">{row.phone}</p>}
                </td>
                <td className="whitespace-nowrap px-4 py-3 align-top">{formatContactDate(row.createdAt)}</td>
                <td className="px-4 py-3 align-top">
                  {row.service ? (
                    <span className="rounded-full bg-mist px-2.5 py-1 text-xs font-semibold">{row.service}</span>
                  ) : (
                    <span className="text-slate-brand">Not specified</span>
                  )}
                </td>
                <td className="max-w-md px-4 py-3 align-top">
                  <p className="line-clamp-2">
                    {row.message || <span className="text-slate-brand">No message provided</span>}
                  </p>
                </td>
                <td className="px-4 py-3 text-right align-top">
                  <button
                    type="button"
                    className="btn-dark !min-h-9 !px-3 !py-1.5 text-sm"
                    onClick={() => onView(row.id)}
                  >
                    View<span className="sr-only"> enquiry from {row.name}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ContactDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const businessName = useBusiness().name;
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || id === null) return;
    opener.current = document.activeElement;
    setDetail(null);
    dialog.showModal();
    let cancelled = false;
    void (async () => {
      try {
        const res = await fetch(`/api/admin/contacts/${id}`);
        if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
        const loaded = (await res.json()) as Detail;
        if (cancelled) return;
        setDetail(loaded);
        // Opening an enquiry marks it read.
        if (!loaded.readAt) {
          const marked = await fetch(`/api/admin/contacts/${id}`, {
            method: "PATCH",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ read: true }),
          });
          if (marked.ok && !cancelled) {
            const { readAt } = (await marked.json()) as { readAt: string };
            setDetail({ ...loaded, readAt: new Date(readAt) });
            void revalidate();
          }
        }
      } catch (error) {
        toast({
          variant: "destructive",
          title: "Failed to fetch contact submissions",
          description: (error as Error).message,
        });
        dialog.close();
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs when a different enquiry is opened; toast and revalidate are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const close = () => ref.current?.close();

  async function markUnread() {
    if (!detail) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/contacts/${detail.id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ read: false }),
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      toast({ title: "Marked as unread", description: "The enquiry is back in the Unread list." });
      void revalidate();
      close();
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to update enquiry", description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  async function erase() {
    if (
      !detail ||
      !window.confirm(`Are you sure you want to delete this enquiry from ${detail.name}? This cannot be undone.`)
    )
      return;
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/contacts/${detail.id}`, { method: "DELETE" });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      toast({ title: "Enquiry deleted", description: "The enquiry and its details have been deleted." });
      void revalidate();
      close();
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to delete enquiry", description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="contact-dialog-title"
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(100vw-1.5rem,44rem)] max-w-none overflow-auto rounded-xl bg-white p-0 shadow-2xl backdrop:bg-navy-950/70"
      onClose={() => {
        // Delivered a task after the dialog closed: stale if it has been opened again since.
        if (ref.current?.open) return;
        onClose();
        if (opener.current instanceof HTMLElement) opener.current.focus();
      }}
    >
      <div className="p-6">
        <h2 id="contact-dialog-title" className="text-xl font-bold">
          {detail ? `Enquiry from ${detail.name}` : "Loading enquiry…"}
        </h2>
        {detail && (
          <div className="mt-5 space-y-5">
            <div className="flex flex-wrap gap-2">
              <Badges row={detail} />
            </div>
            <section aria-labelledby="contact-info-heading">
              <h3 id="contact-info-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-brand">
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
                <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Date submitted</dt>
                <dd className="mt-1">{formatContactDateTime(detail.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Service requested</dt>
                <dd className="mt-1">{detail.service || "Not specified"}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Status</dt>
                <dd className="mt-1">{detail.readAt ? `Read on ${formatContactDateTime(detail.readAt)}` : "Unread"}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Notification e-mail</dt>
                <dd className="mt-1">{notificationText(detail.notification)}</dd>
              </div>
              {(detail.landingPage || detail.referrer) && (
                <div className="sm:col-span-2">
                  <dt className="text-sm font-semibold uppercase tracking-wider text-slate-brand">Came from</dt>
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
              <h3
                id="contact-message-heading"
                className="text-sm font-semibold uppercase tracking-wider text-slate-brand"
              >
                Message
              </h3>
              <p className="mt-1 whitespace-pre-line rounded-lg bg-paper p-4">
                {detail.message || "No message provided"}
              </p>
            </section>
            {detail.transcript && detail.transcript.length > 0 && (
              <section aria-labelledby="contact-transcript-heading">
                <h3
                  id="contact-transcript-heading"
                  className="text-sm font-semibold uppercase tracking-wider text-slate-brand"
                >
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
          </div>
        )}
      </div>
      <div className="flex flex-wrap justify-between gap-3 border-t border-mist bg-paper px-6 py-4">
        <div className="flex flex-wrap gap-2">
          {detail?.readAt && (
            <button type="button" className="btn-outline !min-h-10 text-sm" onClick={markUnread} disabled={busy}>
              Mark as unread
            </button>
          )}
          {detail && (
            <button
              type="button"
              className="btn !min-h-10 bg-red-700 text-sm text-white hover:bg-red-800"
              onClick={erase}
              disabled={busy}
            >
              Delete
            </button>
          )}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-outline !min-h-10 text-sm" onClick={close}>
            Close
          </button>
          {detail && (
            <a
              href={`mailto:${detail.email}?subject=${encodeURIComponent(`Re: your enquiry to ${businessName}${detail.service ? ` (${detail.service})` : ""}`)}`}
              className="btn-dark !min-h-10 text-sm"
            >
              Reply via Email
            </a>
          )}
        </div>
      </div>
    </dialog>
  );
}

function notificationText(n: Detail["notification"]): string {
  if (!n) return "None";
  if (n.status === "sent" && n.sentAt) return `Sent ${formatContactDateTime(n.sentAt)}`;
  if (n.status === "failed") return `Failed after ${n.attempts} attempts${n.lastError ? ` (${n.lastError})` : ""}`;
  if (n.attempts === 0) return "Waiting to send (mail not set up yet?)";
  return `Waiting to retry (${n.attempts} attempt${n.attempts === 1 ? "" : "s"} so far${n.lastError ? `: ${n.lastError}` : ""})`;
}
