// Every placeholder staff and the seed write in text visitors read, filled on the server in one
// step: the business's facts ({phone}, {area}, … from Settings > Business) and prices
// ({price:ITEM} from the price table). Page fields, meta titles and descriptions, FAQ answers,
// staff pages, posts and the RSS feed all go through here.
import type { Business } from "~/config";
import { fillPrices, type PriceFill } from "~/features/estimate/price-text";
import { fillBusinessText } from "./business-text";

export type PlaceholderFill = PriceFill & { business: Business };

export function fillPlaceholders(text: string, { business, ...prices }: PlaceholderFill): string {
  return fillPrices(fillBusinessText(text, business), prices);
}
