import type { EstimateLine } from "./estimate-rule";
import type { Place } from "./service-area";
import type { StoredEstimate } from "./stored-estimate";

/** POST /api/estimate's answer (and what the /estimate page shows). */
export type EstimateResponse = {
  /** Opaque: the signed estimate, for POST /api/contact's estimateId. */
  id: string;
  lowEur: number;
  highEur: number;
  currency: "EUR";
  inServiceArea: boolean | null;
  distanceKm: number | null;
  lines: EstimateLine[];
  /** The place the location was taken to be (null: none given, or not found). */
  place: Place | null;
  /** Set when the service area could not be checked: what to type instead. */
  hint: string | null;
  /** For the page: the item's service and whether the minimum charge set the price. */
  service: StoredEstimate["service"];
  minimumApplied: boolean;
};
