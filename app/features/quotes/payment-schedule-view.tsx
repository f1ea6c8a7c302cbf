import { retentionSentence, scheduleRows, type PaymentSchedule } from "./payment-schedule";
import { formatCents } from "./quote-totals";

// The payment schedule on the client's quote page (and staff's preview of it): each payment's share
// of the total as the client's choices stand, the retention and the defects period.

export function PaymentScheduleView({ payments, grossCents }: { payments: PaymentSchedule; grossCents: number }) {
  const rows = scheduleRows(payments, grossCents);
  const retention = retentionSentence(payments);
  return (
    <section aria-labelledby="payments-heading" className="mt-8">
      <h2 id="payments-heading" className="text-lg font-bold">
        Payment schedule
      </h2>
      <table className="mt-2 w-full max-w-lg text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Share</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody aria-live="polite">
          {rows.map((row, i) => (
            <tr key={i} className="border-b border-mist">
              <th scope="row" className="py-1 pr-4 text-left font-normal">
                {row.label}
              </th>
              <td className="py-1 pr-4 text-right tabular-nums">{row.percent}%</td>
              <td className="py-1 text-right tabular-nums">{formatCents(row.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {retention && <p className="mt-2 text-sm">{retention}</p>}
      <p className="mt-2 text-sm">
        Defects period: {payments.defectsMonths} {payments.defectsMonths === 1 ? "month" : "months"} from completion.
      </p>
    </section>
  );
}
