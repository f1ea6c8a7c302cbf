import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type * as z from "zod/mini";
import { useToast } from "~/components/ui/toast";
import { ApiError, apiRequest } from "./api-client";
import { FormDialog } from "./form-dialog";
import { validate, type FieldErrors } from "./schema-fields";

/**
 * The shared admin list pattern (spec section 2) for pages, projects, testimonials and FAQs:
 * search box, add button, a table with Edit and Delete on each row (cards on a phone), loading
 * and empty states, a modal form for create and edit, a browser confirmation before deleting,
 * the spec's toasts, and a fresh list after every write. Each resource supplies its parts —
 * names, columns, search, filter, schema and form fields — in its own folder; this file holds
 * none of them. All data goes through the resource's JSON API (spec section 7).
 */

/** How a resource is named in headings, buttons, messages and toasts. */
export type ResourceNames = {
  /** "page", "FAQ": in sentences ("Are you sure you want to delete this FAQ?"). */
  one: string;
  /** "pages", "FAQs". */
  many: string;
  /** "Page", "FAQ": at the start of a toast title ("Page created"). */
  One: string;
  /** "Pages", "FAQs": the heading. */
  Many: string;
};

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Table cell classes (widths, wrapping). */
  className?: string;
  /** Long text: the whole width of a phone card (short values sit two to a line). */
  wide?: boolean;
};

export type ResourceListProps<Row extends { id: number }, Input> = {
  names: ResourceNames;
  /** The list/create URL; a row is `${endpoint}/${id}`. */
  endpoint: string;
  intro: ReactNode;
  /** The first column names the row (it heads each card on a phone). */
  columns: ReadonlyArray<Column<Row>>;
  /** The row's name in "Edit …" and "Delete …" button names. */
  rowLabel: (row: Row) => string;
  /** What the search box searches, for its label ("title or slug"). */
  searchHint: string;
  /** Whether a row matches the (lower-case, trimmed) search text. */
  matches: (row: Row, query: string) => boolean;
  /** A category filter, sent to the API as ?category=. */
  filter?: { label: string; allLabel: string; options: ReadonlyArray<{ value: string; label: string }> };
  schema: z.ZodMiniType<Input>;
  /** The form's values as the API's JSON payload (before validation). */
  payload: (form: FormData) => unknown;
  /**
   * The form's fields: blank for a new row, the row's values when editing. A field's message goes
   * when it is edited; `clearError` is for fields that change without an input event (an upload).
   */
  fields: (props: { row: Row | null; errors: FieldErrors; clearError: (name: string) => void }) => ReactNode;
};

type Editor<Row> = { mode: "create" } | { mode: "edit"; row: Row };

const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();
/** Case-insensitive "contains" over a row's fields, for each resource's `matches`. */
export const containsText = (query: string, ...values: Array<string | null | undefined>) =>
  values.some((v) => lower(v).includes(query));

