// A quote as stored and as the admin API and the client's page see it. Plain data only: shared by
// the server, the admin editor and the client's page (no validation library, no Node APIs).

import type { PaymentSchedule, QuoteClient, QuoteLine, QuoteStatus, QuoteUnit, VatMode } from "~/db/column-types";

// The column shapes live with the schema; the quotes feature is where the rest of the app finds them.
export { QUOTE_STATUSES, QUOTE_UNITS, VAT_MODES, VAT_RATES } from "~/db/column-types";
export type { QuoteClient, QuoteLine, QuoteStatus, QuoteTotals, QuoteUnit, VatMode, VatRate } from "~/db/column-types";

/** What staff edit (the create and PUT bodies). */
export type QuoteInput = {
  client: QuoteClient;
  lines: Array<Omit<QuoteLine, "id"> & { id?: string }>;
  vatMode: VatMode;
  /** YYYY-MM-DD; the quote can be accepted until the end of that day (Irish time). */
  validUntil: string;
  /** Always payments.depositPercent. */
  depositPercent: number;
  /** How the client pays: the deposit, stages, retention and defects period. */
  payments: PaymentSchedule;
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
