/** A text field's value from submitted form data: "" when absent or when the entry is a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A form's values as the JSON payload its API takes: each text field as typed (the schema cleans
 * it), each checkbox as true or false (a browser sends a ticked box as "on" and leaves out an
 * unticked one).
 */
export function formPayload<T extends string, C extends string = never>(
  form: FormData,
  texts: ReadonlyArray<T>,
  checkboxes: ReadonlyArray<C> = [],
): Record<T, string> & Record<C, boolean> {
  const out: Record<string, string | boolean> = {};
  for (const name of texts) out[name] = formText(form, name);
  for (const name of checkboxes) out[name] = form.get(name) === "on";
  return out as Record<T, string> & Record<C, boolean>;
}
