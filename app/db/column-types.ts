// The shapes of the values the database holds in JSON and enum-like text columns. They live on the
// database floor so schema.ts depends on nothing above it; the features that own each shape
// re-export it with their wording and rules (price-list, stored-estimate, quote-types, slots).
// Plain data only: shared by the server and the pages.

/** The services the business offers, in the order they are offered (spec section 3). */
export const SERVICE_OPTIONS = [
  "Partitions",
  "Suspended Ceilings",
  "Shop Ceiling Installation",
  "Ceiling Repairs",
  "Other",
] as const;
export type ServiceOption = (typeof SERVICE_OPTIONS)[number];

// --- The price table (price_list.items / options) ---

/** What an item is priced per: square metres of ceiling or wall, ceiling tiles, or repair areas. */
export const PRICE_UNITS = ["m2", "tile", "repair"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** How an option changes the price: a percentage of the item's cost, or euros per m² on top. */
export const OPTION_KINDS = ["percent", "per-m2"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export type PriceItem = {
  /** Stable reference used by the API and old estimates: lowercase words joined by hyphens. */
  key: string;
  /** The contact form's service the item belongs to (it is chosen when the estimate becomes a lead). */
  service: Exclude<ServiceOption, "Other">;
  label: string;
  unit: PriceUnit;
  /** Euros per unit, before VAT. */
  low: number;
  high: number;
};

export type PriceOption = {
  key: string;
  label: string;
  kind: OptionKind;
  /** A percentage (15 = +15%) or euros per m², before VAT. */
  value: number;
};

// --- An estimate as it travels with a lead (contact_submissions.estimate) ---

/** A place an Eircode or town was taken to be. */
export type Place = { label: string; routingKey: string | null };

export type StoredEstimate = {
  item: string;
  itemLabel: string;
  service: PriceItem["service"];
  unit: PriceItem["unit"];
  quantity: number;
  options: Array<{ key: string; label: string }>;
  /** What the visitor typed, and the place it was taken to be (null: none given or not found). */
  location: string | null;
  place: Place | null;
  lowEur: number;
  highEur: number;
  currency: "EUR";
  inServiceArea: boolean | null;
  distanceKm: number | null;
  /** ISO time the estimate was made. */
  estimatedAt: string;
};

// --- Quotes (quotes.client / lines / totals) ---

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

/** A stage of the payment schedule: "First fix", 40 (% of the accepted gross, at most 2 decimals). */
export type PaymentStage = { label: string; percent: number };

/**
 * How an accepted quote is paid (quotes.payments, quote_acceptances.payments): the deposit and the
 * stages add up to 100 %; retention is held from each stage and released half at completion, half
 * after `defectsMonths`.
 */
export type PaymentSchedule = {
  depositPercent: number;
  stages: PaymentStage[];
  retentionPercent: number;
  defectsMonths: number;
};

// --- Invoices (invoices.lines, invoices.parts, invoices.seller/buyer) ---

export const INVOICE_KINDS = ["deposit", "stage", "final", "retention", "custom"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export type DocumentKind = InvoiceKind | "credit-note";

/** Draft until issued (numbered and frozen); then part-paid, paid, or credited in full. */
export const INVOICE_STATUSES = ["draft", "issued", "part-paid", "paid", "credited"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_METHODS = ["transfer", "card", "cheque", "cash"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A line as on quotes, without the client's choices: what the invoice (or credit note) bills. */
export type InvoiceLine = {
  description: string;
  quantity: number;
  unit: QuoteUnit;
  /** Before VAT. */
  unitPriceCents: number;
  vatRate: VatRate;
};

/**
 * What a document does to the accepted quote's account at one VAT rate, signed (a credit note's
 * parts are negative): work billed, retention held back from it, retention released, the net
 * (work − held + released) and its VAT.
 */
export type RatePart = {
  rate: VatRate;
  workCents: number;
  heldCents: number;
  releasedCents: number;
  netCents: number;
  vatCents: number;
};

/** Who a document is from or to, as printed on it (section 66), frozen when it is issued. */
export type InvoiceParty = {
  name: string;
  /** One line per entry. */
  address: string[];
  eircode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatNumber: string;
  email: string;
};

// --- Survey hours (staff_availability.hours) ---

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Ranges of wall-clock time per weekday, e.g. mon: [["09:00", "13:00"], ["14:00", "17:00"]]. */
export type WeekHours = Record<Weekday, Array<[string, string]>>;

// --- Project pages (projects.photos) ---

/** A before/after pair: the photo shows the space before or after the work. */
export const PHOTO_PAIRS = ["before", "after"] as const;
export type PhotoPair = (typeof PHOTO_PAIRS)[number];

/**
 * One photo of a project, in the order shown. `uploadId` names an upload (its variants serve the
 * responsive sizes); `src` is the largest JPEG of that upload, or a file the site serves itself
 * (the demo SVGs). width and height are the image's size at `src`, for the page's layout.
 */
export type ProjectPhoto = {
  uploadId: string | null;
  src: string;
  alt: string;
  width: number;
  height: number;
  pair?: PhotoPair;
};
