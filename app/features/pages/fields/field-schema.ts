import * as z from "zod/mini";
import { cleanText } from "~/forms/clean-text";
import type { FieldErrors } from "~/forms/field-errors";
import type { AnyFieldValues, ItemPart, PageField, PageFields } from "./field-dsl";
import { fieldDefaults } from "./field-dsl";

// zod schemas derived from a page's field declaration (field-dsl.ts): one per field, used by the
// admin form for instant messages and by the API as the final word. A field error is keyed by its
// path in the request body, e.g. "fields.priceLines.1.price", so the form shows it by the input
// and the API's answer names the field.

const tooLong = (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-IE")} characters`;

function textSchema(label: string, max: number, { multiline = false, optional = false } = {}) {
  return z.pipe(
    z.pipe(
      z.string({ error: `${label} must be text` }),
      z.transform((v: string) => cleanText(v, multiline)),
    ),
    z
      .string()
      .check(...(optional ? [] : [z.minLength(1, `${label} is required`)]), z.maxLength(max, tooLong(label, max))),
  );
}

const partSchema = (p: ItemPart) =>
  textSchema(p.label, p.max, { multiline: p.kind === "paragraph", optional: p.optional });

/** Where a link may point: a path on this site, a web address, or a phone or e-mail link. */
export const LINK_TARGET = /^(\/(?!\/)[^\s]*|#[\w-]+|https?:\/\/[^\s]+|tel:\+?[\d ]+|mailto:[^\s@]+@[^\s@]+)$/;

function countCheck(label: string, itemLabel: string, min: number, max: number) {
  const noun = itemLabel.toLowerCase();
  return [
    z.minLength(min, `${label} needs at least ${min} ${noun}${min === 1 ? "" : "s"}`),
    z.maxLength(max, `${label} can have at most ${max} ${noun}s`),
  ];
}

/** The zod schema of one field's value. */
export function fieldSchema(field: PageField) {
  switch (field.kind) {
    case "text":
      return textSchema(field.label, field.max, { optional: field.optional });
    case "paragraph":
      return textSchema(field.label, field.max, { multiline: true, optional: field.optional });
    case "markdown":
      return textSchema(field.label, field.max, { multiline: true });
    case "link":
      return z.strictObject({
        label: textSchema(`${field.label}: the words`, 80),
        href: z.pipe(
          textSchema(`${field.label}: the address`, 500),
          z
            .string()
            .check(
              z.regex(
                LINK_TARGET,
                `${field.label}: use a path on this site (/contact-us), a web address (https://…), tel: or mailto:`,
              ),
            ),
        ),
      });
    case "list":
      return z
        .array(textSchema(field.itemLabel, field.max), { error: `${field.label} must be a list` })
        .check(...countCheck(field.label, field.itemLabel, field.minItems, field.maxItems));
    case "items":
      return z
        .array(
          z.strictObject(Object.fromEntries(Object.entries(field.parts).map(([name, p]) => [name, partSchema(p)])), {
            error: `Each ${field.itemLabel.toLowerCase()} must have ${Object.values(field.parts)
              .map((p) => p.label.toLowerCase())
              .join(", ")}`,
          }),
          { error: `${field.label} must be a list` },
        )
        .check(...countCheck(field.label, field.itemLabel, field.minItems, field.maxItems));
  }
}

export type FieldsResult = { ok: true; values: AnyFieldValues } | { ok: false; errors: FieldErrors };

export const unknownFieldMessage = (name: string, page: PageFields) =>
  `The ${page.name} page has no field called "${name}"`;

/**
 * Checks a partial `fields` object against a page's declaration: each field given is cleaned and
 * checked; an unknown name or a wrong type is an error naming the field (nothing is stored then).
 */
export function parsePageFields(page: PageFields, input: unknown): FieldsResult {
  if (input === undefined) return { ok: true, values: {} };
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, errors: { fields: "Fields must be an object of field names and values" } };
  const values: AnyFieldValues = {};
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    const field = Object.hasOwn(page.fields, name) ? page.fields[name] : undefined;
    if (!field) {
      errors[`fields.${name}`] = unknownFieldMessage(name, page);
      continue;
    }
    const parsed = fieldSchema(field).safeParse(value);
    if (parsed.success) values[name] = parsed.data;
    else
      for (const issue of parsed.error.issues) {
        const key = ["fields", name, ...issue.path.map(String)].join(".");
        errors[key] ??= issue.message;
      }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/**
 * A page's complete field values: what is stored, over the defaults. A stored value that no longer
 * fits the declaration (a field renamed or its limits changed since) gives way to the default, so
 * a code change never breaks a page.
 */
export function resolvePageFields(page: PageFields, stored: unknown): AnyFieldValues {
  const values = fieldDefaults(page);
  if (typeof stored !== "object" || stored === null) return values;
  for (const [name, field] of Object.entries(page.fields)) {
    const value = (stored as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const parsed = fieldSchema(field).safeParse(value);
    if (parsed.success) values[name] = parsed.data;
  }
  return values;
}
