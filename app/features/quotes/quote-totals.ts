// Quote arithmetic in integer cents, the same on the server (the final word), in the admin editor
// and on the client's page (totals recalculated as options are ticked). Half-up rounding throughout.
import type { QuoteLine, QuoteTotals, VatMode, VatRate } from "./quote-types";
import { VAT_RATES } from "./quote-types";

/** a × b ÷ c for non-negative integers, rounded half-up (c > 0). BigInt: exact whatever the size. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const twice = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(twice / (2n * BigInt(c)));
}

/** Quantity (≤ 2 decimals) × unit price, rounded half-up to the cent. */
export function lineNetCents(line: Pick<QuoteLine, "quantity" | "unitPriceCents">): number {
  const hundredths = Math.round(line.quantity * 100);
  return mulDivHalfUp(hundredths, line.unitPriceCents, 100);
}

/**
 * VAT at `rate` on a net amount, rounded half-up to the cent (a negative net, as on a credit note,
 * mirrors the positive one). The one place VAT is rounded: quotes here, invoices in invoice-maths.ts.
 */
export function vatOn(netCents: number, rate: number): number {
  // 13.5 % = 135 / 1000: integers only, no binary fractions.
  const vat = mulDivHalfUp(Math.abs(netCents), Math.round(rate * 10), 1000);
  return netCents < 0 ? -vat : vat;
}

/** Whether a line counts: every line that is not optional, and optional ones that are ticked. */
export const lineCounts = (line: Pick<QuoteLine, "optional" | "selected">) => !line.optional || line.selected;

/** The lines with the client's choice of options applied (ids of the ticked optional lines). */
export function withSelection<L extends Pick<QuoteLine, "id" | "optional" | "selected">>(
  lines: ReadonlyArray<L>,
  selectedIds: ReadonlySet<string>,
): L[] {
  return lines.map((l) => (l.optional ? { ...l, selected: selectedIds.has(l.id) } : l));
}

/**
 * The totals over the lines that count: net, VAT per rate on the sum of each rate's lines (so a
 * rate's VAT is rounded once, not line by line), gross, and the deposit as a share of the gross.
 * Reverse charge: no VAT at all (the principal contractor accounts for it).
 */
export function quoteTotals(
  lines: ReadonlyArray<Pick<QuoteLine, "quantity" | "unitPriceCents" | "vatRate" | "optional" | "selected">>,
  vatMode: VatMode,
  depositPercent: number,
): QuoteTotals {
  const byRate = new Map<VatRate, number>();
  let netCents = 0;
  for (const line of lines) {
    if (!lineCounts(line)) continue;
    const net = lineNetCents(line);
    netCents += net;
    byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + net);
  }
  const vat =
    vatMode === "reverse-charge"
      ? []
      : VAT_RATES.filter((rate) => byRate.has(rate)).map((rate) => {
          const net = byRate.get(rate)!;
          return { rate, netCents: net, vatCents: vatOn(net, rate) };
        });
  const vatCents = vat.reduce((sum, v) => sum + v.vatCents, 0);
  const grossCents = netCents + vatCents;
  const depositCents = mulDivHalfUp(grossCents, Math.round(depositPercent * 100), 10_000);
  return { netCents, vat, vatCents, grossCents, depositCents };
}

/**
 * The two-thirds rule: when goods are more than two-thirds of the net, the whole supply is taxed
 * as goods (23 %). Staff are warned; nothing is blocked.
 */
export function goodsOverTwoThirds(
  lines: ReadonlyArray<Pick<QuoteLine, "quantity" | "unitPriceCents" | "goods" | "optional" | "selected">>,
): boolean {
  let net = 0;
  let goods = 0;
  for (const line of lines) {
    if (!lineCounts(line)) continue;
    const n = lineNetCents(line);
    net += n;
    if (line.goods) goods += n;
  }
  return net > 0 && goods * 3 > net * 2;
}

export const TWO_THIRDS_WARNING =
  "Goods are more than two-thirds of the net total: under the two-thirds rule the whole job may be taxed at 23% VAT. Check the VAT rates before sending.";

const euro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });
/** "€1,234.50" */
export const formatCents = (cents: number) => euro.format(cents / 100);

/** "13.5%" */
export const formatRate = (rate: number) => `${rate}%`;

/** "12.5" or "3" (no trailing zeros). */
export const formatQuantity = (q: number) => String(Math.round(q * 100) / 100);
