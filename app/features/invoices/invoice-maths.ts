// Invoice arithmetic on an accepted quote (issue 38), in integer cents, pure: the deposit, stage,
// final and retention-release invoices its payment schedule gives, credit notes, totals with VAT
// per rate, and RCT. VAT is rounded in one place (vatOn in quotes/quote-totals.ts).
//
// Every schedule document is worked out from where the account should stand after it (a position:
// the share of the work billed, the retention held and released) less what earlier documents
// billed, per VAT rate. So whatever order they come in, and after credit notes, the deposit,
// stages and retention releases add up to the accepted gross exactly: no cent lost or added. An
// invoice's VAT is the VAT on the cumulative net less the VAT billed before it, so it is within a
// cent of its own net × rate (EN 16931 allows that) while the schedule's VAT is the quote's VAT.
import type { PaymentSchedule } from "~/features/quotes/payment-schedule";
import { basisPoints } from "~/features/quotes/payment-schedule";
import { formatCents, formatRate, lineCounts, lineNetCents, mulDivHalfUp, vatOn } from "~/features/quotes/quote-totals";
import type { QuoteLine, VatMode, VatRate } from "~/features/quotes/quote-types";
import { VAT_RATES } from "~/features/quotes/quote-types";
import type { DocumentKind, InvoiceKind, InvoiceLine, RatePart } from "~/db/column-types";
import { addMonths } from "~/features/time/dublin-time";
export { INVOICE_KINDS } from "~/db/column-types";
export type { DocumentKind, InvoiceKind, InvoiceLine, RatePart } from "~/db/column-types";

/** Which half of the retention a retention invoice releases. */
export type RetentionRelease = "completion" | "defects";

/** RCT a principal contractor may withhold (Relevant Contracts Tax), as a percentage of the gross. */
export const RCT_RATES = [0, 20, 35] as const;
export type RctRate = (typeof RCT_RATES)[number];

export type InvoiceTotals = {
  netCents: number;
  vat: Array<{ rate: VatRate; netCents: number; vatCents: number }>;
  vatCents: number;
  grossCents: number;
  /** Retention held back by this document, excluding VAT (billed later by the retention invoices). */
  retentionCents: number;
};

export type BillingDocument = {
  kind: DocumentKind;
  /** A stage invoice's stage (0-based index in the schedule's stages). */
  stage?: number;
  /** A retention invoice's half. */
  release?: RetentionRelease;
  /** A credit note's invoice kind (what it takes back). */
  credits?: InvoiceKind;
  vatMode: VatMode;
  lines: InvoiceLine[];
  parts: RatePart[];
  /** Amounts as the document shows them: positive, a credit note's too. */
  totals: InvoiceTotals;
};

/** The accepted quote billing starts from: its lines with the client's choices, VAT mode and schedule. */
export type AcceptedQuote = {
  number: string;
  lines: ReadonlyArray<QuoteLine>;
  vatMode: VatMode;
  payments: PaymentSchedule;
};

type RateAmounts = Map<VatRate, { net: number; vat: number }>;

/** The accepted net and VAT per rate (VAT rounded once per rate, as quoteTotals does), and the gross. */
export function acceptedAmounts(quote: Pick<AcceptedQuote, "lines" | "vatMode">): {
  byRate: RateAmounts;
  grossCents: number;
} {
  const nets = new Map<VatRate, number>();
  for (const line of quote.lines) {
    if (!lineCounts(line)) continue;
    nets.set(line.vatRate, (nets.get(line.vatRate) ?? 0) + lineNetCents(line));
  }
  const byRate: RateAmounts = new Map();
  let grossCents = 0;
  for (const rate of VAT_RATES) {
    const net = nets.get(rate);
    if (net === undefined) continue;
    const vat = quote.vatMode === "reverse-charge" ? 0 : vatOn(net, rate);
    byRate.set(rate, { net, vat });
    grossCents += net + vat;
  }
  return { byRate, grossCents };
}

const PART_KEYS = ["workCents", "heldCents", "releasedCents", "netCents", "vatCents"] as const;
const emptyPart = (rate: VatRate): RatePart => ({
  rate,
  workCents: 0,
  heldCents: 0,
  releasedCents: 0,
  netCents: 0,
  vatCents: 0,
});

/** Whether a document counts towards the schedule: custom invoices (extras) and their credits do not. */
const onSchedule = (d: BillingDocument) => d.kind !== "custom" && !(d.kind === "credit-note" && d.credits === "custom");

