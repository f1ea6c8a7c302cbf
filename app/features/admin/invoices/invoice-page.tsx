import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { listPayments } from "~/features/invoices/invoice-payments.server";
import { invoiceRecord } from "~/features/invoices/invoice-record.server";
import type { InvoiceView } from "~/features/invoices/invoice-view";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { mayOpen } from "~/features/auth/access";
import { formatCents } from "~/features/quotes/quote-totals";
import { dublinDay } from "~/features/time/dublin-time";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/invoice-page";
import { CreditNoteDialog, DeleteDraftDialog, IssueDialog, LinesDialog } from "./invoice-dialogs";
import { InvoiceDocument } from "./invoice-document";
import { documentName, DOCUMENT_KIND_LABELS, invoiceStatusLabel, irishDate } from "./invoice-format";
import { InvoiceSentNote, SendInvoiceDialog } from "./invoice-send-dialog";
import { InvoicePayments } from "./payments-panel";
import { MailBanner } from "../settings/mail-banner";
import { adminNotFound } from "../admin-not-found-content";

// /admin/invoices/:id (issue 38): the invoice or credit note as printed, and what staff do with it:
// a draft is changed, deleted or issued (after a confirmation: issued, it never changes); an issued
// invoice is credited with a credit note, sent to the client (the PDF and e-invoice attached), its
// PDF and e-invoice (UBL) downloaded, and its payments recorded.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = (args) =>
  adminMeta(args.loaderData ? documentName(args.loaderData.invoice) : "Invoice")(args);

const NO_INVOICE = "There is no invoice with this id. It may have been deleted.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await requireAdmin(request, context, "/admin/invoices/:id");
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : null;
  const record =
    id === null
      ? null
      : await invoiceRecord(services.database.db, services.siteUrl, id, services.settings.businessSettings());
  if (!record) throw adminNotFound(NO_INVOICE);
  const payments = (await listPayments(services.database.db, record.invoice.id)) ?? [];
  // Sent means queued: while mail is not going out, the page says the invoice is waiting.
  const mail = record.sentAt ? await services.mail.status() : null;
  const canSetUpMail = mayOpen(user.role, "/admin/settings");
  return data({ ...record, payments, today: dublinDay(new Date()), mail, canSetUpMail }, { headers: adminHeaders() });
}