export function ResourceList<Row extends { id: number }, Input>(props: ResourceListProps<Row, Input>) {
  const { names, endpoint, columns, filter } = props;
  const toast = useToast();
  const ids = useId();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState("");
  const [editor, setEditor] = useState<Editor<Row> | null>(null);
  // Bumped on every open so the form is rebuilt from scratch: closing or cancelling resets it.
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [errorsShown, setErrorsShown] = useState(0);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const latestLoad = useRef(0);
  const hasFilter = Boolean(filter);

  const load = useCallback(
    async (quiet = false) => {
      const ticket = ++latestLoad.current;
      if (!quiet) setRows(null);
      setLoading(true);
      try {
        const url = hasFilter && category ? `${endpoint}?category=${encodeURIComponent(category)}` : endpoint;
        const list = await apiRequest<Row[]>("GET", url);
        if (ticket !== latestLoad.current) return;
        setRows(list);
        setLoadFailed(false);
      } catch (error) {
        if (ticket !== latestLoad.current) return;
        setLoadFailed(true);
        setRows([]);
        toast({
          variant: "destructive",
          title: `Failed to fetch ${names.many}`,
          description: (error as Error).message,
        });
      } finally {
        if (ticket === latestLoad.current) setLoading(false);
      }
    },
    [endpoint, category, hasFilter, names.many, toast],
  );

  useEffect(() => {
    // Fetching on mount and on a filter change: load() shows the spinner before it asks the API.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  // After a failed submit, focus the first field with an error.
  useEffect(() => {
    if (errorsShown) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsShown]);

  const open = (next: Editor<Row>) => {
    setErrors({});
    setFormKey((k) => k + 1);
    setEditor(next);
  };
  const clearError = useCallback((name: string) => setErrors(({ [name]: _, ...rest }) => rest), []);
  const close = () => {
    setEditor(null);
    setErrors({});
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !editor) return;
    const verb = editor.mode === "create" ? "create" : "update";
    const checked = validate(props.schema, props.payload(new FormData(event.currentTarget)));
    if (!checked.ok) {
      setErrors(checked.errors);
      setErrorsShown((n) => n + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (editor.mode === "create") await apiRequest("POST", endpoint, checked.data);
      else await apiRequest("PUT", `${endpoint}/${editor.row.id}`, checked.data);
      toast({ title: `${names.One} ${verb}d`, description: `The ${names.one} has been ${verb}d successfully` });
      setSaving(false);
      close();
      await load(true);
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        setErrors(error.fieldErrors);
        setErrorsShown((n) => n + 1);
      }
      toast({ variant: "destructive", title: `Failed to ${verb} ${names.one}`, description: (error as Error).message });
    }
  }

  async function onDelete(row: Row) {
    if (!window.confirm(`Are you sure you want to delete this ${names.one}?`)) return;
    try {
      await apiRequest("DELETE", `${endpoint}/${row.id}`);
      toast({ title: `${names.One} deleted`, description: `The ${names.one} has been deleted successfully` });
      // The row's buttons are about to disappear: keep focus somewhere sensible.
      searchRef.current?.focus();
      await load(true);
    } catch (error) {
      toast({ variant: "destructive", title: `Failed to delete ${names.one}`, description: (error as Error).message });
    }
  }

  const q = query.trim().toLowerCase();
  const visible = rows && q ? rows.filter((row) => props.matches(row, q)) : rows;
  const searching = q !== "" || category !== "";
  const addLabel = `Add ${names.One}`;

  const actions = (row: Row) => (
    <div className="flex gap-2">
      <button
        type="button"
        className="btn-dark !min-h-10 !px-4 !py-2 text-sm"
        onClick={() => open({ mode: "edit", row })}
      >
        Edit<span className="sr-only"> {props.rowLabel(row)}</span>
      </button>
      <button
        type="button"
        className="btn !min-h-10 !px-4 !py-2 text-sm text-red-800 ring-1 ring-red-800/40 hover:bg-red-50"
        onClick={() => void onDelete(row)}
      >
        Delete<span className="sr-only"> {props.rowLabel(row)}</span>
      </button>
    </div>
  );

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold">{names.Many}</h1>
          <p className="mt-2 text-slate-brand">{props.intro}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => open({ mode: "create" })}>
          <svg
            viewBox="0 0 20 20"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="M10 4v12M4 10h12" />
          </svg>
          {addLabel}
        </button>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-search`} className="text-sm font-medium">
            Search {names.many}
          </label>
          <input
            ref={searchRef}
            id={`${ids}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={`Search by ${props.searchHint}`}
            className="mt-1 block h-11 w-full rounded-md border border-slate-brand/40 bg-white px-3 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand"
          />
        </div>
        {filter && (
          <div className="sm:w-64">
            <label htmlFor={`${ids}-filter`} className="text-sm font-medium">
              {filter.label}
            </label>
            <select
              id={`${ids}-filter`}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              className="mt-1 block h-11 w-full rounded-md border border-slate-brand/40 bg-white px-3 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand"
            >
              <option value="">{filter.allLabel}</option>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <p role="status" className="mt-4 min-h-6 text-sm text-slate-brand">
        {visible && !loading
          ? `Showing ${visible.length} of ${rows!.length} ${rows!.length === 1 ? names.one : names.many}.`
          : ""}
      </p>

      <section aria-label={names.Many} aria-busy={loading} className="mt-2">
        {visible === null ? (
          <div className="flex items-center justify-center gap-3 rounded-xl bg-white p-10 text-slate-brand ring-1 ring-navy-900/10">
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6 animate-spin motion-reduce:animate-none"
              fill="none"
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
              <path d="M22 12a10 10 0 00-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
            </svg>
            <span>Loading {names.many}…</span>
          </div>
        ) : loadFailed ? (
          <div className="rounded-xl bg-white p-8 text-center ring-1 ring-navy-900/10">
            <p className="font-medium">The {names.many} could not be loaded.</p>
            <button type="button" className="btn-dark mt-4" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : visible.length === 0 ? (
          <div className="rounded-xl bg-white p-8 text-center ring-1 ring-navy-900/10">
            {searching ? (
              <p className="font-medium">No {names.many} found matching your search.</p>
            ) : (
              <>
                <p className="font-medium">There are no {names.many} yet.</p>
                <p className="mt-1 text-slate-brand">Create the first one and it will appear here.</p>
                <button type="button" className="btn-dark mt-4" onClick={() => open({ mode: "create" })}>
                  Create your first {names.one}
                </button>
              </>
            )}
          </div>
        ) : (
          <>
            {/* Wide screens: a table. */}
            <div className="hidden overflow-hidden rounded-xl bg-white ring-1 ring-navy-900/10 md:block">
              <table className="w-full text-left text-[15px]">
                <caption className="sr-only">{names.Many}</caption>
                <thead className="bg-paper text-sm text-slate-brand">
                  <tr>
                    {columns.map((c) => (
                      <th key={c.header} scope="col" className="px-4 py-3 font-semibold">
                        {c.header}
                      </th>
                    ))}
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-mist">
                  {visible.map((row) => (
                    <tr key={row.id} className="align-top">
                      {columns.map((c) => (
                        <td key={c.header} className={`px-4 py-3 ${c.className ?? ""}`}>
                          {c.cell(row)}
                        </td>
                      ))}
                      <td className="w-px whitespace-nowrap px-4 py-3">{actions(row)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {/* Phones: one card per row, the same fields labelled. */}
            <ul className="space-y-3 md:hidden" aria-label={names.Many}>
              {visible.map((row) => (
                <li key={row.id} className="rounded-xl bg-white p-4 ring-1 ring-navy-900/10">
                  <div className="font-semibold">{columns[0]!.cell(row)}</div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-[15px]">
                    {columns.slice(1).map((c) => (
                      <div key={c.header} className={c.wide ? "col-span-2" : undefined}>
                        <dt className="text-sm font-medium text-slate-brand">{c.header}</dt>
                        <dd className="break-words">{c.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="mt-4">{actions(row)}</div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <FormDialog
        open={editor !== null}
        title={editor?.mode === "edit" ? `Edit ${names.One}` : addLabel}
        busy={saving}
        onClose={close}
      >
        {editor && (
          <form
            key={formKey}
            ref={formRef}
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            onInput={(e) => {
              // A field's message goes as soon as it is edited; the next submit checks again.
              const name = (e.target as HTMLInputElement).name;
              if (name && errors[name]) clearError(name);
            }}
            className="flex min-h-0 flex-col"
          >
            <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
              {props.fields({ row: editor.mode === "edit" ? editor.row : null, errors, clearError })}
            </div>
            <div className="flex flex-wrap justify-end gap-3 border-t border-mist px-5 py-4 sm:px-6">
              <button
                type="button"
                className="btn !min-h-11 ring-1 ring-navy-900/30 hover:bg-mist"
                onClick={close}
                disabled={saving}
              >
                Cancel
              </button>
              <button type="submit" className="btn-dark" disabled={saving}>
                {saving ? "Saving..." : editor.mode === "edit" ? "Save Changes" : `Create ${names.One}`}
              </button>
            </div>
          </form>
        )}
      </FormDialog>
    </>
  );
}