/** What the schedule's documents billed so far, per rate. */
function billedSoFar(earlier: ReadonlyArray<BillingDocument>): Map<VatRate, RatePart> {
  const sums = new Map<VatRate, RatePart>();
  for (const doc of earlier.filter(onSchedule))
    for (const part of doc.parts) {
      const sum = sums.get(part.rate) ?? emptyPart(part.rate);
      for (const key of PART_KEYS) sum[key] += part[key];
      sums.set(part.rate, sum);
    }
  return sums;
}

/** The document's totals from its parts (a credit note's shown positive). */
export function totalsOf(parts: ReadonlyArray<RatePart>, vatMode: VatMode, sign: 1 | -1 = 1): InvoiceTotals {
  // 0 - n, not -1 × n: a credit note's zero reads 0, not -0.
  const shown = (n: number) => (sign === 1 ? n : 0 - n);
  const netCents = shown(parts.reduce((s, p) => s + p.netCents, 0));
  const vat =
    vatMode === "reverse-charge"
      ? []
      : parts
          .filter((p) => p.netCents !== 0 || p.vatCents !== 0)
          .map((p) => ({ rate: p.rate, netCents: shown(p.netCents), vatCents: shown(p.vatCents) }));
  const vatCents = vat.reduce((s, v) => s + v.vatCents, 0);
  return {
    netCents,
    vat,
    vatCents,
    grossCents: netCents + vatCents,
    retentionCents: shown(parts.reduce((s, p) => s + p.heldCents, 0)),
  };
}

/**
 * One line per rate for the work (or the release) a document bills; the rate is named when there are
 * several. Under the reverse charge no VAT is charged, so the line names the rate the principal
 * contractor accounts for ("items at the 13.5% rate, reverse charge"), not "13.5% VAT".
 */
function linesFor(
  parts: ReadonlyArray<RatePart>,
  description: string,
  amount: (p: RatePart) => number,
  vatMode: VatMode,
): InvoiceLine[] {
  const billed = parts.filter((p) => amount(p) !== 0);
  const rateNote = (rate: VatRate) =>
    vatMode === "reverse-charge"
      ? `items at the ${formatRate(rate)} rate, reverse charge`
      : `items at ${formatRate(rate)} VAT`;
  return billed.map((p) => ({
    description: billed.length > 1 ? `${description} (${rateNote(p.rate)})` : description,
    quantity: 1,
    unit: "item",
    unitPriceCents: amount(p),
    vatRate: p.rate,
  }));
}

/**
 * The deposit invoice: depositPercent of the accepted gross (the figure the quote promised), nothing
 * held back. The gross is shared across rates by their share of the gross and each rate's VAT is the
 * VAT fraction of its part (13.5/113.5), as for any payment received with VAT included. Null when
 * there is no deposit or the schedule has already billed something.
 */
export function depositInvoice(quote: AcceptedQuote, earlier: ReadonlyArray<BillingDocument>): BillingDocument | null {
  const { byRate, grossCents } = acceptedAmounts(quote);
  const depositGross = mulDivHalfUp(grossCents, basisPoints(quote.payments.depositPercent), 10_000);
  const billed = [...billedSoFar(earlier).values()];
  if (depositGross === 0 || billed.some((p) => p.netCents !== 0 || p.workCents !== 0)) return null;
  const reverse = quote.vatMode === "reverse-charge";
  const parts: RatePart[] = [];
  let grossBefore = 0;
  let shareBefore = 0;
  for (const [rate, amounts] of byRate) {
    grossBefore += amounts.net + amounts.vat;
    // Cumulative rounding: the rates' shares add up to the deposit exactly.
    const share = grossCents === 0 ? 0 : mulDivHalfUp(depositGross, grossBefore, grossCents);
    const gross = share - shareBefore;
    shareBefore = share;
    const vat = reverse ? 0 : mulDivHalfUp(gross, Math.round(rate * 10), 1000 + Math.round(rate * 10));
    parts.push({ ...emptyPart(rate), workCents: gross - vat, netCents: gross - vat, vatCents: vat });
  }
  const description = `Deposit of ${quote.payments.depositPercent}% on quote ${quote.number}`;
  return {
    kind: "deposit",
    vatMode: quote.vatMode,
    lines: linesFor(parts, description, (p) => p.workCents, quote.vatMode),
    parts,
    totals: totalsOf(parts, quote.vatMode),
  };
}

/**
 * The document that brings the account to a position (cumulative work and retention held, per rate)
 * from where earlier documents left it; null when there is nothing left to bill up to there.
 */
