import { useId, type ComponentProps, type ReactNode, type RefObject } from "react";

// One labelled field for every form, public and admin: the label, an optional hint under it, the
// control, and the error under the control. The hint and the error are tied to the control with
// aria-describedby and aria-invalid marks it, so a screen reader reads the message with the field.
// Ids come from useId, so the server and the browser render the same markup.

/** What `Field` hands its control: the id the label points at, and the ARIA that ties the messages to it. */
export type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

export type FieldProps = {
  label: ReactNode;
  /** Help shown between the label and the control (read with the control). */
  hint?: ReactNode;
  /** The message shown under the control; the control is marked invalid while there is one. */
  error?: string;
  /** The control must be filled in: a " *" after the label (see `markRequired`). */
  required?: boolean;
  /** Forms that mark their optional fields instead of the required ones: "(optional)" after the label. */
  optional?: boolean;
  /** false: no " *" for a required field (the form marks its optional fields instead). */
  markRequired?: boolean;
  /** Classes for the wrapper (grid placement, flex-1). */
  className?: string;
};

/** The standard look of a text box, text area or select; `invalid` gives it the error border. */
export const controlClass = (invalid: boolean, extra = "") =>
  `mt-1.5 block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-navy-900 shadow-sm placeholder:text-slate-brand/70 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand ${
    invalid ? "border-red-700" : "border-slate-brand/40"
  } ${extra}`;

function useControlIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return { id, control };
}

function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-brand">
      {hint}
    </p>
  ) : null;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A labelled field around any control: `children` receives the props that wire it up. */
export function Field({
  label,
  hint,
  error,
  required,
  optional,
  markRequired = true,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const { id, control } = useControlIds(hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium">
        {label}
        {required && markRequired && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
        {optional && <span className="font-normal text-slate-brand"> (optional)</span>}
      </label>
      <FieldHint id={id} hint={hint} />
      {children(control)}
      <FieldError id={id} error={error} />
    </div>
  );
}

type Own = FieldProps & { name: string; inputClassName?: string };

/** A field component's props split in two: what `Field` shows, and the control's own (with its look). */
function splitProps<P extends Own>({
  label,
  hint,
  error,
  required,
  optional,
  markRequired,
  className,
  inputClassName,
  ...control
}: P) {
  return {
    field: { label, hint, error, required, optional, markRequired, className },
    control: { ...control, required, className: controlClass(Boolean(error), inputClassName) },
  };
}

export function TextField(props: Own & Omit<ComponentProps<"input">, keyof Own | "id">) {
  const { field, control } = splitProps(props);
  return <Field {...field}>{(ids) => <input {...ids} {...control} />}</Field>;
}

export function TextAreaField({ rows = 4, ...props }: Own & Omit<ComponentProps<"textarea">, keyof Own | "id">) {
  const { field, control } = splitProps(props);
  return <Field {...field}>{(ids) => <textarea {...ids} rows={rows} {...control} />}</Field>;
}

/** A select: `options` for a plain list, or `children` for anything else (a blank first choice, groups). */
export function SelectField({
  options,
  children,
  ...props
}: Own & {
  options?: ReadonlyArray<{ value: string; label: string }>;
} & Omit<ComponentProps<"select">, keyof Own | "id">) {
  const { field, control } = splitProps(props);
  return (
    <Field {...field}>
      {(ids) => (
        <select {...ids} {...control}>
          {children}
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it; the hint and error sit under both. */
export function CheckboxField({
  label,
  hint,
  error,
  className,
  ...input
}: Omit<FieldProps, "required" | "optional" | "markRequired"> & {
  name: string;
} & Omit<ComponentProps<"input">, "type" | "id" | "className">) {
  const { id, control } = useControlIds(hint, error);
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <input
          {...control}
          type="checkbox"
          className="h-5 w-5 rounded border-slate-brand/60 accent-navy-900"
          {...input}
        />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
      </div>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The spam trap of the contact form and the chat's lead form: a field people never see (off
 * screen, hidden from screen readers, out of the tab order) that bots fill in. Anything in it and
 * the server answers as if the message were sent, and stores nothing.
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input ref={inputRef} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
