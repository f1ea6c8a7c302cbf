import { STATUS_LABELS, type QuoteStatus } from "~/features/quotes/quote-types";

// A quote's status as a small pill: the list, the editor and the enquiry dialog. A sent or viewed
// quote past its last valid day shows as "Expired" (the client can no longer accept it).

const COLOURS: Record<QuoteStatus | "expired", string> = {
  draft: "bg-mist text-navy-900",
  sent: "bg-sky-100 text-sky-900",
  viewed: "bg-violet-100 text-violet-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-slate-200 text-slate-800",
  expired: "bg-amber-100 text-amber-900",
};

export const shownStatus = (q: { status: QuoteStatus; expired: boolean }) => (q.expired ? "expired" : q.status);

export function QuoteStatusBadge({ quote }: { quote: { status: QuoteStatus; expired: boolean } }) {
  const status = shownStatus(quote);
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ${COLOURS[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
