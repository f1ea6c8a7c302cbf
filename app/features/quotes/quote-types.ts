// A quote as stored and as the admin API and the client's page see it. Plain data only: shared by
// the server, the admin editor and the client's page (no validation library, no Node APIs).

export const QUOTE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_UNITS = ["m²", "m", "each", "hour", "day", "item"] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];

/** Irish VAT: 13.5 % on installation work, 23 % on goods and fittings, 0 (zero-rated). */
export const VAT_RATES = [13.5, 23, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_MODES = ["standard", "reverse-charge"] as const;
export type VatMode = (typeof VAT_MODES)[number];

export type QuoteLine = {
  id: string;
  description: string;
  /** More than 0, at most 2 decimals. */
  quantity: number;
  unit: QuoteUnit;
  /** Before VAT. */
  unitPriceCents: number;
  vatRate: VatRate;
  /** The client may tick it in or out; `selected` is its default. Lines that are not optional always count. */
  optional: boolean;
  selected: boolean;
  /** Materials supplied (for the two-thirds rule). */
  goods: boolean;
};

export type QuoteClient = { name: string; company: string; email: string; address: string };

export type QuoteTotals = {
  netCents: number;
  vat: Array<{ rate: VatRate; netCents: number; vatCents: number }>;
  vatCents: number;
  grossCents: number;
  depositCents: number;
};

/** What staff edit (the create and PUT bodies). */
export type QuoteInput = {
  client: QuoteClient;
  lines: Array<Omit<QuoteLine, "id"> & { id?: string }>;
  vatMode: VatMode;
  /** YYYY-MM-DD; the quote can be accepted until the end of that day (Irish time). */
  validUntil: string;
  depositPercent: number;
  notes: string;
};

export const STATUS_LABELS: Record<QuoteStatus | "expired", string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

/** The sentence a reverse-charge (RCT) quote carries instead of VAT. */
export const REVERSE_CHARGE_NOTE = "VAT on this supply to be accounted for by the principal contractor";

export const UNIT_WORDS: Record<QuoteUnit, string> = {
  "m²": "m²",
  m: "m",
  each: "each",
  hour: "hours",
  day: "days",
  item: "item",
};
