// The chat's answers about price, from the price table staff keep at /admin/pricing (the one
// /estimate uses; the chat fetches it from GET /api/prices when a message asks about price). No
// figure is written here: the rates come from the table and a ballpark from the estimate rule
// itself (computeEstimate: rounding to €10 and the minimum job charge), so the chat and /estimate
// always agree.
import { computeEstimate, MAX_QUANTITY } from "~/features/estimate/estimate-rule";
import {
  formatEuro,
  formatQuantity,
  formatRate,
  SERVICE_ORDER,
  VAT_RATE_PERCENT,
  type PriceItem,
  type PriceList,
} from "~/features/estimate/price-list";
import { serviceOfWords } from "./chat-lead-schema";
import type { BotReply, ChatLink } from "./rules";
import { wordsOf } from "./words";

/** What the chat needs of the price table (the body of GET /api/prices). */
export type PriceTable = Pick<PriceList, "items" | "minimumChargeEur">;
export const PRICES_ENDPOINT = "/api/prices";

type Service = PriceItem["service"];

export const ESTIMATE_LABEL = "Instant price estimate";
/** The estimate page, with the item chosen when the answer is about one item. */
export const estimateLink = (item?: string): ChatLink => ({
  href: item ? `/estimate?item=${encodeURIComponent(item)}` : "/estimate",
  label: ESTIMATE_LABEL,
});

const SERVICE_COPY: Record<Service, { name: string; page: ChatLink }> = {
  "Suspended Ceilings": {
    name: "suspended ceilings",
    page: { href: "/suspended-ceilings", label: "Suspended ceilings" },
  },
  "Shop Ceiling Installation": {
    name: "shop ceilings",
    page: { href: "/shop-ceiling", label: "Shop ceiling installation" },
  },
  Partitions: { name: "partitions", page: { href: "/partitions", label: "Office partitions" } },
  "Ceiling Repairs": { name: "ceiling repairs", page: { href: "/ceiling-repair", label: "Ceiling repairs" } },
};

/** Words that ask what something costs. */
const COST_WORDS = new Set([
  "price",
  "prices",
  "pricing",
  "priced",
  "cost",
  "costs",
  "costing",
  "charge",
  "charges",
  "rate",
  "rates",
  "ballpark",
  "budget",
  "expensive",
  "cheap",
]);
/** Words that ask for a price for a particular job. */
const QUOTE_WORDS = new Set(["quote", "quotes", "quotation", "quotations", "estimate", "estimates"]);

/** Whether a message asks what things cost: "how much", or a word such as cost, price or rates. */
export function asksCost(text: string): boolean {
  const words = wordsOf(text);
  return words.some((w, i) => COST_WORDS.has(w) || (w === "how" && words[i + 1] === "much"));
}

/** Whether a message asks about price at all: a cost question, or a quote or estimate. */
export function asksPrice(text: string): boolean {
  return asksCost(text) || wordsOf(text).some((w) => QUOTE_WORDS.has(w));
}

/** Whether priceAnswer would use the table for this message (so the chat fetches it only then). */
export function needsPriceTable(text: string): boolean {
  return asksCost(text) || (asksPrice(text) && serviceOfWords(wordsOf(text)) !== undefined);
}

// A number as people type it: 120, 1,200, 1 200, 12.5 or 12,5 (a comma before exactly three
// digits groups thousands; otherwise it is a decimal comma).
const NUMBER = String.raw`(\d{1,3}(?:[, ]\d{3})+(?!\d)|\d+(?:[.,]\d+)?)`;
const SQUARE_METRES = String.raw`(?:m2|sq\.?\s?m(?:etres?|eters?|trs?)?|sqm|square\s?m(?:etres?|eters?|trs?)?|m(?:etres?|eters?)\s?squared)`;
const SQUARE_FEET = String.raw`(?:ft2|sq\.?\s?f(?:ee)?t|sqft|square\s?f(?:ee|oo)?t|f(?:ee|oo)t\s?squared)`;
const AREA = new RegExp(String.raw`${NUMBER}\s?(?:${SQUARE_METRES}|(${SQUARE_FEET}))(?![a-z0-9])`, "i");
const METRE = String.raw`(?:m|metres?|meters?)`;
const DIMENSIONS = new RegExp(String.raw`${NUMBER}\s?${METRE}?\s?(?:x|×|by)\s?${NUMBER}\s?${METRE}(?![a-z0-9])`, "i");
const TILES = new RegExp(String.raw`${NUMBER}\s?(?:(?:damaged|broken|stained|ceiling|new)\s)?tiles?(?![a-z0-9])`, "i");
const SQUARE_FOOT_M2 = 0.09290304;

