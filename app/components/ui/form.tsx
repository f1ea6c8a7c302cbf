import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { hasFieldErrors, type FieldErrors } from "~/forms/field-errors";

// What a form needs around its fields (./form-field.tsx): its field errors with the focus that
// follows them, a message about the whole form, and the "Show password" box of password forms.
// Apart from the fields, so the public contact form loads only those.

/** A message about the whole form (not one field), above its fields. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
      {children}
    </p>
  );
}

/** A "Show password" box under password fields (the page switches them between type=password and text). */
export function ShowPasswordBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="mt-2 flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-navy-900"
      />
      {label}
    </label>
  );
}

/**
 * A form's field errors. `show` replaces them and, when there are any, moves focus to the first
 * field marked invalid (in the form `formRef` points at), so a failed submit lands on what to fix;
 * `clear` removes one field's message (e.g. as soon as it is edited) without moving focus.
 */
/**
 * A form whose fields show the schema's messages: the browser's own validation off, and a field's
 * message cleared as soon as it is edited (found by the edited element's `name`: input events bubble
 * from text boxes, checkboxes and selects); the next submit checks again.
 */
export function EditingForm({
  formRef,
  onSubmit,
  onFieldEdited,
  className,
  "aria-label": ariaLabel,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  onFieldEdited: (name: string) => void;
  className?: string;
  "aria-label"?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onInput={(e) => {
        const name = (e.target as HTMLInputElement).name;
        if (name) onFieldEdited(name);
      }}
      className={className}
      aria-label={ariaLabel}
    >
      {children}
    </form>
  );
}

export function useFieldErrors<F extends string = string>(initial: FieldErrors<F> = {}) {
  const [errors, setErrors] = useState<FieldErrors<F>>(initial);
  const [shown, setShown] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (shown) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);
  const show = useCallback((next: FieldErrors<F>) => {
    setErrors(next);
    if (hasFieldErrors(next)) setShown((n) => n + 1);
  }, []);
  const clear = useCallback(
    (name: string) =>
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name as F]: _, ...rest } = current;
        return rest as FieldErrors<F>;
      }),
    [],
  );
  return { errors, show, clear, formRef };
}
