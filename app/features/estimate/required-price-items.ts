// Kept out of price-list.ts: the /estimate page loads that file, and these sentences are for the
// price table's admin (and the server's check) only.

/**
 * Items the site itself relies on, with why: the service pages' "instant estimate" buttons open
 * the estimate on them, and the seeded copy states their prices ({price:…}). Staff may change
 * their prices and wording but not remove them (the price table says so).
 */
export const REQUIRED_PRICE_ITEMS = {
  "basic-suspended-ceiling":
    "Needed: the Suspended Ceilings page's estimate button opens it, and the site's copy quotes its price.",
  "custom-acoustic-ceiling": "Needed: the site's copy quotes its price for custom ceilings.",
  "shop-ceiling": "Needed: the shop ceiling pages' estimate buttons open it, and their copy quotes its price.",
  "drywall-partition": "Needed: the Partitions page's estimate button opens it.",
  "ceiling-tile-replacement": "Needed: the Ceiling Repairs page's estimate button opens it.",
} as const satisfies Record<string, string>;
export type RequiredPriceItem = keyof typeof REQUIRED_PRICE_ITEMS;

/** Why the site needs this item, or undefined when staff may remove it. */
export const requiredBecause = (key: string): string | undefined =>
  (REQUIRED_PRICE_ITEMS as Record<string, string>)[key];
