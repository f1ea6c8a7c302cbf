/** A text field's value from submitted form data: "" when absent or when the entry is a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
