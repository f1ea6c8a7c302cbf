// Where is the job, and is it within the service area? A place is an Eircode ("D02 X285"), its
// routing key ("W91"), a Dublin district ("Dublin 6W") or a town ("Naas", "Naas, Co. Kildare");
// its distance is measured in a straight line (haversine) from Dublin city centre.
// The places and their source are in service-area-data.json.

export type Point = { lat: number; lng: number };
export type AreaData = {
  centre: Point & { name: string };
  routingKeys: Record<string, Point & { town: string; county: string }>;
  towns: ReadonlyArray<Point & { name: string; county: string; aliases?: ReadonlyArray<string> }>;
};

import type { Place } from "~/db/column-types";

export type { Place };

export type AreaCheck =
  | { inServiceArea: boolean; distanceKm: number; place: Place; hint: null }
  /** No place given, or one we could not find: never an error, just a hint. */
  | { inServiceArea: null; distanceKm: null; place: null; hint: string };

export const NO_LOCATION_HINT = "Add your Eircode or town to check that we cover your area.";
export const unknownPlaceHint = (query: string) =>
  `We couldn't find "${query}". Try an Eircode (such as D02 X285), its first three characters (such as W91) or a town name (such as Naas).`;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

// An Eircode: a routing key (letter, two digits; or D6W) and optionally the four-character unique
// identifier. Only the routing key places it, so a typo in the identifier (a B or an O, which
// Eircodes never use) still finds the area.
const EIRCODE = /^([ACDEFHKNPRTVWXY]\d{2}|D6W)(?:\s?[0-9A-Z]{4})?$/;
const DUBLIN_DISTRICT = /^dublin\s*(\d{1,2}|6w)$/;

/** Lower case, no accents, no punctuation, single spaces: "Dún Laoghaire" → "dun laoghaire". */
export function normalisePlace(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Finds the place a visitor typed; null if it is not one we know. */
export function findPlace(query: string, data: AreaData): (Point & Place) | null {
  const compact = query.toUpperCase().replace(/\s+/g, " ").trim();
  const eircode = EIRCODE.exec(compact);
  if (eircode) {
    const key = eircode[1]!;
    const area = data.routingKeys[key];
    return area ? { lat: area.lat, lng: area.lng, label: `${area.town} (${key})`, routingKey: key } : null;
  }
  // "Naas, Co. Kildare" and "Naas Co Kildare": the town is what comes before the county.
  const name = normalisePlace(query.split(",")[0]!).replace(/\s+(co|county)\s+[a-z ]+$/, "");
  if (!name) return null;
  const district = DUBLIN_DISTRICT.exec(name);
  if (district) {
    const n = district[1]!;
    const key = n === "6w" ? "D6W" : `D${n.padStart(2, "0")}`;
    const area = data.routingKeys[key];
    return area ? { lat: area.lat, lng: area.lng, label: `${area.town} (${key})`, routingKey: key } : null;
  }
  const town = data.towns.find((t) => [t.name, ...(t.aliases ?? [])].some((n) => normalisePlace(n) === name));
  return town ? { lat: town.lat, lng: town.lng, label: `${town.name}, Co. ${town.county}`, routingKey: null } : null;
}

/** The service-area check for a place typed by a visitor (or none). */
export function checkServiceArea(query: string | null | undefined, data: AreaData, radiusKm: number): AreaCheck {
  const text = (query ?? "").trim();
  if (!text) return { inServiceArea: null, distanceKm: null, place: null, hint: NO_LOCATION_HINT };
  const found = findPlace(text, data);
  if (!found) return { inServiceArea: null, distanceKm: null, place: null, hint: unknownPlaceHint(text.slice(0, 60)) };
  const km = Math.round(distanceKm(data.centre, found) * 10) / 10;
  return {
    inServiceArea: km <= radiusKm,
    distanceKm: km,
    place: { label: found.label, routingKey: found.routingKey },
    hint: null,
  };
}
