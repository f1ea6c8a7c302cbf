// What POST /api/estimate and the /estimate form take, checked against the current price table.
// Hand-written rather than a zod schema: every refusal names the field and says what would be
// right (the item and option keys that exist), and none of it ships to the browser.
import { cleanText } from "~/forms/clean-text";
import type { FieldErrors } from "~/forms/field-errors";
import { MAX_QUANTITY } from "./estimate-rule";
import { UNIT_LABELS, type PriceItem, type PriceList, type PriceOption } from "./price-list";

export const ESTIMATE_FIELDS = ["item", "quantity", "options", "location"] as const;
export type EstimateField = (typeof ESTIMATE_FIELDS)[number];
export const LOCATION_MAX = 100;

export type EstimateRequest = { item: PriceItem; quantity: number; options: PriceOption[]; location: string | null };

export type ParsedRequest =
  ({ ok: true } & EstimateRequest) | { ok: false; message: string; fieldErrors: FieldErrors<EstimateField> };

export const BODY_MESSAGE = "Send a JSON object: { item, quantity, location?, options? }.";

/** A number, or a plain decimal in a string ("120", "12.5"); anything else is NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\s*\d+(?:[.,]\d+)?\s*$/.test(value)) return Number(value.trim().replace(",", "."));
  return Number.NaN;
}

export function parseEstimateRequest(raw: unknown, list: PriceList): ParsedRequest {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, message: BODY_MESSAGE, fieldErrors: {} };
  const body = raw as Record<string, unknown>;
  const errors: FieldErrors<EstimateField> = {};

  const item = typeof body.item === "string" ? list.items.find((i) => i.key === body.item) : undefined;
  if (!item) {
    const keys = list.items.map((i) => i.key).join(", ");
    errors.item =
      typeof body.item === "string" && body.item
        ? `Unknown item "${body.item.slice(0, 60)}". Choose one of: ${keys}.`
        : `Choose what you need (item: one of ${keys}).`;
  }

  const quantity = toNumber(body.quantity);
  if (body.quantity === undefined || body.quantity === null || body.quantity === "")
    errors.quantity = "Enter the size of the job (quantity).";
  else if (!Number.isFinite(quantity)) errors.quantity = "The size (quantity) must be a number.";
  else if (quantity <= 0) errors.quantity = "The size (quantity) must be more than 0.";
  else if (quantity > MAX_QUANTITY)
    errors.quantity = `The size (quantity) must be at most ${MAX_QUANTITY.toLocaleString("en-IE")}. For a bigger job, please talk to us.`;
  else if (item && item.unit !== "m2" && !Number.isInteger(quantity))
    errors.quantity = `Enter a whole number of ${UNIT_LABELS[item.unit].plural} (quantity).`;

  const options: PriceOption[] = [];
  const given = body.options ?? [];
  if (!Array.isArray(given) || !given.every((o) => typeof o === "string")) {
    errors.options = "options must be a list of option keys.";
  } else {
    for (const key of new Set(given)) {
      const option = list.options.find((o) => o.key === key);
      if (!option) {
        errors.options = `Unknown option "${key.slice(0, 60)}". Choose from: ${list.options.map((o) => o.key).join(", ")}.`;
        break;
      }
      if (option.kind === "per-m2" && item && item.unit !== "m2") {
        errors.options = `"${option.label}" is priced per m², so it does not apply to ${item.label.toLowerCase()}.`;
        break;
      }
      options.push(option);
    }
  }

  let location: string | null = null;
  if (body.location !== undefined && body.location !== null) {
    // Cleaned before it is checked and signed into the estimate's id: a NUL or a lone surrogate
    // (the page's form is not behind the API's door) would make every enquiry carrying it fail.
    const clean = typeof body.location === "string" ? cleanText(body.location) : null;
    if (clean === null) errors.location = "The location must be text (an Eircode or a town).";
    else if (clean.length > LOCATION_MAX)
      errors.location = `Keep the location under ${LOCATION_MAX} characters (an Eircode or a town).`;
    else location = clean || null;
  }

  const first = ESTIMATE_FIELDS.find((f) => errors[f]);
  if (first || !item) return { ok: false, message: errors[first ?? "item"]!, fieldErrors: errors };
  // Options in the price table's order, so the same choice always reads the same.
  options.sort((a, b) => list.options.indexOf(a) - list.options.indexOf(b));
  return { ok: true, item, quantity, options, location };
}