function toNumber(raw: string): number {
  const grouped = /^\d{1,3}(?:[, ]\d{3})+$/.test(raw);
  return Number(grouped ? raw.replace(/[, ]/g, "") : raw.replace(",", "."));
}

/** The floor or wall area a message gives, in m² (at most 2 decimals): "120 m2", "120 sq m", "10m x 12m", "1,200 sq ft". */
export function parseArea(text: string): number | undefined {
  const normal = text.normalize("NFKC").toLowerCase();
  const area = AREA.exec(normal);
  let m2: number | undefined;
  if (area) m2 = toNumber(area[1]!) * (area[2] ? SQUARE_FOOT_M2 : 1);
  else {
    const dims = DIMENSIONS.exec(normal);
    if (dims) m2 = toNumber(dims[1]!) * toNumber(dims[2]!);
  }
  return m2 !== undefined && Number.isFinite(m2) && m2 > 0 ? Math.round(m2 * 100) / 100 : undefined;
}

/** A number of ceiling tiles a message gives ("12 tiles", "3 damaged tiles"). */
export function parseTiles(text: string): number | undefined {
  const match = TILES.exec(text.normalize("NFKC").toLowerCase());
  const n = match ? toNumber(match[1]!) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

// Words that say which of a service's items is meant ("glass", "fire", "acoustic", "stud"): a word
// of the item's label, ignoring short words, numbers and the words that only name the service.
const LABEL_NOISE = new Set(["ceiling", "ceilings", "suspended", "partition", "partitions", "repair", "repairs"]);
function itemsMeant(items: PriceItem[], words: ReadonlyArray<string>): PriceItem[] {
  const asked = new Set(words.filter((w) => w.length >= 4 && !/\d/.test(w) && !LABEL_NOISE.has(w)));
  const scored = items.map((item) => ({
    item,
    score: new Set(wordsOf(item.label).filter((w) => asked.has(w))).size,
  }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best > 0 ? scored.filter((s) => s.score === best).map((s) => s.item) : items;
}

const BEFORE_VAT = `before VAT (${VAT_RATE_PERCENT}%)`;
const range = (low: number, high: number) =>
  low === high ? formatEuro(low) : `${formatEuro(low)}–${formatEuro(high)}`;

/** The quantity a message gives for an item, in the item's unit. */
function quantityFor(item: PriceItem, area: number | undefined, tiles: number | undefined): number | undefined {
  if (item.unit === "m2") return area;
  if (item.unit === "tile") return tiles;
  return undefined;
}

/** Rates and, where the message gives a size, ballparks for the items of one service. */
function serviceAnswer(service: Service, items: PriceItem[], table: PriceTable, text: string): BotReply {
  const { name, page } = SERVICE_COPY[service];
  const area = parseArea(text);
  const tiles = parseTiles(text);
  const lines: string[] = [];
  let sized: number | undefined;
  let minimumApplied = false;
  let tooBig = false;
  for (const item of items) {
    const quantity = quantityFor(item, area, tiles);
    if (quantity !== undefined && quantity > MAX_QUANTITY) tooBig = true;
    if (quantity === undefined || quantity > MAX_QUANTITY) {
      lines.push(`• ${item.label}: ${formatRate(item)}`);
      continue;
    }
    const estimate = computeEstimate(table, item, quantity, []);
    minimumApplied ||= estimate.minimumApplied;
    sized = quantity;
    lines.push(
      `• ${item.label}, ${formatQuantity(quantity, item.unit)}: about ${range(estimate.lowEur, estimate.highEur)} (${formatRate(item)})`,
    );
  }
  const intro =
    sized !== undefined
      ? `A ballpark for ${name} from our current price list, supplied and fitted, ${BEFORE_VAT}:`
      : `Our current rates for ${name}, supplied and fitted, ${BEFORE_VAT}:`;
  const after: string[] = [];
  if (minimumApplied) after.push(`Small jobs carry our minimum charge of ${formatEuro(table.minimumChargeEur)}.`);
  if (tooBig) after.push("A job that size is priced from a site survey rather than a rate.");
  if (sized === undefined && !tooBig) {
    after.push(
      items.some((i) => i.unit === "m2")
        ? "Tell me the size (for example 120 m²) and I'll work out a ballpark, or try our instant estimate."
        : "Tell me how many tiles or damaged areas there are and I'll work out a ballpark, or try our instant estimate.",
    );
  } else {
    after.push(
      "A guide, not a quote: a free site survey confirms the price. Our instant estimate adds options such as out-of-hours work.",
    );
  }
  return {
    text: `${intro}\n${lines.join("\n")}\n${after.join(" ")}`,
    links: [estimateLink(items.length === 1 ? items[0]!.key : undefined), page],
  };
}

/** Each service's lowest rate in its first item's unit: the answer to "what are your prices?". */
function overview(table: PriceTable, text: string): BotReply {
  const lines: string[] = [];
  for (const service of SERVICE_ORDER) {
    const items = table.items.filter((i) => i.service === service);
    if (!items.length) continue;
    const unit = items[0]!.unit;
    const cheapest = items.filter((i) => i.unit === unit).reduce((a, b) => (b.low < a.low ? b : a));
    const label = SERVICE_COPY[service].name;
    lines.push(
      `• ${label[0]!.toUpperCase()}${label.slice(1)}: from ${formatRate({ ...cheapest, high: cheapest.low })}`,
    );
  }
  const area = parseArea(text);
  const ask =
    area !== undefined
      ? `Tell me which work it is and I'll give you a ballpark for ${formatQuantity(area, "m2")}, or try our instant estimate.`
      : "Tell me the work and its size (for example a suspended ceiling of 120 m²) and I'll give you a ballpark, or try our instant estimate.";
  return {
    text: `Our current rates, supplied and fitted, ${BEFORE_VAT}:\n${lines.join("\n")}\n${ask}`,
    links: [estimateLink()],
  };
}

/**
 * The answer to a price question: with a service word ("how much / cost / price / quote" for a
 * partition), that service's rates (the items the message names, or all of them) and, with a size,
 * the ballpark for it; a cost question without one gets each service's starting rate. Undefined
 * otherwise (a plain "can I get a quote?" is answered by the rules), or when the table is empty.
 */
export function priceAnswer(text: string, table: PriceTable): BotReply | undefined {
  if (!asksPrice(text) || !table.items.length) return undefined;
  const words = wordsOf(text);
  const service = serviceOfWords(words);
  const items = service ? table.items.filter((i) => i.service === service) : [];
  if (service && items.length) return serviceAnswer(service, itemsMeant(items, words), table, text);
  return asksCost(text) ? overview(table, text) : undefined;
}

/** Whether a value is a usable price table (the answer of GET /api/prices, or what was kept of it). */
export function isPriceTable(value: unknown): value is PriceTable {
  if (value === null || typeof value !== "object") return false;
  const { items, minimumChargeEur } = value as Record<string, unknown>;
  return (
    typeof minimumChargeEur === "number" &&
    Array.isArray(items) &&
    items.every(
      (i: Record<string, unknown> | null) =>
        i !== null &&
        typeof i === "object" &&
        typeof i.key === "string" &&
        typeof i.label === "string" &&
        typeof i.service === "string" &&
        SERVICE_ORDER.includes(i.service as Service) &&
        (i.unit === "m2" || i.unit === "tile" || i.unit === "repair") &&
        typeof i.low === "number" &&
        typeof i.high === "number",
    )
  );
}

/** Fetches the current price table; null when it cannot be had (offline, server error): the chat then answers without figures. */
export async function fetchPriceTable(send: typeof fetch = fetch): Promise<PriceTable | null> {
  try {
    const response = await send(PRICES_ENDPOINT, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isPriceTable(body) ? body : null;
  } catch {
    return null;
  }
}
