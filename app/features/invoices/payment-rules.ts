// What a payment does to an invoice (issue 38), pure and in cents: the RCT a principal withheld
// from it, and for money received before any invoice was issued for it, the day the VAT
// regulations give to issue one. The balance and the status after payments are balanceOf and
// invoiceStatusOf (invoice-view.ts), the one rule for each.
import { addMonths } from "~/features/time/dublin-time";
import { rctCents, type RctRate } from "./invoice-maths";

/**
 * The RCT withheld from a payment of `amountCents` at `rctRate` %: that rate of the gross the
 * payment settles (what arrived plus what was withheld). A payment that settles the whole balance
 * (what arrived is the balance less its RCT) withholds exactly `rctCents(balance, rate)`, so an
 * invoice paid in one go under 35 % RCT reads paid to the cent; otherwise the gross is what
 * arrived grossed up (amount × 100 / (100 − rate), rounded half-up).
 */
export function paymentRctCents(
  amountCents: number,
  rctRate: RctRate | null | undefined,
  balanceCents: number,
): number {
  if (!rctRate) return 0;
  const wholeRct = rctCents(balanceCents, rctRate);
  if (amountCents === balanceCents - wholeRct) return wholeRct;
  const gross = Math.floor((amountCents * 200 + (100 - rctRate)) / (2 * (100 - rctRate)));
  return gross - amountCents;
}

/**
 * Money received before an invoice is issued for it: the VAT regulations give until the 15th of
 * the month after the payment to issue the invoice. YYYY-MM-DD.
 */
export function issueInvoiceBy(paidOn: string): string {
  return `${addMonths(paidOn, 1).slice(0, 7)}-15`;
}
