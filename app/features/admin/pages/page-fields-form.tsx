import { useId, type ReactNode } from "react";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import type { FieldErrors } from "~/forms/field-errors";
import type {
  AnyFieldValue,
  AnyFieldValues,
  ItemPart,
  ItemsField,
  LinkValue,
  ListField,
  PageField,
  PageFields,
} from "~/features/pages/fields/field-dsl";
import { rowButton } from "~/components/ui/button-styles";
import { CharacterCount, MarkdownField } from "../markdown/markdown-field";

// A built-in page's fields as a form, built from its declaration (field-dsl.ts): a labelled input
// per field with its help and a character count, Markdown with a live preview, and lists whose
// entries can be added, removed and moved with buttons (keyboard and screen-reader friendly).
// Controlled: the editor holds the values; errors are keyed like the API's ("fields.name.1.part").

type Change = (name: string, value: AnyFieldValue) => void;

/** What every field's control gets: its input name, declaration, value, the form's errors and a setter. */
type ControlProps<F, V> = {
  name: string;
  field: F;
  value: V;
  errors: FieldErrors;
  onChange: (value: V) => void;
};

export function PageFieldsForm({
  declaration,
  values,
  errors,
  onChange,
}: {
  declaration: PageFields;
  values: AnyFieldValues;
  errors: FieldErrors;
  onChange: Change;
}) {
  return (
    <div className="space-y-6">
      {Object.entries(declaration.fields).map(([name, field]) => (
        <FieldControl
          key={name}
          name={`fields.${name}`}
          field={field}
          value={values[name] ?? field.default}
          errors={errors}
          onChange={(value) => onChange(name, value)}
        />
      ))}
    </div>
  );
}

