// The price table as staff send it (PUT /api/admin/pricing, the /admin/pricing form): one schema
// for both, checked again by the server. Field errors are keyed by path ("items.2.low").
import * as z from "zod/mini";
import { cleanText } from "~/forms/clean-text";
import type { FieldErrors } from "~/forms/field-errors";
import { OPTION_KINDS, PRICE_UNITS, type PriceList } from "./price-list";
import { requiredBecause } from "./required-price-items";

const SERVICES = ["Suspended Ceilings", "Shop Ceiling Installation", "Partitions", "Ceiling Repairs"] as const;
export const PRICE_MAX = 100_000;
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const key = z
  .string({ error: "Key must be text" })
  .check(
    z.regex(KEY, "Key can only contain lowercase letters, numbers and hyphens"),
    z.maxLength(60, "Key must be at most 60 characters"),
  );
const label = z.pipe(
  z.string({ error: "Label must be text" }),
  z.pipe(
    z.transform((v: string) => cleanText(v)),
    z
      .string()
      .check(
        z.minLength(3, "Label must be at least 3 characters"),
        z.maxLength(120, "Label must be at most 120 characters"),
      ),
  ),
);
/** A price in euros: a number, not negative, at most two decimals' worth of meaning. */
const euros = (what: string, max = PRICE_MAX) =>
  z.pipe(
    z.number({ error: `${what} must be a number` }),
    z
      .number()
      .check(
        z.minimum(0, `${what} must not be negative`),
        z.maximum(max, `${what} must be at most ${max.toLocaleString("en-IE")}`),
      ),
  );

export const PriceItemSchema = z.object({
  key,
  service: z.enum(SERVICES, { error: `Service must be one of: ${SERVICES.join(", ")}` }),
  label,
  unit: z.enum(PRICE_UNITS, { error: `Unit must be one of: ${PRICE_UNITS.join(", ")}` }),
  low: euros("Low price"),
  high: euros("High price"),
});

export const PriceOptionSchema = z.object({
  key,
  label,
  kind: z.enum(OPTION_KINDS, { error: `Kind must be one of: ${OPTION_KINDS.join(", ")}` }),
  value: euros("Value"),
});

export const PriceListSchema = z.object({
  items: z
    .array(PriceItemSchema, { error: "items must be a list" })
    .check(z.minLength(1, "Keep at least one item"), z.maxLength(50, "At most 50 items")),
  options: z.array(PriceOptionSchema, { error: "options must be a list" }).check(z.maxLength(20, "At most 20 options")),
  minimumChargeEur: euros("Minimum charge"),
});

export type PriceListField = string;

export type PriceListCheck = { ok: true; data: PriceList } | { ok: false; fieldErrors: FieldErrors };

/** "Glass partition (framed)" → "glass-partition-framed": a reference for a new row, from its label. */
export function keyFromLabel(label: string): string {
  return (
    label
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "item"
  );
}

/**
 * Rows staff added have no key yet: each gets one made from its label (made unique with -2, -3…),
 * and keeps it from then on, so {price:…} placeholders and estimate links stay valid when the
 * wording changes. Anything else is passed on for the schema to judge.
 */
function withKeys(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const list = { ...(raw as Record<string, unknown>) };
  for (const kind of ["items", "options"] as const) {
    const rows = list[kind];
    if (!Array.isArray(rows)) continue;
    const used = new Set(rows.map((r: { key?: unknown } | null) => r?.key).filter((k) => typeof k === "string" && k));
    list[kind] = rows.map((row: Record<string, unknown> | null) => {
      if (!row || typeof row !== "object" || (typeof row.key === "string" && row.key)) return row;
      const base = keyFromLabel(typeof row.label === "string" ? row.label : "");
      let key = base;
      for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
      used.add(key);
      return { ...row, key };
    });
  }
  return list;
}

/** The table, or the first problem for each field (by path), including the checks across fields. */
export function validatePriceList(raw: unknown): PriceListCheck {
  const parsed = PriceListSchema.safeParse(withKeys(raw));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".") || "body";
      errors[path] ??= issue.message;
    }
    return { ok: false, fieldErrors: errors };
  }
  const list = parsed.data;
  list.items.forEach((item, i) => {
    if (item.low > item.high) errors[`items.${i}.low`] = "Low price must not be more than the high price";
  });
  list.options.forEach((option, i) => {
    if (option.kind === "percent" && option.value > 200)
      errors[`options.${i}.value`] = "A percentage must be at most 200";
  });
  const seen = new Set<string>();
  for (const [kind, rows] of [
    ["items", list.items],
    ["options", list.options],
  ] as const) {
    rows.forEach((row, i) => {
      if (seen.has(`${kind}:${row.key}`)) errors[`${kind}.${i}.key`] = `Key "${row.key}" is used twice`;
      seen.add(`${kind}:${row.key}`);
    });
  }
  return Object.keys(errors).length ? { ok: false, fieldErrors: errors } : { ok: true, data: list };
}

/** The row a field error is about, in words: "Glass partition", "Option 2", or "" for the table itself. */
function rowName(path: string, raw: unknown): string {
  const [kind, index] = path.split(".");
  if ((kind !== "items" && kind !== "options") || index === undefined) return "";
  const rows = (raw as Record<string, unknown> | null)?.[kind];
  const label = Array.isArray(rows) ? (rows[Number(index)] as { label?: unknown } | undefined)?.label : undefined;
  if (typeof label === "string" && label.trim()) return label.trim();
  return `${kind === "items" ? "Item" : "Option"} ${Number(index) + 1}`;
}

/**
 * The first problem in plain words, naming the row by its label and the field by its message:
 * "Please correct the highlighted prices: Glass partition: Low price must not be more than the
 * high price." (`raw`: the table as sent, for the labels.)
 */
export function priceListErrorMessage(fieldErrors: FieldErrors, raw?: unknown): string {
  const [path, message] = Object.entries(fieldErrors)[0] ?? ["body", "The price table could not be read."];
  const name = rowName(path, raw);
  const more = Object.keys(fieldErrors).length - 1;
  return `Please correct the highlighted prices: ${name ? `${name}: ` : ""}${message}${more > 0 ? ` (and ${more} more)` : ""}.`.replace(
    /\.\.$/,
    ".",
  );
}

/**
 * Items the site needs (REQUIRED_PRICE_ITEMS) that were in the table before and are missing from
 * the new one: one sentence per item, naming it as staff know it.
 */
export function requiredItemsRemoved(before: PriceList, after: PriceList): string[] {
  return before.items
    .filter((item) => requiredBecause(item.key) && !after.items.some((i) => i.key === item.key))
    .map((item) => `"${item.label}" cannot be removed. ${requiredBecause(item.key)}`);
}