function toPosition(
  quote: AcceptedQuote,
  earlier: ReadonlyArray<BillingDocument>,
  target: (acceptedNet: number, before: RatePart) => { work: number; held: number; released: number },
): RatePart[] | null {
  const { byRate } = acceptedAmounts(quote);
  const billed = billedSoFar(earlier);
  const reverse = quote.vatMode === "reverse-charge";
  const parts: RatePart[] = [];
  for (const [rate, amounts] of byRate) {
    const before = billed.get(rate) ?? emptyPart(rate);
    const at = target(amounts.net, before);
    const work = at.work - before.workCents;
    const held = at.held - before.heldCents;
    const released = at.released - before.releasedCents;
    const net = work - held + released;
    const vat = reverse ? 0 : vatOn(before.netCents + net, rate) - before.vatCents;
    parts.push({ rate, workCents: work, heldCents: held, releasedCents: released, netCents: net, vatCents: vat });
  }
  return parts.some((p) => p.netCents !== 0 || p.workCents !== 0) ? parts : null;
}

/** The work position after the deposit and the first `stagesDone` stages, retention held from the stages. */
function stagePosition(payments: PaymentSchedule, stagesDone: number) {
  const stagesBp = payments.stages.slice(0, stagesDone).reduce((s, st) => s + basisPoints(st.percent), 0);
  const shareBp = basisPoints(payments.depositPercent) + stagesBp;
  const retentionBp = basisPoints(payments.retentionPercent);
  // Work invoices move the work and the retention held, never what was released.
  return (net: number, before: RatePart) => ({
    work: mulDivHalfUp(net, shareBp, 10_000),
    held: mulDivHalfUp(net, stagesBp * retentionBp, 100_000_000),
    released: before.releasedCents,
  });
}

/**
 * A stage invoice (`stage`: 0-based): the work up to the end of that stage, less the retention held
 * from the stages, less what earlier invoices billed. Null when the stage does not exist or there is
 * nothing left to bill up to it (already billed, or a later stage or the final invoice billed it).
 */
export function stageInvoice(
  quote: AcceptedQuote,
  stage: number,
  earlier: ReadonlyArray<BillingDocument>,
): BillingDocument | null {
  const stages = quote.payments.stages;
  if (!Number.isInteger(stage) || stage < 0 || stage >= stages.length) return null;
  const parts = toPosition(quote, earlier, stagePosition(quote.payments, stage + 1));
  if (!parts || parts.reduce((s, p) => s + p.workCents, 0) <= 0) return null;
  const st = stages[stage]!;
  const description = `Stage ${stage + 1} of ${stages.length}: ${st.label} (${st.percent}% of quote ${quote.number})`;
  return {
    kind: "stage",
    stage,
    vatMode: quote.vatMode,
    lines: linesFor(parts, description, (p) => p.workCents, quote.vatMode),
    parts,
    totals: totalsOf(parts, quote.vatMode),
  };
}

/** The final invoice: all the work not yet billed, less the retention held from it. */
export function finalInvoice(quote: AcceptedQuote, earlier: ReadonlyArray<BillingDocument>): BillingDocument | null {
  const parts = toPosition(quote, earlier, stagePosition(quote.payments, quote.payments.stages.length));
  if (!parts || parts.reduce((s, p) => s + p.workCents, 0) <= 0) return null;
  const description = `Final account on quote ${quote.number}`;
  return {
    kind: "final",
    vatMode: quote.vatMode,
    lines: linesFor(parts, description, (p) => p.workCents, quote.vatMode),
    parts,
    totals: totalsOf(parts, quote.vatMode),
  };
}

/**
 * A retention invoice: half the retention held so far at completion (rounded half-up), the rest at
 * the end of the defects period (`defectsMonths` later). Null when nothing is held or already released.
 */
export function retentionInvoice(
  quote: AcceptedQuote,
  release: RetentionRelease,
  earlier: ReadonlyArray<BillingDocument>,
): BillingDocument | null {
  const parts = toPosition(quote, earlier, (_net, before) => ({
    work: before.workCents,
    held: before.heldCents,
    released:
      release === "completion"
        ? Math.max(before.releasedCents, mulDivHalfUp(before.heldCents, 1, 2))
        : before.heldCents,
  }));
  if (!parts || parts.reduce((s, p) => s + p.releasedCents, 0) <= 0) return null;
  const description = `Retention held on quote ${quote.number}: ${
    release === "completion" ? "first half, released at completion" : "second half, released after the defects period"
  }`;
  return {
    kind: "retention",
    release,
    vatMode: quote.vatMode,
    lines: linesFor(parts, description, (p) => p.releasedCents, quote.vatMode),
    parts,
    totals: totalsOf(parts, quote.vatMode),
  };
}

