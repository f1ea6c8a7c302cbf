import { useState, type FormEvent } from "react";
import { data, useNavigate } from "react-router";
import { RowLink } from "../list/row-link";
import { rowButton } from "~/components/ui/button-styles";
import { Dialog, DialogBody, DialogForm, DialogHeader } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { validateClient } from "~/features/clients/client-schema";
import { listClients, parseClientQuery, type Client } from "~/features/clients/clients.server";
import {
  AdminList,
  FormDialogFooter,
  ListEmpty,
  ListHeader,
  ListLoadError,
  ListPagination,
  ListSearch,
  type Column,
} from "../list/admin-list";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/clients-list";
import { ClientFields, clientPayload } from "./client-form";
import { formatDate } from "~/features/time/irish-format";

// /admin/clients (issue 37): every client, newest first, searched by name, company, a contact's
// e-mail or phone (?q=, as GET /api/admin/clients), 25 a page. A row opens the client's page;
// "Add client" makes one by hand (most are made by their first enquiry).

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Clients");

const NAMES = { one: "client", many: "clients", One: "Client", Many: "Clients" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/clients");
  const query = parseClientQuery(new URL(request.url).searchParams);
  const { items, total } = await listClients(context.services.database.db, query);
  return data({ query, items, total }, { headers: adminHeaders() });
}

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

type Row = Route.ComponentProps["loaderData"]["items"][number];

const en = (n: number) => n.toLocaleString("en-IE");

const columns: ReadonlyArray<Column<Row>> = [
  {
    header: "Client",
    cell: (c) => (
      <>
        <RowLink
          to={`/admin/clients/${c.id}`}
          className="font-semibold text-navy-900 underline-offset-2 hover:underline"
        >
          {c.name}
        </RowLink>
        {c.company && <span className="block text-sm text-slate-brand">{c.company}</span>}
      </>
    ),
  },
  {
    header: "Contact",
    wide: true,
    cell: (c) => {
      const first = c.contacts[0];
      if (!first) return <span className="text-slate-brand">None</span>;
      return (
        <>
          {[first.email, first.phone].filter(Boolean).map((line) => (
            <span key={line} className="block break-all">
              {line}
            </span>
          ))}
          {c.contacts.length > 1 && (
            <span className="block text-sm text-slate-brand">and {en(c.contacts.length - 1)} more</span>
          )}
        </>
      );
    },
  },
  { header: "Enquiries", cell: (c) => en(c.leadCount), className: "tabular-nums" },
  {
    header: "Reverse charge",
    cell: (c) => (c.reverseCharge ? "Yes" : "No"),
  },
  { header: "Added", cell: (c) => formatDate(c.createdAt), className: "whitespace-nowrap" },
];

export default function ClientsList({ loaderData }: Route.ComponentProps) {
  const { query, items, total } = loaderData;
  const [adding, setAdding] = useState(0);
  const navigate = useNavigate();
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();

  const open = () => {
    showFieldErrors({});
    setAdding((n) => n + 1);
  };
  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = validateClient(clientPayload(new FormData(event.currentTarget)));
    if (!checked.ok) return showFieldErrors(checked.errors);
    const saved = await mutate<Client>("POST", "/api/admin/clients", checked.data, {
      success: { title: "Client created", description: "The client has been created successfully" },
      failure: "Failed to create client",
      toastFieldErrors: true,
      revalidate: false,
    });
    if (saved.ok) {
      setAdding(0);
      void navigate(`/admin/clients/${saved.data.id}`);
    }
  }

  const first = (query.page - 1) * query.pageSize + 1;
  const last = first + items.length - 1;
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return `/admin/clients${s ? `?${s}` : ""}`;
  };

  return (
    <>
      <ListHeader
        title="Clients"
        intro="The businesses and people behind the enquiries. A new enquiry joins the client with its e-mail address or phone number, or starts a new one."
        action={
          <button type="button" className="btn-primary" onClick={open}>
            <Icon name="plus" strokeWidth={2.5} />
            Add Client
          </button>
        }
      />
      <ListSearch label="Search clients" placeholder="Search by name, company, e-mail or phone" q={query.q} />
      <AdminList
        names={NAMES}
        rows={items}
        columns={columns}
        tableClassName="min-w-[720px]"
        status={
          items.length === 0
            ? ""
            : `Showing ${en(first)}–${en(last)} of ${en(total)} ${total === 1 ? "client" : "clients"}.`
        }
        searching={query.q !== ""}
        empty={
          <ListEmpty
            title="There are no clients yet."
            text="Each enquiry makes or joins a client. You can also add one yourself."
          >
            <button type="button" className="btn-dark" onClick={open}>
              Add your first client
            </button>
          </ListEmpty>
        }
        actions={(c) => (
          <RowLink to={`/admin/clients/${c.id}`} className={rowButton.dark}>
            Open<span className="sr-only"> client {c.name}</span>
          </RowLink>
        )}
      />
      <ListPagination
        previous={query.page > 1 ? { to: pageLink(query.page - 1), label: "Previous" } : undefined}
        next={last < total ? { to: pageLink(query.page + 1), label: "Next" } : undefined}
      >
        Page {en(query.page)} of {en(Math.max(1, Math.ceil(total / query.pageSize)))}
      </ListPagination>

      <Dialog open={adding || null} busy={pending} onClose={() => setAdding(0)}>
        <DialogHeader title="Add Client" />
        {adding > 0 && (
          <DialogForm key={adding} formRef={formRef} onSubmit={onCreate} onFieldEdited={clearFieldError}>
            <DialogBody>
              <ClientFields client={null} errors={fieldErrors} />
            </DialogBody>
            <FormDialogFooter pending={pending} submitLabel="Create Client" onCancel={() => setAdding(0)} />
          </DialogForm>
        )}
      </Dialog>
    </>
  );
}
