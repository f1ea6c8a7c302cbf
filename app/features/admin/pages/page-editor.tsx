import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { builtInPageFields } from "~/features/pages/fields/built-in-fields";
import type { AnyFieldValues } from "~/features/pages/fields/field-dsl";
import { parsePageFields } from "~/features/pages/fields/field-schema";
import { pagePath } from "~/features/pages/page-slugs";
import { validate, type FieldErrors } from "~/forms/field-errors";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { buttonClass, rowButton } from "~/components/ui/button-styles";
import { useMutation } from "../list/mutation";
import { idParam } from "../list/resource-api.server";
import { MarkdownField } from "../markdown/markdown-field";
import type { Route } from "./+types/page-editor";
import { PageFieldsForm } from "./page-fields-form";
import { PageMetaFields } from "./page-form";
import { PageHistory } from "./page-history";
import { UnsavedChangesPrompt } from "../list/unsaved-changes";
import type { AdminPage } from "./page-types";
import { PageSchema } from "~/features/pages/pages-schema";
import { getPage, listRevisions } from "./pages.server";
import { adminNotFound } from "../admin-not-found-content";

// /admin/pages/:id — one page's editor: its details (title, slug, description, content, search
// text), a built-in page's own fields as a form, Save draft / Publish, a preview link and the
// history of revisions with their changes and Restore.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Edit Page");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/pages/:id");
  const id = idParam(params.id);
  const { db } = context.services.database;
  const page = id ? await getPage(db, id) : null;
  if (!page) throw adminNotFound("There is no page with this id. It may have been deleted.");
  return data(
    {
      page,
      revisions: (await listRevisions(db, page.id)) ?? [],
      // Plain data (labels, limits, defaults): the form is built from it, nothing else ships.
      declaration: builtInPageFields(page.slug),
      path: pagePath(page.slug),
    },
    { headers: adminHeaders() },
  );
}

const DETAILS = ["title", "slug", "description", "content", "metaTitle", "metaDescription"] as const;
type Details = Record<(typeof DETAILS)[number], string>;

const detailsOf = (page: AdminPage): Details => Object.fromEntries(DETAILS.map((k) => [k, page[k] ?? ""])) as Details;