type Open = "issue" | "credit" | "delete" | "edit" | "send" | null;

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const record = loaderData;
  const { invoice, job, credits, creditNotes, payments, today } = record;
  const status = invoiceStatusLabel(invoice, today);
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const { mutate, pending, formError, fieldErrors } = useMutation();
  const name = documentName(invoice);
  const draft = invoice.status === "draft";
  const credit = invoice.kind === "credit-note";
  const close = () => setOpen(null);
  const base = `/api/admin/invoices/${invoice.id}`;

  async function issue() {
    const done = await mutate<InvoiceView>(
      "POST",
      `${base}/issue`,
      {},
      {
        success: (v) => ({ title: `Issued ${v.number ?? ""}`, description: "The invoice is numbered and frozen." }),
      },
    );
    if (done.ok) close();
  }
  async function remove() {
    const done = await mutate("DELETE", base, undefined, {
      success: { title: "Draft deleted", description: "The draft invoice has been deleted." },
      revalidate: false,
    });
    if (done.ok) void navigate(job ? `/admin/jobs/${job.id}` : "/admin/invoices");
  }
  async function edit(body: Record<string, unknown>) {
    const done = await mutate<InvoiceView>("PUT", base, body, {
      success: { title: "Draft saved", description: "The draft invoice has been changed." },
    });
    if (done.ok) close();
  }
  async function creditIt(body: { reason: string; lines?: unknown[] }) {
    const done = await mutate<InvoiceView>("POST", `${base}/credit-note`, body, {
      success: (v) => ({ title: `Issued credit note ${v.number ?? ""}`, description: "It is a document of its own." }),
      revalidate: false,
    });
    if (!done.ok) return;
    // The same page shows the credit note: the dialog closes first.
    close();
    void navigate(`/admin/invoices/${done.data.id}`);
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-slate-brand">
          <Link to="/admin/invoices" className="underline">
            Invoices
          </Link>{" "}
          · {DOCUMENT_KIND_LABELS[invoice.kind]} ·{" "}
          {status.overdue ? <span className="text-red-800">{status.label}</span> : status.label}
        </p>
        <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
        <p>
          {job && (
            <>
              Job{" "}
              <Link to={`/admin/jobs/${job.id}`} className="font-semibold underline">
                {job.number}
              </Link>
              {job.title && `: ${job.title}`}.{" "}
            </>
          )}
          {credits && (
            <>
              Credits{" "}
              <Link to={`/admin/invoices/${credits.id}`} className="font-semibold underline">
                {credits.number}
              </Link>
              .{" "}
            </>
          )}
          {!credit && !draft && <>Balance due {formatCents(invoice.balanceCents)}.</>}
        </p>
        <div className="flex flex-wrap gap-3">
          {draft && (
            <>
              <button type="button" className="btn-primary" onClick={() => setOpen("issue")}>
                Issue
              </button>
              <button type="button" className={buttonClass.light} onClick={() => setOpen("edit")}>
                Edit draft
              </button>
              <button type="button" className={buttonClass.danger} onClick={() => setOpen("delete")}>
                Delete draft
              </button>
            </>
          )}
          {!draft && !credit && invoice.status !== "credited" && (
            <button type="button" className={buttonClass.light} onClick={() => setOpen("credit")}>
              Credit note
            </button>
          )}
          {!draft && (
            <>
              <button type="button" className={buttonClass.light} onClick={() => setOpen("send")}>
                Send to client
              </button>
              <a href={`${base}/pdf`} className={buttonClass.light} download>
                Download PDF
              </a>
              <a href={`${base}/ubl.xml`} className={buttonClass.light} download>
                Download e-invoice
              </a>
            </>
          )}
        </div>
        {!draft && <InvoiceSentNote sentAt={record.sentAt} link={invoice.clientLink} />}
        {record.mail && (
          <MailBanner
            mail={record.mail}
            waiting="Invoices, statements and payment reminders to clients are waiting in the outbox."
            canSetUp={record.canSetUpMail}
          />
        )}
        {draft && (
          <p className="text-slate-brand">
            A draft has no number and bills nothing yet. Issuing gives it the next number, today&apos;s date and the due
            date, and freezes it.
          </p>
        )}
      </header>

      <InvoiceDocument
        invoice={invoice}
        seller={record.seller}
        buyer={record.buyer}
        reason={record.reason}
        credits={credits}
      />

      {!credit && <InvoicePayments invoice={invoice} payments={payments} />}

      {creditNotes.length > 0 && (
        <section aria-labelledby="credit-notes-heading" className="space-y-2">
          <h2 id="credit-notes-heading" className="text-xl font-bold">
            Credit notes
          </h2>
          <ul className="space-y-1">
            {creditNotes.map((n) => (
              <li key={n.id}>
                <Link to={`/admin/invoices/${n.id}`} className="font-semibold underline">
                  {n.number}
                </Link>{" "}
                of {irishDate(n.issuedOn)}: {formatCents(n.grossCents)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <IssueDialog
        open={open === "issue"}
        name={name}
        grossCents={invoice.totals.grossCents}
        pending={pending}
        problem={formError}
        onClose={close}
        onIssue={() => void issue()}
      />
      <DeleteDraftDialog
        open={open === "delete"}
        pending={pending}
        problem={formError}
        onClose={close}
        onDelete={() => void remove()}
      />
      <LinesDialog
        open={open === "edit"}
        title="Edit draft"
        submitLabel="Save draft"
        initial={invoice.kind === "custom" ? invoice.lines : null}
        supplyDate={invoice.supplyDate ?? ""}
        pending={pending}
        problem={formError}
        serverErrors={fieldErrors}
        onClose={close}
        onSubmit={(body) => void edit(body)}
      />
      {!draft && (
        <SendInvoiceDialog
          open={open === "send"}
          invoiceId={invoice.id}
          name={name}
          to={record.buyer.email}
          onClose={close}
        />
      )}
      <CreditNoteDialog
        open={open === "credit"}
        name={name}
        pending={pending}
        problem={formError}
        serverErrors={fieldErrors}
        onClose={close}
        onCredit={(body) => void creditIt(body)}
      />
    </div>
  );
}
