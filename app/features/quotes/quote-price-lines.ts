import type { PriceItem, PriceOption, PriceUnit } from "~/features/estimate/price-list";
import type { QuoteInput, QuoteUnit } from "./quote-types";

// From the price table (/admin/pricing) to a quote line: shared by a new quote's lines from its
// lead's estimate (quotes.server.ts) and the editor's "Add from the price table". Plain data only.

/** The price table's units as a quote's units (a tile is counted each, a repair area as an item). */
export const QUOTE_UNIT_OF: Record<PriceUnit, QuoteUnit> = { m2: "m²", tile: "each", repair: "item" };

/** The middle of a price range in euros, as cents: where a quote starts before staff adjust it. */
export const midpointCents = (low: number, high: number) => Math.round(((low + high) / 2) * 100);

type NewLine = QuoteInput["lines"][number];

/** An item of the price table as a line: its label and unit, priced at the middle of its range. */
export function priceItemLine(item: PriceItem, quantity = 1): NewLine {
  return {
    description: item.label,
    quantity,
    unit: QUOTE_UNIT_OF[item.unit],
    unitPriceCents: midpointCents(item.low, item.high),
    vatRate: 13.5,
    optional: false,
    selected: true,
    goods: false,
  };
}

/** An option charged per m² (a percentage option depends on the job, so it is priced by hand). */
export function priceOptionLine(option: PriceOption, quantity = 1): NewLine {
  return {
    description: option.label,
    quantity,
    unit: "m²",
    unitPriceCents: Math.round(option.value * 100),
    vatRate: 13.5,
    optional: false,
    selected: true,
    goods: false,
  };
}