function FieldControl({ name, field, value, errors, onChange }: ControlProps<PageField, AnyFieldValue>) {
  switch (field.kind) {
    case "text":
    case "paragraph":
      return (
        <TextInput
          name={name}
          label={field.label}
          hint={field.help}
          multiline={field.kind === "paragraph"}
          max={field.max}
          required={!field.optional}
          value={value as string}
          error={errors[name]}
          onChange={onChange}
        />
      );
    case "markdown":
      return (
        <MarkdownField
          name={name}
          label={field.label}
          hint={field.help}
          required
          maxLength={field.max}
          value={value as string}
          error={errors[name]}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "link":
      return <LinkControl name={name} field={field} value={value as LinkValue} errors={errors} onChange={onChange} />;
    case "list":
      return <ListControl name={name} field={field} value={value as string[]} errors={errors} onChange={onChange} />;
    case "items":
      return (
        <ItemsControl
          name={name}
          field={field}
          value={value as Array<Record<string, string>>}
          errors={errors}
          onChange={onChange}
        />
      );
  }
}

function TextInput({
  name,
  label,
  hint,
  multiline,
  max,
  required,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  multiline: boolean;
  max: number;
  required: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const common = { name, label, hint, required, value, error, maxLength: max };
  return (
    <div>
      {multiline ? (
        <TextAreaField
          {...common}
          rows={Math.min(8, Math.max(2, Math.ceil(value.length / 90)))}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <TextField {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      <CharacterCount length={value.length} max={max} />
    </div>
  );
}

/** A box around a group of inputs with its legend and help (a link, a list, one list entry). */
function Group({
  legend,
  help,
  error,
  children,
}: {
  legend: string;
  help?: string;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="min-w-0 rounded-lg border border-slate-brand/30 p-3 sm:p-4"
      aria-describedby={[help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
    >
      <legend className="px-1 font-semibold">{legend}</legend>
      {help && (
        <p id={`${id}-help`} className="text-sm text-slate-brand">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 space-y-4">{children}</div>
    </fieldset>
  );
}

function LinkControl({ name, field, value, errors, onChange }: ControlProps<PageField & { kind: "link" }, LinkValue>) {
  return (
    <Group legend={field.label} help={field.help} error={errors[name]}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          name={`${name}.label`}
          label="Words on the button"
          multiline={false}
          max={80}
          required
          value={value.label}
          error={errors[`${name}.label`]}
          onChange={(label) => onChange({ ...value, label })}
        />
        <TextField
          name={`${name}.href`}
          label="Goes to"
          hint="A path on this site (/contact-us), a web address, tel: or mailto:."
          required
          value={value.href}
          error={errors[`${name}.href`]}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => onChange({ ...value, href: e.target.value })}
        />
      </div>
    </Group>
  );
}

/** Moves entry `from` to `to` in a copy of the list. */
function moved<T>(list: ReadonlyArray<T>, from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** After a move, keep the keyboard on the same button of the entry that moved. */
function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** Move up, Move down and Remove for one entry of a list. */
function EntryButtons({
  idPrefix,
  label,
  index,
  count,
  fixed,
  minItems,
  onMove,
  onRemove,
}: {
  idPrefix: string;
  label: string;
  index: number;
  count: number;
  fixed: boolean;
  minItems: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const button = `${rowButton.light} !min-h-9 !px-3 !py-1`;
  return (
    <div className="flex flex-wrap gap-2">
      {!fixed && (
        <>
          <button
            type="button"
            id={`${idPrefix}-${index}-up`}
            className={button}
            disabled={index === 0}
            onClick={() => {
              onMove(index - 1);
              focusLater(`${idPrefix}-${index - 1}-up`);
            }}
          >
            <span aria-hidden="true">↑</span> Up<span className="sr-only">, move {label} up</span>
          </button>
          <button
            type="button"
            id={`${idPrefix}-${index}-down`}
            className={button}
            disabled={index === count - 1}
            onClick={() => {
              onMove(index + 1);
              focusLater(`${idPrefix}-${index + 1}-down`);
            }}
          >
            <span aria-hidden="true">↓</span> Down<span className="sr-only">, move {label} down</span>
          </button>
          <button
            type="button"
            className={`${rowButton.danger} !min-h-9 !px-3 !py-1`}
            disabled={count <= minItems}
            onClick={onRemove}
          >
            Remove<span className="sr-only"> {label}</span>
          </button>
        </>
      )}
    </div>
  );
}

function AddButton({ label, disabled, onAdd }: { label: string; disabled: boolean; onAdd: () => void }) {
  return (
    <button type="button" className={rowButton.light} disabled={disabled} onClick={onAdd}>
      <Icon name="plus" className="h-4 w-4" strokeWidth={2.5} />
      Add {label.toLowerCase()}
    </button>
  );
}

/**
 * A list field's entries, each with Up, Down and Remove, and Add at the end (none of them when the
 * list has a fixed length). `entry` draws one entry's inputs; `blank` is a new entry.
 */
function EntryList<T>({
  name,
  field,
  value,
  errors,
  onChange,
  blank,
  entry,
  className,
}: ControlProps<ListField | ItemsField, T[]> & {
  blank: () => T;
  entry: (item: T, index: number, label: string, change: (item: T) => void) => ReactNode;
  className: string;
}) {
  const fixed = field.minItems === field.maxItems;
  const idPrefix = useId();
  return (
    <Group legend={field.label} help={field.help} error={errors[name]}>
      {value.map((item, i) => {
        const label = `${field.itemLabel} ${i + 1}`;
        return (
          <div key={i} className={className}>
            {entry(item, i, label, (next) => onChange(value.map((v, j) => (j === i ? next : v))))}
            <EntryButtons
              idPrefix={idPrefix}
              label={label.toLowerCase()}
              index={i}
              count={value.length}
              fixed={fixed}
              minItems={field.minItems}
              onMove={(to) => onChange(moved(value, i, to))}
              onRemove={() => onChange(value.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      {!fixed && (
        <AddButton
          label={field.itemLabel}
          disabled={value.length >= field.maxItems}
          onAdd={() => onChange([...value, blank()])}
        />
      )}
    </Group>
  );
}

function ListControl(props: ControlProps<ListField, string[]>) {
  const { name, field, errors } = props;
  return (
    <EntryList
      {...props}
      blank={() => ""}
      className="space-y-2"
      entry={(text, i, label, change) => (
        <TextInput
          name={`${name}.${i}`}
          label={label}
          multiline={field.max > 200}
          max={field.max}
          required
          value={text}
          error={errors[`${name}.${i}`]}
          onChange={change}
        />
      )}
    />
  );
}

function ItemsControl(props: ControlProps<ItemsField, Array<Record<string, string>>>) {
  const { name, field, errors } = props;
  return (
    <EntryList
      {...props}
      blank={() => Object.fromEntries(Object.keys(field.parts).map((p) => [p, ""]))}
      className="space-y-3 rounded-md bg-paper p-2.5 sm:p-3"
      entry={(item, i, label, change) => (
        <>
          <p className="font-semibold">{label}</p>
          {errors[`${name}.${i}`] && <p className="text-sm font-medium text-red-700">{errors[`${name}.${i}`]}</p>}
          {Object.entries(field.parts).map(([partName, part]: [string, ItemPart]) => (
            <TextInput
              key={partName}
              name={`${name}.${i}.${partName}`}
              label={`${label}: ${part.label}`}
              hint={part.help}
              multiline={part.kind === "paragraph"}
              max={part.max}
              required={!part.optional}
              value={item[partName] ?? ""}
              error={errors[`${name}.${i}.${partName}`]}
              onChange={(text) => change({ ...item, [partName]: text })}
            />
          ))}
        </>
      )}
    />
  );
}