/** An invoice for work outside the schedule (extras, variations): its lines as given, VAT per rate. */
export function customInvoice(lines: ReadonlyArray<InvoiceLine>, vatMode: VatMode): BillingDocument {
  const nets = new Map<VatRate, number>();
  for (const line of lines) nets.set(line.vatRate, (nets.get(line.vatRate) ?? 0) + lineNetCents(line));
  const parts = VAT_RATES.filter((rate) => nets.has(rate)).map((rate) => {
    const net = nets.get(rate)!;
    return {
      ...emptyPart(rate),
      workCents: net,
      netCents: net,
      vatCents: vatMode === "reverse-charge" ? 0 : vatOn(net, rate),
    };
  });
  return { kind: "custom", vatMode, lines: [...lines], parts, totals: totalsOf(parts, vatMode) };
}

export type CreditResult =
  { ok: true; creditNote: BillingDocument } | { ok: false; fieldErrors: Record<string, string> };

export const CREDIT_MESSAGES = {
  nothingLeft: "This invoice has already been credited in full",
  tooMuch: (rate: VatRate, leftCents: number) =>
    `A credit note can take back at most what is left on the invoice: ${formatCents(leftCents)} at ${formatRate(rate)} VAT`,
} as const;

/**
 * A credit note on an invoice: the whole of what is left on it (no `lines`), or the lines given
 * (part), at most what is left at each VAT rate after earlier credit notes. Its parts are negative
 * (they take back what the invoice billed); its totals read positive, as the document shows them.
 * Credited in full over several notes, the VAT comes back to the cent: the last note takes the rest.
 */
export function creditNote(
  invoice: BillingDocument,
  creditedBefore: ReadonlyArray<BillingDocument>,
  lines?: ReadonlyArray<InvoiceLine>,
): CreditResult {
  const left = new Map<VatRate, RatePart>();
  for (const part of [invoice, ...creditedBefore].flatMap((d) => d.parts)) {
    const sum = left.get(part.rate) ?? emptyPart(part.rate);
    for (const key of PART_KEYS) sum[key] += part[key];
    left.set(part.rate, sum);
  }
  const remaining = [...left.values()].filter((p) => PART_KEYS.some((k) => p[k] !== 0));
  if (remaining.length === 0) return { ok: false, fieldErrors: { lines: CREDIT_MESSAGES.nothingLeft } };
  const base = { kind: "credit-note" as const, credits: invoice.kind as InvoiceKind, vatMode: invoice.vatMode };
  const negate = (p: RatePart): RatePart => ({
    rate: p.rate,
    workCents: 0 - p.workCents,
    heldCents: 0 - p.heldCents,
    releasedCents: 0 - p.releasedCents,
    netCents: 0 - p.netCents,
    vatCents: 0 - p.vatCents,
  });
  if (!lines) {
    const parts = remaining.map(negate);
    const whole = creditedBefore.length === 0 ? [...invoice.lines] : null;
    const released = invoice.kind === "retention";
    return {
      ok: true,
      creditNote: {
        ...base,
        lines:
          whole ??
          linesFor(
            remaining,
            "The rest of the invoice",
            (p) => (released ? p.releasedCents : p.workCents),
            invoice.vatMode,
          ),
        parts,
        totals: totalsOf(parts, invoice.vatMode, -1),
      },
    };
  }
  const nets = new Map<VatRate, number>();
  for (const line of lines) nets.set(line.vatRate, (nets.get(line.vatRate) ?? 0) + lineNetCents(line));
  const parts: RatePart[] = [];
  for (const [rate, net] of nets) {
    const rest = left.get(rate) ?? emptyPart(rate);
    if (net > rest.netCents) return { ok: false, fieldErrors: { lines: CREDIT_MESSAGES.tooMuch(rate, rest.netCents) } };
    const vat =
      net === rest.netCents
        ? rest.vatCents
        : Math.min(rest.vatCents, invoice.vatMode === "reverse-charge" ? 0 : vatOn(net, rate));
    // A retention invoice billed a release; any other took work.
    const released = invoice.kind === "retention" ? net : 0;
    parts.push(
      negate({ ...emptyPart(rate), workCents: net - released, releasedCents: released, netCents: net, vatCents: vat }),
    );
  }
  return { ok: true, creditNote: { ...base, lines: [...lines], parts, totals: totalsOf(parts, invoice.vatMode, -1) } };
}

/** The RCT a principal withheld: `rctRate` % of the gross, rounded half-up; it counts as paid. */
export function rctCents(grossCents: number, rctRate: RctRate): number {
  return mulDivHalfUp(grossCents, rctRate, 100);
}

/** When the retention comes due: half at completion, the rest `defectsMonths` after it. */
export function retentionReleaseDates(completedOn: string, payments: Pick<PaymentSchedule, "defectsMonths">) {
  return { completion: completedOn, defects: addMonths(completedOn, payments.defectsMonths) };
}
