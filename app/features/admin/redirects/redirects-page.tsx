import { useState, type FormEvent } from "react";
import { data } from "react-router";
import { Dialog, DialogBody, DialogForm, DialogHeader } from "~/components/ui/dialog";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import {
  AdminList,
  FormDialogFooter,
  ListEmpty,
  ListHeader,
  ListLoadError,
  type Column,
} from "~/features/admin/list/admin-list";
import { rowButton } from "~/components/ui/button-styles";
import { useMutation } from "~/features/admin/list/mutation";
import { validate } from "~/forms/field-errors";
import type { Route } from "./+types/redirects-page";
import { listNotFound } from "~/features/redirects/not-found-log.server";
import { redirectPayload, RedirectSchema } from "~/features/redirects/redirects-schema";
import { listRedirects } from "~/features/redirects/redirects.server";
import { formatDateTime } from "~/features/time/irish-format";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Redirects");

const NAMES = { one: "redirect", many: "redirects", One: "Redirect", Many: "Redirects" };
const NOT_FOUND_NAMES = { one: "address", many: "addresses", One: "Address", Many: "Pages not found" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/redirects");
  const { db } = context.services.database;
  // 404s still in memory are written first, so the list is up to the moment.
  await context.services.notFoundLog.flush();
  const [redirects, notFound] = await Promise.all([listRedirects(db), listNotFound(db)]);
  return data({ redirects, notFound: notFound.map((r, i) => ({ ...r, id: i + 1 })) }, { headers: adminHeaders() });
}

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

type RedirectRow = Route.ComponentProps["loaderData"]["redirects"][number];
type NotFoundRow = Route.ComponentProps["loaderData"]["notFound"][number];

const redirectColumns: Array<Column<RedirectRow>> = [
  { header: "From", cell: (r) => <code className="font-semibold break-all">{r.from}</code>, wide: true },
  { header: "To", cell: (r) => <code className="break-all">{r.to}</code>, wide: true },
  { header: "Type", cell: (r) => (r.permanent ? "Permanent (301)" : "Temporary (302)") },
];

const notFoundColumns: Array<Column<NotFoundRow>> = [
  { header: "Address", cell: (r) => <code className="font-semibold break-all">{r.path}</code>, wide: true },
  { header: "Visits", cell: (r) => r.hits.toLocaleString("en-IE") },
  { header: "Last visit", cell: (r) => formatDateTime(r.lastSeenAt) },
  {
    header: "Came from",
    cell: (r) => (r.referrer ? <span className="break-all">{r.referrer}</span> : "Typed or bookmarked"),
    wide: true,
  },
];

export default function RedirectsPage({ loaderData }: Route.ComponentProps) {
  const { redirects, notFound } = loaderData;
  /** The form's starting "from" (a 404's address, or blank), or null while it is closed. */
  const [editor, setEditor] = useState<{ from: string; key: number } | null>(null);
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();

  const open = (from: string) => {
    showFieldErrors({});
    setEditor({ from, key: Date.now() });
  };
  const close = () => setEditor(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = validate(RedirectSchema, redirectPayload(new FormData(event.currentTarget)));
    if (!checked.ok) return showFieldErrors(checked.errors);
    const saved = await mutate("POST", "/api/admin/redirects", checked.data, {
      success: { title: "Redirect created", description: "The redirect has been created successfully" },
      failure: "Failed to create redirect",
      toastFieldErrors: true,
    });
    if (saved.ok) close();
  }

  async function onDelete(row: RedirectRow) {
    if (!window.confirm("Are you sure you want to delete this redirect?")) return;
    await mutate("DELETE", `/api/admin/redirects/${row.id}`, undefined, {
      success: { title: "Redirect deleted", description: "The redirect has been deleted successfully" },
      failure: "Failed to delete redirect",
    });
  }

  return (
    <>
      <ListHeader
        title="Redirects"
        intro="Send visitors of an old or mistyped address to the right page. Changing the slug of a page or a blog post adds one for you."
        action={
          <button type="button" className="btn-primary" onClick={() => open("")}>
            <Icon name="plus" strokeWidth={2.5} />
            Add Redirect
          </button>
        }
      />
      <div className="mt-6">
        <AdminList
          names={NAMES}
          rows={redirects}
          columns={redirectColumns}
          status={`${redirects.length} ${redirects.length === 1 ? "redirect" : "redirects"}.`}
          empty={
            <ListEmpty
              title="There are no redirects yet."
              text="Add one for an address that has moved, or pick one from the pages not found below."
            />
          }
          actions={(row) => (
            <button type="button" className={rowButton.danger} onClick={() => void onDelete(row)}>
              Delete<span className="sr-only"> the redirect from {row.from}</span>
            </button>
          )}
        />
      </div>

      {/* Not a labelled region: the list below is already one, named "Pages not found". */}
      <div className="mt-12">
        <h2 className="text-2xl font-bold">Pages not found</h2>
        <p className="mt-2 max-w-2xl text-slate-brand">
          Addresses on this site that visitors asked for and that do not exist, most visited first (search engines,
          other robots and missing files are left out). Redirect the ones that should lead somewhere.
        </p>
        <div className="mt-6">
          <AdminList
            names={NOT_FOUND_NAMES}
            rows={notFound}
            columns={notFoundColumns}
            status={`${notFound.length} ${notFound.length === 1 ? "address" : "addresses"}.`}
            empty={<ListEmpty title="No visitor has met a missing page." />}
            actions={(row) => (
              <button type="button" className={rowButton.dark} onClick={() => open(row.path)}>
                Redirect this<span className="sr-only">: {row.path}</span>
              </button>
            )}
          />
        </div>
      </div>

      <Dialog open={editor} busy={pending} onClose={close}>
        <DialogHeader title="Add Redirect" />
        {editor && (
          <DialogForm key={editor.key} formRef={formRef} onSubmit={onSubmit} onFieldEdited={clearFieldError}>
            <DialogBody>
              <TextField
                name="from"
                label="From"
                required
                defaultValue={editor.from}
                error={fieldErrors.from}
                maxLength={500}
                autoCapitalize="none"
                spellCheck={false}
                hint="The old address on this site, starting with /, e.g. /old-page."
              />
              <TextField
                name="to"
                label="To"
                required
                error={fieldErrors.to}
                maxLength={2000}
                autoCapitalize="none"
                spellCheck={false}
                hint="Where to send visitors: a path on this site such as /contact-us, or a full address starting with https://."
              />
              <CheckboxField
                name="temporary"
                label="Temporary (302): search engines keep the old address"
                error={fieldErrors.permanent}
                hint="Leave unticked for a permanent move (301), the usual choice."
              />
            </DialogBody>
            <FormDialogFooter pending={pending} submitLabel="Create Redirect" onCancel={close} />
          </DialogForm>
        )}
      </Dialog>
    </>
  );
}
