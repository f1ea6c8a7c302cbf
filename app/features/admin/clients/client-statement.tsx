import { Card } from "~/components/ui/card";
import type { Statement } from "~/features/invoices/statement-types";
import { formatDay } from "~/features/quotes/quote-dates";
import { formatCents } from "~/features/quotes/quote-totals";
import { formatCalendarDay } from "~/features/time/irish-format";

// The client's statement on their admin page (issue 38): invoices, credit notes, payments and RCT
// withheld in date order with the running balance, and the same as a PDF to send them. A payment
// received before its invoice was issued is flagged with the day the invoice is due by.

const LINK = "font-semibold text-navy-900 underline underline-offset-2 hover:no-underline";
const day = formatCalendarDay;

export function ClientStatement({ statement }: { statement: Statement }) {
  const { entries, balanceCents } = statement;
  const unmatched = entries.filter((e) => e.issueInvoiceBy);
  return (
    <Card title="Statement">
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <p className="text-lg font-semibold tabular-nums">
          {balanceCents < 0 ? "In credit: " : "Balance owed: "}
          {formatCents(Math.abs(balanceCents))}
        </p>
        <a href={`/api/admin/clients/${statement.client.id}/statement.pdf`} className={LINK}>
          Statement (PDF)
        </a>
      </div>
      {unmatched.length > 0 && (
        <p role="note" className="mt-3 rounded-lg bg-amber-brand/15 p-3 text-sm ring-1 ring-amber-brand/50">
          {unmatched.length === 1 ? "A payment was" : `${unmatched.length} payments were`} received with no invoice for
          it yet: issue the invoice by {formatDay(unmatched[0]!.issueInvoiceBy!)}.
        </p>
      )}
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-brand">No invoices or payments yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Statement of account, oldest first</caption>
            <thead>
              <tr className="text-left text-slate-brand">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Details
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Charges
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Payments
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-mist">
              {entries.map((e, i) => (
                // The statement is read-only and rebuilt whole: position is each row's identity.
                <tr key={`${e.kind}-${e.invoiceId}-${i}`}>
                  <td className="whitespace-nowrap py-2 pr-3">{day(e.date)}</td>
                  <td className="py-2 pr-3">
                    {e.details}
                    {e.issueInvoiceBy && (
                      <span className="ml-2 inline-block rounded bg-amber-100 px-2 text-xs font-semibold text-amber-900">
                        No invoice yet: issue it by {day(e.issueInvoiceBy)}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {e.chargeCents ? formatCents(e.chargeCents) : ""}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {e.creditCents ? formatCents(e.creditCents) : ""}
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatCents(e.balanceCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
