// The price table behind the instant estimate, as plain data: what staff edit at /admin/pricing
// and what the /estimate page offers. No validation library here (pricing-schema.ts has the
// checks), so the public page can render it without shipping zod.

import {
  OPTION_KINDS,
  PRICE_UNITS,
  type OptionKind,
  type PriceItem,
  type PriceOption,
  type PriceUnit,
} from "~/db/column-types";

export const UNIT_LABELS: Record<PriceUnit, { short: string; per: string; quantity: string; plural: string }> = {
  m2: { short: "m²", per: "per m²", quantity: "Area (m²)", plural: "m²" },
  tile: { short: "tile", per: "per tile", quantity: "Number of tiles", plural: "tiles" },
  repair: { short: "repair area", per: "per repair area", quantity: "Number of repair areas", plural: "repair areas" },
};

export { OPTION_KINDS, PRICE_UNITS, type OptionKind, type PriceItem, type PriceOption, type PriceUnit };

export type PriceList = {
  items: PriceItem[];
  options: PriceOption[];
  /** No estimate is lower than this (euros before VAT): a small job still needs a crew and a van. */
  minimumChargeEur: number;
};

/** Irish VAT on building services (supply and fit): the reduced rate. Prices are stated before it. */
export const VAT_RATE_PERCENT = 13.5;

/**
 * The seed price table. Suspended ceilings follow the site's published figures (spec: basic about
 * €30 to €60 per m², custom €60 to €120+); the rest are indicative Dublin trade rates for supply
 * and fit, for staff to adjust at /admin/pricing.
 */
export const DEFAULT_PRICE_LIST: PriceList = {
  items: [
    {
      key: "basic-suspended-ceiling",
      service: "Suspended Ceilings",
      label: "Basic suspended ceiling (grid and mineral tiles)",
      unit: "m2",
      low: 30,
      high: 60,
    },
    {
      key: "custom-acoustic-ceiling",
      service: "Suspended Ceilings",
      label: "Custom or acoustic ceiling",
      unit: "m2",
      low: 60,
      high: 120,
    },
    {
      key: "shop-ceiling",
      service: "Shop Ceiling Installation",
      label: "Shop or salon ceiling",
      unit: "m2",
      low: 45,
      high: 95,
    },
    {
      key: "drywall-partition",
      service: "Partitions",
      label: "Drywall (stud) partition",
      unit: "m2",
      low: 45,
      high: 85,
    },
    {
      key: "fire-rated-partition",
      service: "Partitions",
      label: "Fire-rated partition (30 to 90 minutes)",
      unit: "m2",
      low: 70,
      high: 130,
    },
    {
      key: "glass-partition",
      service: "Partitions",
      label: "Glass partition",
      unit: "m2",
      low: 250,
      high: 450,
    },
    {
      key: "ceiling-tile-replacement",
      service: "Ceiling Repairs",
      label: "Ceiling repair: replacing damaged tiles",
      unit: "tile",
      low: 15,
      high: 35,
    },
    {
      key: "ceiling-repair-area",
      service: "Ceiling Repairs",
      label: "Ceiling repair: damaged area (up to 2 m² each)",
      unit: "repair",
      low: 180,
      high: 420,
    },
  ],
  options: [
    { key: "high-ceiling", label: "Ceiling height over 3.5 m", kind: "percent", value: 15 },
    { key: "remove-old-ceiling", label: "Removal and disposal of the old ceiling", kind: "per-m2", value: 8 },
    { key: "out-of-hours", label: "Out-of-hours work (evenings, nights or weekends)", kind: "percent", value: 20 },
  ],
  minimumChargeEur: 400,
};

// Made once: toLocaleString with options builds a new formatter on every call (about 30 µs).
const wholeEuros = new Intl.NumberFormat("en-IE", { maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwoDecimals = new Intl.NumberFormat("en-IE", { maximumFractionDigits: 2 });

/** "€1,234" (whole euros) or "€12.50" (with cents only when there are some). */
export function formatEuro(value: number): string {
  return `€${(Number.isInteger(value) ? wholeEuros : euroCents).format(value)}`;
}

/** "€30–€60 per m²". */
export function formatRate(item: Pick<PriceItem, "low" | "high" | "unit">): string {
  const range = item.low === item.high ? formatEuro(item.low) : `${formatEuro(item.low)}–${formatEuro(item.high)}`;
  return `${range} ${UNIT_LABELS[item.unit].per}`;
}

/** "+15%" or "+€8 per m²". */
export function formatOptionValue(option: Pick<PriceOption, "kind" | "value">): string {
  return option.kind === "percent" ? `+${option.value}%` : `+${formatEuro(option.value)} per m²`;
}

/** "120 m²", "1 tile", "3 repair areas". */
export function formatQuantity(quantity: number, unit: PriceUnit): string {
  const n = upToTwoDecimals.format(quantity);
  if (unit === "m2") return `${n} m²`;
  const label = UNIT_LABELS[unit];
  return `${n} ${quantity === 1 ? label.short : label.plural}`;
}

/** The order services are offered in. */
export const SERVICE_ORDER: ReadonlyArray<PriceItem["service"]> = [
  "Suspended Ceilings",
  "Shop Ceiling Installation",
  "Partitions",
  "Ceiling Repairs",
];
