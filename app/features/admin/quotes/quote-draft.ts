import type { PriceList } from "~/features/estimate/price-list";
import { priceItemLine, priceOptionLine } from "~/features/quotes/quote-price-lines";
import { PAYMENT_MESSAGES } from "~/features/quotes/payment-schedule";
import { validateQuoteInput, type QuoteErrors } from "~/features/quotes/quote-schema";
import { lineNetCents, quoteTotals } from "~/features/quotes/quote-totals";
import type { QuoteClient, QuoteInput, QuoteLine, QuoteUnit, VatMode, VatRate } from "~/features/quotes/quote-types";

// The editor's working copy of a quote: numbers as typed (a half-typed "12." or "45,5" must not
// jump about), turned into the API's body on save, checked with the same schema the API uses.
// Prices are typed in euros and stored in cents. Kept apart from the page so it can be tested.

export type DraftLine = {
  /** React's key (the line's id once saved; new lines get one until then). */
  key: string;
  id?: string;
  description: string;
  quantity: string;
  unit: QuoteUnit;
  /** Euros before VAT, as typed. */
  price: string;
  vatRate: VatRate;
  optional: boolean;
  selected: boolean;
  goods: boolean;
};

/** The payment schedule as typed (the deposit is the draft's depositPercent). */
export type DraftPayments = {
  stages: Array<{ key: string; label: string; percent: string }>;
  retentionPercent: string;
  defectsMonths: string;
};

export type QuoteDraft = {
  client: QuoteClient;
  lines: DraftLine[];
  vatMode: VatMode;
  validUntil: string;
  depositPercent: string;
  payments: DraftPayments;
  notes: string;
};

const euros = (cents: number) => (cents / 100).toFixed(2);

export function draftLine(line: Omit<QuoteLine, "id"> & { id?: string }, key: string): DraftLine {
  return {
    key,
    id: line.id,
    description: line.description,
    quantity: String(line.quantity),
    unit: line.unit,
    price: euros(line.unitPriceCents),
    vatRate: line.vatRate,
    optional: line.optional,
    selected: line.selected,
    goods: line.goods,
  };
}

export function draftOf(quote: Omit<QuoteInput, "lines"> & { lines: QuoteLine[] }): QuoteDraft {
  return {
    client: { ...quote.client },
    lines: quote.lines.map((l) => draftLine(l, l.id)),
    vatMode: quote.vatMode,
    validUntil: quote.validUntil,
    depositPercent: String(quote.depositPercent),
    payments: {
      stages: quote.payments.stages.map((s, i) => ({ key: `stage-${i}`, label: s.label, percent: String(s.percent) })),
      retentionPercent: String(quote.payments.retentionPercent),
      defectsMonths: String(quote.payments.defectsMonths),
    },
    notes: quote.notes,
  };
}

let newKeys = 0;
/** A key for a line added in the browser (never rendered on the server, so no hydration mismatch). */
export const newLineKey = () => `new-${++newKeys}`;

export const BLANK_LINE: Omit<QuoteLine, "id"> = {
  description: "",
  quantity: 1,
  unit: "item",
  unitPriceCents: 0,
  vatRate: 13.5,
  optional: false,
  selected: true,
  goods: false,
};

/** "price-item:<key>" or "price-option:<key>" from the picker, as a new line (null: not in the table). */
export function lineFromPriceTable(prices: PriceList, choice: string): Omit<QuoteLine, "id"> | null {
  const [kind, key] = choice.split(":", 2);
  if (kind === "item") {
    const item = prices.items.find((i) => i.key === key);
    return item ? priceItemLine(item) : null;
  }
  const option = prices.options.find((o) => o.key === key && o.kind === "per-m2");
  return option ? priceOptionLine(option) : null;
}

/** A number as staff type it: "1,250.5" or "€45" or "12,5" (a lone comma read as a decimal point). */
export function typedNumber(text: string): number {
  let t = text.trim().replace(/[€\s]/g, "");
  if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(",", ".");
  else t = t.replace(/,/g, "");
  return t === "" ? Number.NaN : Number(t);
}

const twoDecimalsAtMost = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export const PRICE_MESSAGE = "Enter the unit price in euros before VAT, e.g. 45 or 45.50";
export const DEPOSIT_MESSAGE = "Deposit must be a percentage from 0 to 100";

