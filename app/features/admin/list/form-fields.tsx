import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

// Labelled inputs for the admin forms: the error (from the resource's schema or the API) sits
// under its field and is tied to it with aria-describedby; aria-invalid marks the field.

type FieldProps = { name: string; label: string; error?: string; hint?: ReactNode; required?: boolean };

const CONTROL =
  "mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand";

function useFieldIds(name: string, error?: string, hint?: ReactNode) {
  const id = `${useId()}-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return { id, describedBy };
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="font-medium">
      {label}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-brand">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

const border = (error?: string) => (error ? "border-red-700" : "border-slate-brand/40");

export function TextField({
  name,
  label,
  error,
  hint,
  required,
  className,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const { id, describedBy } = useFieldIds(name, error, hint);
  return (
    <div className={className}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${CONTROL} ${border(error)}`}
        {...input}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  required,
  className,
  rows = 4,
  ...input
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const { id, describedBy } = useFieldIds(name, error, hint);
  return (
    <div className={className}>
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${CONTROL} ${border(error)}`}
        {...input}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  required,
  className,
  options,
  defaultValue,
}: FieldProps & {
  className?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
}) {
  const { id, describedBy } = useFieldIds(name, error, hint);
  return (
    <div className={className}>
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${CONTROL} ${border(error)}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Spec section 5: whole numbers, lower first; anything non-numeric is saved as 0. */
export function DisplayOrderField({ error, defaultValue }: { error?: string; defaultValue?: number }) {
  return (
    <TextField
      name="displayOrder"
      label="Display order"
      inputMode="numeric"
      defaultValue={String(defaultValue ?? 0)}
      error={error}
      hint="A whole number; lower numbers appear first."
    />
  );
}

export function CheckboxField({ name, label, error, hint, defaultChecked }: FieldProps & { defaultChecked?: boolean }) {
  const { id, describedBy } = useFieldIds(name, error, hint);
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-5 w-5 rounded border-slate-brand/60 accent-navy-900"
        />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}
