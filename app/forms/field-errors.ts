// From a schema's issues to what a form shows: the first message for each field. Shared by every
// form and every API that answers `fieldErrors`. No validation library is imported here (only its
// types), so zod reaches visitors only in the chunks that load a schema (the contact form's, the
// chat's), never with a page.
import type * as z from "zod/mini";

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

type Issues = { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };

/**
 * The first message for each field, keyed by the field's name (the first step of the issue's
 * path). With `fields`, only those names are kept (a form cannot show a message for a field it does
 * not have); an issue about the value as a whole (not an object at all) names no field and is left
 * out: the caller's own message covers it.
 */
export function fieldErrorsOf<F extends string>(error: Issues, fields?: ReadonlyArray<F>): FieldErrors<F> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || field in out) continue;
    if (fields && !(fields as ReadonlyArray<string>).includes(field)) continue;
    out[field] = issue.message;
  }
  return out as FieldErrors<F>;
}

export type Validated<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** Parses values with a form's schema: the cleaned data, or the first message per field. */
export function validate<T, F extends string = Extract<keyof T, string>>(
  schema: z.ZodMiniType<T>,
  values: unknown,
  fields?: ReadonlyArray<F>,
): Validated<T, F> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error, fields) };
}

/** Whether there is any message to show. */
export const hasFieldErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
