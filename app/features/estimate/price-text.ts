// Prices in page copy and posts come from the one price table (/admin/pricing): staff write a
// placeholder and the server puts the current figure in when it renders the page, so a price
// changed in the table changes every page on the next request. No client code uses this: pages
// arrive with the figures already in them.
import { formatEuro, UNIT_LABELS, type PriceItem } from "./price-list";

/**
 * `{price:basic-suspended-ceiling}` → "€30 to €60 per m²"; `{price:basic-suspended-ceiling:from}`
 * → "€30 per m²" (the low price alone, for "from about …"). The item is named by its reference,
 * shown beside each item at /admin/pricing.
 */
// Anything between "{price:" and "}" is taken as a placeholder, so a mistyped one ("{price:Glass}")
// never reaches a visitor as code: it is an unknown item like any other.
export const PRICE_PLACEHOLDER = /\{price:([^{}:]*)(:from)?\}/g;

/** What visitors read where a placeholder names no item in the table: true, and names no figure. */
export const UNKNOWN_PRICE_PUBLIC = "price on request";

/** What staff see instead in a preview, so a mistyped or removed item stands out before publishing. */
export const unknownPriceForStaff = (key: string) => `[no price item "${key}" in the price table]`;

/** "€30 to €60 per m²", or "€45 per m²" when the low and high prices are the same. */
export function priceInWords(item: Pick<PriceItem, "low" | "high" | "unit">, fromOnly = false): string {
  const per = UNIT_LABELS[item.unit].per;
  if (fromOnly || item.low === item.high) return `${formatEuro(item.low)} ${per}`;
  return `${formatEuro(item.low)} to ${formatEuro(item.high)} ${per}`;
}

export type PriceFill = {
  items: ReadonlyArray<Pick<PriceItem, "key" | "low" | "high" | "unit">>;
  /** Staff previews show an unknown item loudly; the public gets a safe phrase. */
  preview?: boolean;
};

/** The text with every price placeholder replaced by the table's current figure. */
export function fillPrices(text: string, { items, preview = false }: PriceFill): string {
  if (!text.includes("{price:")) return text;
  return text.replace(PRICE_PLACEHOLDER, (_whole, key: string, from: string | undefined) => {
    const item = items.find((i) => i.key === key.trim());
    if (item) return priceInWords(item, from !== undefined);
    return preview ? unknownPriceForStaff(key.trim()) : UNKNOWN_PRICE_PUBLIC;
  });
}

/** The items a text names that are not in the table (for warnings in the editor). */
export function unknownPriceItems(text: string, items: ReadonlyArray<Pick<PriceItem, "key">>): string[] {
  const unknown = new Set<string>();
  for (const [, key] of text.matchAll(PRICE_PLACEHOLDER))
    if (!items.some((i) => i.key === key!.trim())) unknown.add(key!.trim());
  return [...unknown];
}
