// An estimate as it travels with a lead: inside the signed estimate id, in the enquiry's
// `estimate` column, and in the inbox. Plain data and wording only (shared by server and pages).
import { formatEuro, formatQuantity } from "./price-list";

import type { StoredEstimate } from "~/db/column-types";

export type { StoredEstimate };

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
