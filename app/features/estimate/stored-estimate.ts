// An estimate as it travels with a lead: inside the signed estimate id, in the enquiry's
// `estimate` column, and in the inbox. Plain data and wording only (shared by server and pages).
import type { Place } from "./service-area";
import { formatEuro, formatQuantity, type PriceItem } from "./price-list";

export type StoredEstimate = {
  item: string;
  itemLabel: string;
  service: PriceItem["service"];
  unit: PriceItem["unit"];
  quantity: number;
  options: Array<{ key: string; label: string }>;
  /** What the visitor typed, and the place it was taken to be (null: none given or not found). */
  location: string | null;
  place: Place | null;
  lowEur: number;
  highEur: number;
  currency: "EUR";
  inServiceArea: boolean | null;
  distanceKm: number | null;
  /** ISO time the estimate was made. */
  estimatedAt: string;
};

/** "€3,600–€7,200" */
export const formatRange = (e: Pick<StoredEstimate, "lowEur" | "highEur">) =>
  e.lowEur === e.highEur ? formatEuro(e.lowEur) : `${formatEuro(e.lowEur)}–${formatEuro(e.highEur)}`;

/** "120 m² of basic suspended ceiling (grid and mineral tiles), with out-of-hours work" */
export function estimateWhat(e: Pick<StoredEstimate, "quantity" | "unit" | "itemLabel" | "options">): string {
  const what = `${formatQuantity(e.quantity, e.unit)} of ${e.itemLabel.charAt(0).toLowerCase()}${e.itemLabel.slice(1)}`;
  if (e.options.length === 0) return what;
  const opts = e.options.map((o) => o.label.charAt(0).toLowerCase() + o.label.slice(1));
  return `${what}, with ${opts.length === 1 ? opts[0] : `${opts.slice(0, -1).join(", ")} and ${opts.at(-1)}`}`;
}

/** Where, and whether it is in the service area, in a few words. */
export function estimateWhere(e: Pick<StoredEstimate, "location" | "place" | "inServiceArea" | "distanceKm">): string {
  if (!e.location) return "No location given";
  if (!e.place || e.distanceKm === null) return `"${e.location}" (not recognised)`;
  const km = `${Math.round(e.distanceKm)} km from Dublin city centre`;
  return `${e.place.label}, ${km}, ${e.inServiceArea ? "inside" : "outside"} the service area`;
}

/** The message the contact form is prefilled with. */
export function estimateMessage(e: StoredEstimate): string {
  const where = e.place ? ` in ${e.place.label}` : e.location ? ` in ${e.location}` : "";
  return `Hello, I'd like to book a free site survey. Your online estimate for ${estimateWhat(e)}${where} came to ${formatRange(e)} + VAT. `;
}
