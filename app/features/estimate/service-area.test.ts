import { describe, expect, it } from "vitest";
import data from "./service-area-data.json";
import { checkServiceArea, distanceKm, findPlace, NO_LOCATION_HINT, type AreaData } from "./service-area";

const area = data as AreaData;
const check = (q: string | null) => checkServiceArea(q, area, 50);

describe("distance", () => {
  it("is the great-circle distance in km", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.2, 1);
    expect(distanceKm(area.centre, area.centre)).toBe(0);
    // Dublin to Cork city centres: about 220 km as the crow flies; to Galway about 186 km
    expect(distanceKm(area.centre, { lat: 51.8985, lng: -8.4756 })).toBeGreaterThan(215);
    expect(distanceKm(area.centre, { lat: 51.8985, lng: -8.4756 })).toBeLessThan(225);
    expect(distanceKm(area.centre, { lat: 53.2707, lng: -9.0568 })).toBeCloseTo(186, -1);
  });
});

describe("the service-area data file", () => {
  it("names its source and holds all 139 Eircode routing keys, each in Ireland", () => {
    expect(data.source).toMatch(/Eircode/);
    expect(data.source).toMatch(/OpenStreetMap/);
    const keys = Object.keys(area.routingKeys);
    expect(keys).toHaveLength(139);
    expect(new Set(keys).size).toBe(139);
    expect(keys.filter((k) => k.startsWith("D"))).toHaveLength(22);
    for (const [key, p] of Object.entries(area.routingKeys)) {
      expect(key).toMatch(/^([ACDEFHKNPRTVWXY]\d{2}|D6W)$/);
      expect(p.lat, key).toBeGreaterThan(51.4);
      expect(p.lat, key).toBeLessThan(55.4);
      expect(p.lng, key).toBeGreaterThan(-10.7);
      expect(p.lng, key).toBeLessThan(-5.9);
    }
  });

  it("puts every Dublin district within 20 km of the city centre", () => {
    for (const [key, p] of Object.entries(area.routingKeys).filter(([k]) => k.startsWith("D")))
      expect(distanceKm(area.centre, p), key).toBeLessThan(20);
  });
});

describe("the service-area check", () => {
  it.each([
    ["D02", "Dublin 2 (D02)"],
    ["d02 x285", "Dublin 2 (D02)"],
    ["W91 X2F3", "Naas (W91)"],
    ["w91", "Naas (W91)"],
    ["A98", "Bray (A98)"],
    ["D6W", "Dublin 6W (D6W)"],
    ["Dublin 15", "Dublin 15 (D15)"],
    ["Naas", "Naas, Co. Kildare"],
    ["naas, Co. Kildare", "Naas, Co. Kildare"],
    ["Dun Laoghaire", "Dún Laoghaire, Co. Dublin"],
    ["DROGHEDA", "Drogheda, Co. Louth"],
  ])("%s is inside (%s)", (query, label) => {
    const result = check(query);
    expect(result).toMatchObject({ inServiceArea: true, place: { label }, hint: null });
    expect(result.distanceKm).toBeLessThanOrEqual(50);
  });

  it.each([
    ["T12", "Cork (city centre and south) (T12)"],
    ["H91 AB12", "Galway (H91)"],
    ["Cork", "Cork, Co. Cork"],
    ["Galway", "Galway, Co. Galway"],
    ["Dundalk", "Dundalk, Co. Louth"],
    ["Y35", "Wexford (Y35)"],
  ])("%s is outside (%s)", (query, label) => {
    const result = check(query);
    expect(result).toMatchObject({ inServiceArea: false, place: { label } });
    expect(result.distanceKm).toBeGreaterThan(50);
  });

  it("measures from Dublin city centre: Naas about 31 km, Cork about 220 km", () => {
    expect(check("W91").distanceKm).toBeCloseTo(31, -1);
    expect(check("T12").distanceKm).toBeGreaterThan(210);
  });

  it("an unknown place or none gives null and a hint, never an error", () => {
    expect(check("Atlantis")).toEqual({
      inServiceArea: null,
      distanceKm: null,
      place: null,
      hint: expect.stringMatching(/^We couldn't find "Atlantis"\. Try an Eircode/),
    });
    // A well-formed routing key that does not exist
    expect(check("Z99").inServiceArea).toBeNull();
    expect(check("B12 3456").inServiceArea).toBeNull();
    expect(check("   ")).toMatchObject({ inServiceArea: null, hint: NO_LOCATION_HINT });
    expect(check(null)).toMatchObject({ inServiceArea: null, hint: NO_LOCATION_HINT });
    expect(findPlace("!!!", area)).toBeNull();
  });

  it("follows the radius it is given", () => {
    expect(checkServiceArea("W91", area, 25).inServiceArea).toBe(false);
    expect(checkServiceArea("W91", area, 35).inServiceArea).toBe(true);
  });
});
