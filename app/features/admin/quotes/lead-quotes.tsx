import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { apiRequest } from "~/api/api-client";
import { rowButton } from "~/components/ui/button-styles";
import { formatCents } from "~/features/quotes/quote-totals";
import type { QuoteStatus } from "~/features/quotes/quote-types";
import { useMutation } from "../list/mutation";
import { QuoteStatusBadge } from "./quote-status-badge";

// The quotes on one enquiry, in its dialog: each opens in the editor, and "Create quote" starts a
// new one from the enquiry (its name and e-mail, and its instant estimate's lines if it had one).

type LeadQuote = { id: number; number: string; status: QuoteStatus; expired: boolean; grossCents: number };

const LABEL = "text-sm font-semibold uppercase tracking-wider text-slate-brand";

export function LeadQuotes({ leadId, name }: { leadId: number; name: string }) {
  const navigate = useNavigate();
  const { mutate, pending } = useMutation();
  const [quotes, setQuotes] = useState<LeadQuote[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    apiRequest<LeadQuote[]>("GET", `/api/admin/quotes?leadId=${leadId}`).then(
      (rows) => !cancelled && setQuotes(rows),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [leadId]);

  async function create() {
    const done = await mutate<{ id: number; number: string }>(
      "POST",
      `/api/admin/contacts/${leadId}/quotes`,
      undefined,
      {
        success: (q) => ({
          title: "Quote created",
          description: `Quote ${q.number} for ${name} is a draft until you send it.`,
        }),
        failure: "Could not create the quote",
        revalidate: false,
      },
    );
    if (done.ok) void navigate(`/admin/quotes/${done.data.id}`);
  }

  return (
    <section aria-labelledby={`lead-quotes-${leadId}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`lead-quotes-${leadId}`} className={LABEL}>
          Quotes
        </h3>
        <button type="button" className={rowButton.dark} disabled={pending} onClick={() => void create()}>
          {pending ? "Creating..." : "Create quote"}
        </button>
      </div>
      {failed ? (
        <p className="mt-1 text-slate-brand">
          The quotes could not be loaded. Close and reopen the enquiry to try again.
        </p>
      ) : quotes === null ? (
        <p className="mt-1 text-slate-brand">Loading quotes…</p>
      ) : quotes.length === 0 ? (
        <p className="mt-1 text-slate-brand">No quote yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-mist rounded-lg bg-paper px-3">
          {quotes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{q.number}</span>
                <QuoteStatusBadge quote={q} />
                <span className="tabular-nums text-slate-brand">{formatCents(q.grossCents)} inc. VAT</span>
              </span>
              <Link to={`/admin/quotes/${q.id}`} className={rowButton.light}>
                Open quote<span className="sr-only"> {q.number}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