export default function PageEditor({ loaderData }: Route.ComponentProps) {
  const { page, declaration, revisions, path } = loaderData;
  const [details, setDetails] = useState<Details>(() => detailsOf(page));
  const [fields, setFields] = useState<AnyFieldValues>(page.fields);
  const [saved, setSaved] = useState(() => JSON.stringify([detailsOf(page), page.fields]));
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef, formError } = useMutation();
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...fieldErrors, ...localErrors };
  const dirty = JSON.stringify([details, fields]) !== saved;
  // A page left with a newer revision (e.g. after a restore) shows what the server has.
  const [seen, setSeen] = useState(page.updatedAt);
  if (seen !== page.updatedAt) {
    setSeen(page.updatedAt);
    setDetails(detailsOf(page));
    setFields(page.fields);
    setSaved(JSON.stringify([detailsOf(page), page.fields]));
  }

  const setDetail = (name: keyof Details, value: string) => {
    setDetails((d) => ({ ...d, [name]: value }));
    clearFieldError(name);
    setLocalErrors(({ [name]: _, ...rest }) => rest);
  };

  async function save(publish: boolean) {
    if (pending) return;
    const checked = validate(PageSchema, details);
    const checkedFields = declaration ? parsePageFields(declaration, fields) : ({ ok: true } as const);
    const problems: FieldErrors = {
      ...(checked.ok ? {} : checked.errors),
      ...(checkedFields.ok ? {} : checkedFields.errors),
    };
    if (Object.keys(problems).length > 0) {
      setLocalErrors({});
      return showFieldErrors(problems);
    }
    setLocalErrors({});
    const result = await mutate<AdminPage>(
      "PUT",
      `/api/admin/pages/${page.id}`,
      { ...(checked.ok ? checked.data : details), ...(declaration ? { fields } : {}), publish },
      {
        success: publish
          ? { title: "Page published", description: "The changes are now on the public site." }
          : {
              title: "Page updated",
              description: "The page has been updated successfully. Publish to show the changes on the site.",
            },
        failure: publish ? "Failed to publish page" : "Failed to update page",
        toastFieldErrors: true,
      },
    );
    if (result.ok) {
      setDetails(detailsOf(result.data));
      setFields(result.data.fields);
      setSaved(JSON.stringify([detailsOf(result.data), result.data.fields]));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void save(submitter?.value === "publish");
  }

  const field = (name: keyof Details) => ({
    name,
    value: details[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setDetail(name, e.target.value),
  });

  const status = page.hasUnpublishedChanges ? "Draft: changes not published yet" : "Published";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <p>
            <Link to="/admin/pages" className="text-sm font-semibold text-navy-700 underline underline-offset-2">
              ← All pages
            </Link>
          </p>
          <h1 className="mt-2 text-3xl font-bold">{page.title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-3 text-slate-brand">
            <span
              className={`rounded-full px-3 py-0.5 text-sm font-semibold ${
                page.hasUnpublishedChanges ? "bg-amber-brand text-navy-950" : "bg-teal-brand text-white"
              }`}
            >
              {status}
            </span>
            <span>
              {page.builtIn ? "One of the site's own pages, at " : "Published at "}
              <code>{path}</code>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={`${path}?preview=1`} target="_blank" rel="noopener" className={buttonClass.light}>
            Preview draft<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={path} target="_blank" rel="noopener" className={buttonClass.light}>
            View live page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>

      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-8">
        {formError && <FormAlert>{formError}</FormAlert>}
        <section
          aria-labelledby="details-heading"
          className="space-y-5 rounded-xl bg-white p-4 ring-1 ring-navy-900/10 sm:p-6"
        >
          <h2 id="details-heading" className="text-xl font-bold">
            Page details
          </h2>
          <TextField
            {...field("title")}
            label="Title"
            required
            maxLength={255}
            hint={
              page.builtIn
                ? "The page's name in this admin, and its title in the browser tab and in Google's results while Meta title below is empty. The heading visitors see on the page is under Page text."
                : "The page's main heading, and its title in the browser tab and in Google's results while Meta title below is empty."
            }
          />
          <TextField
            {...field("slug")}
            label="Slug"
            required
            maxLength={100}
            readOnly={page.builtIn}
            autoCapitalize="none"
            spellCheck={false}
            hint={
              page.builtIn
                ? "The site's own pages keep their address."
                : "Lowercase letters, numbers and hyphens: the page is at /your-slug."
            }
          />
          <TextAreaField {...field("description")} label="Description" rows={2} />
          {!page.builtIn && <MarkdownField {...field("content")} label="Content" required maxLength={100_000} />}
          <PageMetaFields title={field("metaTitle")} description={field("metaDescription")} />
        </section>

        {declaration && (
          <section
            aria-labelledby="fields-heading"
            className="space-y-5 rounded-xl bg-white p-4 ring-1 ring-navy-900/10 sm:p-6"
          >
            <div>
              <h2 id="fields-heading" className="text-xl font-bold">
                Page text
              </h2>
              <p className="mt-1 text-slate-brand">
                Every heading, sentence, list and button on the page, in page order.
              </p>
            </div>
            <PageFieldsForm
              declaration={declaration}
              values={fields}
              errors={errors}
              onChange={(name, value) => {
                setFields((f) => ({ ...f, [name]: value }));
                clearFieldError(`fields.${name}`);
              }}
            />
          </section>
        )}

        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-navy-900/10 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5">
          {/* On phones the status takes its own line above the buttons. */}
          <p
            className={`w-full text-sm font-medium sm:mr-auto sm:w-auto ${dirty ? "text-navy-900" : "text-slate-brand"}`}
            role="status"
          >
            {dirty
              ? "Unsaved changes"
              : page.hasUnpublishedChanges
                ? "Draft saved, not published"
                : "All changes published"}
          </p>
          <button type="submit" name="intent" value="save" className={buttonClass.light} disabled={pending}>
            {pending ? "Saving..." : "Save draft"}
          </button>
          <button type="submit" name="intent" value="publish" className="btn-dark" disabled={pending}>
            Publish
          </button>
        </div>
      </form>

      <PageHistory pageId={page.id} revisions={revisions} />
      <UnsavedChangesPrompt when={dirty && !pending} what={`\u201c${page.title}\u201d`} />
      <p>
        <Link to="/admin/pages" className={rowButton.light}>
          Back to all pages
        </Link>
      </p>
    </div>
  );
}
