import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import type * as z from "zod/mini";
import { rowButton } from "~/components/ui/button-styles";
import { Dialog, DialogBody, DialogForm, DialogHeader } from "~/components/ui/dialog";
import { UnsavedChangesPrompt } from "./unsaved-changes";
import { TextField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { validate, type FieldErrors } from "~/forms/field-errors";
import {
  AdminList,
  FormDialogFooter,
  ListEmpty,
  ListHeader,
  ListSearch,
  type Column,
  type ListNames,
} from "./admin-list";
import type { ContentListQuery } from "./content-list";
import { useMutation } from "./mutation";

/**
 * A content resource's list page (pages, projects, testimonials, FAQs): the shared admin list with
 * an Add button, Edit and Delete on each row, a modal form for create and edit, a browser
 * confirmation before deleting and the spec's toasts. The rows come from the route's loader
 * (`contentListLoader`); writes go to the resource's JSON API (spec section 7) and the list is read
 * again afterwards. Each resource supplies its parts — names, columns, search, filter, schema and
 * form fields — in its own folder; this file holds none of them.
 */
export type ResourceListProps<Row extends { id: number }, Input> = {
  names: ListNames;
  /** The create URL; a row is `${endpoint}/${id}`. */
  endpoint: string;
  intro: ReactNode;
  /** The loader's answer. */
  data: { query: ContentListQuery; rows: Row[]; total: number };
  /** The first column names the row (it heads each card on a phone). */
  columns: ReadonlyArray<Column<Row>>;
  /** The row's name in "Edit …" and "Delete …" button names. */
  rowLabel: (row: Row) => string;
  /** What the search box searches, for its placeholder ("title or slug"). */
  searchHint: string;
  /** A category filter (?category=). */
  filter?: { label: string; allLabel: string; options: ReadonlyArray<{ value: string; label: string }> };
  schema: z.ZodMiniType<Input>;
  /** The form's values as the API's JSON payload (before validation). */
  payload: (form: FormData) => unknown;
  /**
   * The form's fields: blank for a new row, the row's values when editing. A field's message goes
   * when it is edited; `clearError` is for fields that change without an input event (an upload).
   */
  fields: (props: { row: Row | null; errors: FieldErrors; clearError: (name: string) => void }) => ReactNode;
  /** Rows edited on a page of their own (pages: fields, drafts, history) instead of in the modal form. */
  editHref?: (row: Row) => string;
  /** Whether a row may be deleted (no Delete button otherwise). */
  canDelete?: (row: Row) => boolean;
  /** A row to open in the form at once (a link from elsewhere, such as a project just made from a job). */
  openRowId?: number;
};

type Editor<Row> = { mode: "create" } | { mode: "edit"; row: Row };

export function ResourceList<Row extends { id: number }, Input>(props: ResourceListProps<Row, Input>) {
  const { names, endpoint, filter } = props;
  const { query, rows, total } = props.data;
  const [editor, setEditor] = useState<Editor<Row> | null>(() => {
    const row = props.openRowId === undefined ? undefined : rows.find((r) => r.id === props.openRowId);
    return row ? { mode: "edit", row } : null;
  });
  // Bumped on every open so the form is rebuilt from scratch: closing or cancelling resets it.
  const [formKey, setFormKey] = useState(0);
  const search = useRef<HTMLInputElement>(null);
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef } = useMutation();

  // Typed into since the dialog opened: leaving the page then asks first.
  const [edited, setEdited] = useState(false);

  const open = (next: Editor<Row>) => {
    showFieldErrors({});
    setEdited(false);
    setFormKey((k) => k + 1);
    setEditor(next);
  };
  const close = () => setEditor(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !editor) return;
    const checked = validate(props.schema, props.payload(new FormData(event.currentTarget)));
    if (!checked.ok) return showFieldErrors(checked.errors);
    const verb = editor.mode === "create" ? "create" : "update";
    const saved = await mutate(
      editor.mode === "create" ? "POST" : "PUT",
      editor.mode === "create" ? endpoint : `${endpoint}/${editor.row.id}`,
      checked.data,
      {
        success: { title: `${names.One} ${verb}d`, description: `The ${names.one} has been ${verb}d successfully` },
        failure: `Failed to ${verb} ${names.one}`,
        toastFieldErrors: true,
      },
    );
    if (saved.ok) close();
  }

  async function onDelete(row: Row) {
    if (!window.confirm(`Are you sure you want to delete this ${names.one}?`)) return;
    const deleted = await mutate("DELETE", `${endpoint}/${row.id}`, undefined, {
      success: { title: `${names.One} deleted`, description: `The ${names.one} has been deleted successfully` },
      failure: `Failed to delete ${names.one}`,
    });
    // The row's buttons are about to disappear: keep focus somewhere sensible.
    if (deleted.ok) search.current?.focus();
  }

  const addLabel = `Add ${names.One}`;
  const searching = query.q !== "" || (filter !== undefined && query.category !== "");

  return (
    <>
      <ListHeader
        title={names.Many}
        intro={props.intro}
        action={
          <button type="button" className="btn-primary" onClick={() => open({ mode: "create" })}>
            <Icon name="plus" strokeWidth={2.5} />
            {addLabel}
          </button>
        }
      />
      <ListSearch
        inputRef={search}
        label={`Search ${names.many}`}
        placeholder={`Search by ${props.searchHint}`}
        q={query.q}
        filter={filter && { ...filter, name: "category", value: query.category }}
      />
      <AdminList
        names={names}
        rows={rows}
        columns={props.columns}
        status={`Showing ${rows.length} of ${total} ${total === 1 ? names.one : names.many}.`}
        searching={searching}
        empty={
          <ListEmpty title={`There are no ${names.many} yet.`} text="Create the first one and it will appear here.">
            <button type="button" className="btn-dark" onClick={() => open({ mode: "create" })}>
              Create your first {names.one}
            </button>
          </ListEmpty>
        }
        actions={(row) => (
          <>
            {props.editHref ? (
              <Link to={props.editHref(row)} className={rowButton.dark}>
                Edit<span className="sr-only"> {props.rowLabel(row)}</span>
              </Link>
            ) : (
              <button type="button" className={rowButton.dark} onClick={() => open({ mode: "edit", row })}>
                Edit<span className="sr-only"> {props.rowLabel(row)}</span>
              </button>
            )}
            {(props.canDelete?.(row) ?? true) && (
              <button type="button" className={rowButton.danger} onClick={() => void onDelete(row)}>
                Delete<span className="sr-only"> {props.rowLabel(row)}</span>
              </button>
            )}
          </>
        )}
      />

      <Dialog open={editor} busy={pending} onClose={close}>
        <DialogHeader title={editor?.mode === "edit" ? `Edit ${names.One}` : addLabel} />
        {editor && (
          <DialogForm
            key={formKey}
            formRef={formRef}
            onSubmit={onSubmit}
            onFieldEdited={(name) => {
              setEdited(true);
              clearFieldError(name);
            }}
          >
            <DialogBody>
              {props.fields({
                row: editor.mode === "edit" ? editor.row : null,
                errors: fieldErrors,
                clearError: clearFieldError,
              })}
            </DialogBody>
            <FormDialogFooter
              pending={pending}
              submitLabel={editor.mode === "edit" ? "Save Changes" : `Create ${names.One}`}
              onCancel={close}
            />
          </DialogForm>
        )}
      </Dialog>
      <UnsavedChangesPrompt when={editor !== null && edited && !pending} what={`this ${names.one}`} onlyOtherPages />
    </>
  );
}

/**
 * What each field of a resource form repeats, for `{...field("title")}`: its name, the row's value
 * when editing (blank when adding) and its message.
 */
export function bindFields<Row>(row: Row | null, errors: FieldErrors) {
  return <K extends keyof Row & string>(name: K) => {
    const value = row?.[name];
    return { name, defaultValue: value == null ? "" : String(value), error: errors[name] };
  };
}

/** Spec section 5: whole numbers, lower first; anything non-numeric is saved as 0. */
export function DisplayOrderField({ row, errors }: { row: { displayOrder: number } | null; errors: FieldErrors }) {
  return (
    <TextField
      name="displayOrder"
      label="Display order"
      inputMode="numeric"
      defaultValue={String(row?.displayOrder ?? 0)}
      error={errors.displayOrder}
      hint="A whole number; lower numbers appear first."
    />
  );
}
