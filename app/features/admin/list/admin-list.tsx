import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import { Form, isRouteErrorResponse, Link, useLocation, useNavigate, useNavigation, useRouteError } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { DialogFooter } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/form-field";
import { RetryForm } from "~/components/ui/retry-form";
import { useToast } from "~/components/ui/toast";
import { AdminForbidden } from "./admin-forbidden";

// The shared admin list pattern (spec section 2), for every list in the admin: pages, projects,
// testimonials, FAQs, enquiries, users and the audit log. One column definition gives a table on
// wide screens and a card per row on phones. Lists are loader-driven: the search, tab, filter and
// page are in the URL (they survive a reload, and the search form works without JavaScript), the
// route's loader reads the rows with the same `<resource>.server.ts` functions as the JSON API,
// and writes revalidate it (see ./mutation.ts). Each route's ErrorBoundary is `ListLoadError`.

/** How a list names its rows in headings, buttons, messages and toasts. */
export type ListNames = {
  /** "page", "FAQ": in sentences ("Are you sure you want to delete this FAQ?"). */
  one: string;
  /** "pages", "FAQs". */
  many: string;
  /** "Page", "FAQ": at the start of a toast title ("Page created"). */
  One: string;
  /** "Pages", "FAQs": the heading, the table's caption and the cards' list name. */
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

const BOX = "rounded-xl bg-white ring-1 ring-navy-900/10";

/** The foot of a dialog's form: Cancel, and the submit button ("Saving..." and disabled while it saves). */
export function FormDialogFooter({
  pending,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <DialogFooter>
      <button type="button" className={buttonClass.light} onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type="submit" className="btn-dark" disabled={pending}>
        {pending ? "Saving..." : submitLabel}
      </button>
    </DialogFooter>
  );
}

/** The page heading, its introduction, and the page's main button (Add …, Export CSV). */
export function ListHeader({ title, intro, action }: { title: string; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold">{title}</h1>
        {intro && <p className="mt-2 text-slate-brand">{intro}</p>}
      </div>
      {action}
    </div>
  );
}

function Spinner({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} animate-spin motion-reduce:animate-none`}
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 00-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** While the list loads another search, filter, tab or page (the rows shown are the old ones). */
function useListLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname;
}

/** A query string from the values given, leaving out empty ones (so URLs stay short); "" for none. */
function listSearch(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== "" && value != null) params.set(name, String(value));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export type ListFilter = {
  name: string;
  label: string;
  allLabel: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/**
 * The list's search form: a GET form, so it works before (and without) JavaScript. With it, the
 * list follows the search box as you type and a filter as soon as it is chosen (the URL is
 * replaced, not added to history, while typing). `keep` carries the URL values the form does not
 * show (the tab).
 */
export function ListSearch({
  label,
  placeholder,
  q,
  filter,
  keep = {},
  inputRef,
}: {
  label: string;
  placeholder: string;
  q: string;
  /** A select (or several) beside the search box, e.g. a category. */
  filter?: ListFilter | ReadonlyArray<ListFilter>;
  keep?: Record<string, string | undefined>;
  /** The search box, for a page that moves focus to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const navigate = useNavigate();
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const typing = useRef<number | undefined>(undefined);

  // Back and Forward change the URL under the box: show its search unless someone is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q, input]);
  useEffect(() => () => window.clearTimeout(typing.current), []);

  const go = (form: HTMLFormElement, replace: boolean) => {
    window.clearTimeout(typing.current);
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value.trim();
    void navigate({ search: listSearch(values) }, { replace, preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      role="search"
      className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        go(e.currentTarget, false);
      }}
      onChange={(e: FormEvent<HTMLFormElement>) => {
        const form = e.currentTarget;
        if (e.target === input.current) {
          window.clearTimeout(typing.current);
          typing.current = window.setTimeout(() => go(form, true), 300);
        } else {
          go(form, false);
        }
      }}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <TextField
        ref={input}
        label={label}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={placeholder}
        maxLength={200}
        className="flex-1 sm:min-w-64"
      />
      {(Array.isArray(filter) ? filter : filter ? [filter] : []).map((f: ListFilter, _i, all) => (
        <SelectField
          label={f.label}
          name={f.name}
          defaultValue={f.value}
          options={f.options}
          className={all.length > 1 ? "sm:w-44" : "sm:w-64"}
          key={`${f.name}-${f.value}`}
        >
          <option value="">{f.allLabel}</option>
        </SelectField>
      ))}
      <button type="submit" className="btn-dark">
        Search
      </button>
    </Form>
  );
}

/** Links that switch the list between views (All, Unread, Read); the current one is marked. */
export function ListTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<{ label: string; to: string; current: boolean }>;
}) {
  // Tabs that do not fit a phone's width scroll sideways within their strip instead of wrapping or
  // widening the page.
  return (
    <div className="mt-6 max-w-full overflow-x-auto pb-1">
      <nav aria-label={label} className="flex w-fit gap-1 rounded-lg bg-mist p-1">
        {tabs.map((tab) => (
          <Link
            key={tab.label}
            to={tab.to}
            aria-current={tab.current ? "page" : undefined}
            className={`whitespace-nowrap rounded-md px-4 py-2 font-semibold ${tab.current ? "bg-white shadow" : "text-slate-brand hover:text-navy-900"}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** Previous/next links under the list, with where you are between them. */
export function ListPagination({
  previous,
  next,
  children,
}: {
  previous?: { to: string; label: ReactNode };
  next?: { to: string; label: ReactNode };
  children?: ReactNode;
}) {
  if (!previous && !next) return null;
  const link = (to: string, label: ReactNode) => (
    <Link to={to} className="btn-outline !min-h-10 text-sm">
      {label}
    </Link>
  );
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
      {previous ? link(previous.to, previous.label) : <span />}
      {children && <p className="text-sm text-slate-brand">{children}</p>}
      {next ? link(next.to, next.label) : <span />}
    </nav>
  );
}

/**
 * The rows: a table at md and wider, a card per row on phones (the first column heads the card,
 * the others are labelled under it). While another search or page loads, the rows shown dim and
 * the status line says so. No rows: `empty`, or while searching "No … found matching your search.".
 */
export function AdminList<Row extends { id: number }>({
  names,
  caption = names.Many,
  rows,
  columns,
  actions,
  rowClassName,
  tableClassName = "",
  status,
  searching = false,
  noMatches,
  tab,
  empty,
}: {
  names: ListNames;
  /** The table's caption, when it should say more than `names.Many`. */
  caption?: string;
  rows: ReadonlyArray<Row>;
  /** The first column names the row (it heads each card on a phone). */
  columns: ReadonlyArray<Column<Row>>;
  /** A row's buttons: the last column ("Actions") and the foot of its card. */
  actions?: (row: Row) => ReactNode;
  /** A row's background, e.g. to set unread rows apart (cards are white otherwise). */
  rowClassName?: (row: Row) => string | undefined;
  tableClassName?: string;
  /** What the list shows ("Showing 1–25 of 40"), read out when it changes. */
  status?: ReactNode;
  /** The rows are narrowed by a search or filter. */
  searching?: boolean;
  /** Instead of "No … found matching your search." */
  noMatches?: ReactNode;
  /** The status tab chosen, when no words were searched for: its empty list says "No … are “Paid”." */
  tab?: string;
  /** Nothing at all yet (and nothing searched for). */
  empty: ReactNode;
}) {
  const loading = useListLoading();
  return (
    <>
      <p role="status" className="mt-4 flex min-h-6 items-center gap-2 text-sm text-slate-brand">
        {loading ? (
          <>
            <Spinner className="h-4 w-4" />
            Loading {names.many}…
          </>
        ) : (
          status
        )}
      </p>
      <section
        aria-label={names.Many}
        aria-busy={loading}
        // Dims as it starts loading; the new rows appear at full strength at once, not fading in.
        className={`mt-2 ${loading ? "opacity-60 transition-opacity" : ""}`}
      >
        {rows.length === 0 ? (
          <div className={`${BOX} p-8 text-center`}>
            {searching
              ? (noMatches ??
                (tab ? (
                  <p className="font-medium">
                    No {names.many} are “{tab}”.
                  </p>
                ) : (
                  <p className="font-medium">No {names.many} found matching your search.</p>
                )))
              : empty}
          </div>
        ) : (
          <>
            <div className={`${BOX} hidden overflow-x-auto md:block`}>
              <table className={`w-full text-left text-sm ${tableClassName}`}>
                <caption className="sr-only">{caption}</caption>
                <thead className="border-b border-mist bg-paper text-xs uppercase tracking-wider text-slate-brand">
                  <tr>
                    {columns.map((c) => (
                      <th key={c.header} scope="col" className="px-4 py-3 font-semibold">
                        {c.header}
                      </th>
                    ))}
                    {actions && (
                      <th scope="col" className="px-4 py-3 font-semibold">
                        Actions
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-mist">
                  {rows.map((row) => (
                    <tr key={row.id} className={rowClassName?.(row)}>
                      {columns.map((c) => (
                        <td key={c.header} className={`px-4 py-3 align-top ${c.className ?? ""}`}>
                          {c.cell(row)}
                        </td>
                      ))}
                      {actions && (
                        <td className="w-px px-4 py-3 align-top">
                          <div className="flex justify-end gap-2 whitespace-nowrap">{actions(row)}</div>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="space-y-3 md:hidden" aria-label={names.Many}>
              {rows.map((row) => (
                <li
                  key={row.id}
                  // A row's own background (an unread enquiry) replaces the card's white.
                  className={`rounded-xl p-4 ring-1 ring-navy-900/10 ${rowClassName?.(row) ?? "bg-white"}`}
                >
                  <div className="font-semibold">{columns[0]!.cell(row)}</div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
                    {columns.slice(1).map((c) => (
                      <div key={c.header} className={c.wide ? "col-span-2" : undefined}>
                        <dt className="text-sm font-medium text-slate-brand">{c.header}</dt>
                        <dd className="break-words">{c.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions && <div className="mt-4 flex flex-wrap gap-2">{actions(row)}</div>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** The empty list's message, and what to do about it. */
export function ListEmpty({ title, text, children }: { title: string; text?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <p className="font-medium">{title}</p>
      {text && <p className="mt-1 text-slate-brand">{text}</p>}
      {children && <div className="mt-4">{children}</div>}
    </>
  );
}

/** What went wrong, for the failure toast: "<status>: <message>" as spec section 8 words it. */
function loadErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    let message: unknown = error.data;
    if (typeof message === "string") {
      try {
        message = (JSON.parse(message) as { message?: unknown }).message ?? message;
      } catch {
        // Plain text: as it is.
      }
    } else if (message && typeof message === "object") {
      message = (message as { message?: unknown }).message;
    }
    return `${error.status}: ${typeof message === "string" && message ? message : error.statusText}`;
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message))
    return "Could not reach the server. Check your connection and try again.";
  return error instanceof Error ? error.message : "Something went wrong.";
}

/**
 * A list route's ErrorBoundary: its loader failed. The heading stays, the spec's toast ("Failed to
 * fetch FAQs") says why, and Try again asks the loaders once more.
 */
export function ListLoadError({ names }: { names: ListNames }) {
  const error = useRouteError();
  const toast = useToast();
  const message = loadErrorMessage(error);
  // Outside the user's role: say so, rather than "could not be loaded" (nothing failed).
  const forbidden = isRouteErrorResponse(error) && error.status === 403;

  useEffect(() => {
    if (forbidden) return;
    toast({ variant: "destructive", title: `Failed to fetch ${names.many}`, description: message });
  }, [error, forbidden, message, names.many, toast]);

  if (forbidden) return <AdminForbidden />;
  return (
    <>
      <ListHeader title={names.Many} />
      <div role="alert" className={`${BOX} mt-6 p-8 text-center`}>
        <p className="font-medium">{`The ${names.many} could not be loaded.`}</p>
        <RetryForm className="mt-4" />
      </div>
    </>
  );
}