/** A percentage as typed ("5", "5%", "" for 0). */
const typedPercent = (text: string) => (text.trim() === "" ? 0 : typedNumber(text.replace(/%/g, "")));

/**
 * The schedule after the deposit is retyped: a single stage takes the rest (so "30" leaves 70 % on
 * completion); with several stages staff share the rest out themselves.
 */
export function followDeposit(payments: DraftPayments, depositText: string): DraftPayments {
  const deposit = typedPercent(depositText);
  if (payments.stages.length !== 1 || !Number.isFinite(deposit) || deposit < 0 || deposit > 100) return payments;
  const rest = (10_000 - Math.round(deposit * 100)) / 100;
  return { ...payments, stages: [{ ...payments.stages[0]!, percent: String(rest) }] };
}

/** The schedule for the body: numbers as typed (the schema has the final word on them). */
function draftPayments(p: DraftPayments, deposit: number, local: QuoteErrors) {
  const stages = p.stages.map((s, i) => {
    const percent = typedPercent(s.percent);
    if (!Number.isFinite(percent)) local[`payments.stages.${i}.percent`] = PAYMENT_MESSAGES.percent;
    return { label: s.label, percent };
  });
  const retentionPercent = typedPercent(p.retentionPercent);
  if (!Number.isFinite(retentionPercent)) local["payments.retentionPercent"] = PAYMENT_MESSAGES.retentionPercent;
  const defectsMonths = p.defectsMonths.trim() === "" ? Number.NaN : typedNumber(p.defectsMonths);
  return { depositPercent: deposit, stages, retentionPercent, defectsMonths };
}

/** The body for PUT /api/admin/quotes/:id, or the errors keyed as the API keys them ("lines.2.unitPriceCents"). */
export function draftBody(draft: QuoteDraft): { ok: true; body: QuoteInput } | { ok: false; errors: QuoteErrors } {
  const local: QuoteErrors = {};
  const lines = draft.lines.map((l, i) => {
    const price = typedNumber(l.price);
    if (!Number.isFinite(price) || price < 0 || !twoDecimalsAtMost(price))
      local[`lines.${i}.unitPriceCents`] = PRICE_MESSAGE;
    return {
      ...(l.id ? { id: l.id } : {}),
      description: l.description,
      quantity: typedNumber(l.quantity),
      unit: l.unit,
      unitPriceCents: Number.isFinite(price) ? Math.round(price * 100) : Number.NaN,
      vatRate: l.vatRate,
      optional: l.optional,
      selected: l.optional ? l.selected : true,
      goods: l.goods,
    };
  });
  const deposit = draft.depositPercent.trim() === "" ? 0 : typedNumber(draft.depositPercent.replace(/%/g, ""));
  if (!Number.isFinite(deposit)) local.depositPercent = DEPOSIT_MESSAGE;
  const body = {
    client: draft.client,
    lines,
    vatMode: draft.vatMode,
    validUntil: draft.validUntil,
    depositPercent: deposit,
    payments: draftPayments(draft.payments, deposit, local),
    notes: draft.notes,
  };
  const checked = validateQuoteInput(body);
  const errors = { ...(checked.ok ? {} : checked.errors), ...local };
  if (Object.keys(errors).length > 0 || !checked.ok) return { ok: false, errors };
  return { ok: true, body: checked.data };
}

const readable = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** One line's net as typed so far (a number not yet readable counts as 0). */
export const draftLineNetCents = (line: Pick<DraftLine, "quantity" | "price">) =>
  lineNetCents({
    quantity: readable(typedNumber(line.quantity)),
    unitPriceCents: Math.round(readable(typedNumber(line.price)) * 100),
  });

/** The totals as typed so far: a number not yet readable counts as 0 until it is. */
export function draftTotals(draft: QuoteDraft) {
  const lines = draft.lines.map((l) => ({
    quantity: readable(typedNumber(l.quantity)),
    unitPriceCents: Math.round(readable(typedNumber(l.price)) * 100),
    vatRate: l.vatRate,
    optional: l.optional,
    selected: l.selected,
    goods: l.goods,
  }));
  const deposit = Math.min(100, readable(typedNumber(draft.depositPercent.replace(/%/g, ""))));
  return { lines, totals: quoteTotals(lines, draft.vatMode, deposit) };
}
