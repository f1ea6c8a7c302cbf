import { type ReactNode } from "react";
import { Link } from "react-router";
import { rowButton } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { useToast } from "~/components/ui/toast";
import { formatDay, formatMoment } from "~/features/quotes/quote-dates";
import { formatCents, formatQuantity, formatRate, lineCounts, lineNetCents } from "~/features/quotes/quote-totals";
import { UNIT_WORDS } from "~/features/quotes/quote-types";
import { QuoteJobLink } from "./quote-job-link";
import { QuoteStatusBadge } from "./quote-status-badge";
// /admin/quotes/:id — one quote: the client's details, its lines (add, remove, move, or pick from
// the price table), VAT, validity, deposit and notes, with the totals worked out as staff type by
// the same function the server uses. Save (PUT), Send (with a confirmation), copy the client's
// link, the PDF, and a preview drawn as the client's page. Accepted or declined quotes are locked:
// shown read-only with the client's answer.
import { TotalsPanel, type Quote } from "./quote-lines-editor";

// The quote's heading and links, and the read-only view of an accepted or declined quote.

export function QuoteHeading({ quote, children }: { quote: Quote; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <p className="text-sm">
          <Link
            to="/admin/quotes"
            className="font-semibold text-navy-900 underline underline-offset-2 hover:no-underline"
          >
            Quotes
          </Link>
          <span aria-hidden="true"> / </span>
          <Link
            to={`/admin/contacts?lead=${quote.leadId}`}
            className="font-semibold text-navy-900 underline underline-offset-2 hover:no-underline"
          >
            Enquiry from {quote.client.name}
          </Link>
        </p>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold">
          Quote <span className="whitespace-nowrap">{quote.number}</span> <QuoteStatusBadge quote={quote} />
        </h1>
        <p className="mt-2 text-sm text-slate-brand">
          {quote.sentAt ? `Sent ${formatMoment(new Date(quote.sentAt))}` : "Not sent yet"}
          {quote.viewedAt ? ` · Opened by the client ${formatMoment(new Date(quote.viewedAt))}` : ""}
          {` · Valid until ${formatDay(quote.validUntil)}`}
        </p>
      </div>
      {children}
    </div>
  );
}

/** Preview, Copy link and PDF: the saved quote, whatever its status. */
export function QuoteLinks({ quote, unsaved }: { quote: Quote; unsaved: boolean }) {
  const toast = useToast();
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(quote.url);
      toast({
        title: "Link copied",
        description:
          quote.status === "draft"
            ? "The client's link is on your clipboard. It opens the quote once you have sent it."
            : "The client's link is on your clipboard: paste it into an e-mail or a message.",
      });
    } catch {
      toast({
        variant: "destructive",
        title: "Could not copy the link",
        description: `This browser did not allow it. The link is ${quote.url}`,
      });
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <a href={`/admin/quotes/${quote.id}/preview`} target="_blank" rel="noopener" className={rowButton.light}>
          Preview as the client sees it<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <button type="button" className={rowButton.light} onClick={() => void copyLink()}>
          Copy link
        </button>
        <a href={`/api/admin/quotes/${quote.id}/pdf`} target="_blank" rel="noopener" className={rowButton.light}>
          PDF<span className="sr-only"> of quote {quote.number} (opens in a new tab)</span>
        </a>
      </div>
      {unsaved && (
        <p className="text-sm text-slate-brand">The preview, the link and the PDF show the quote as last saved.</p>
      )}
    </div>
  );
}

/** An accepted or declined quote: read-only, with the client's answer. */
export function LockedQuote({ quote, job }: { quote: Quote; job: { id: number; number: string } | null }) {
  const a = quote.acceptance;
  const accepted = quote.status === "accepted";
  const optional = quote.lines.filter((l) => l.optional);
  return (
    <>
      <QuoteHeading quote={quote}>
        <QuoteLinks quote={quote} unsaved={false} />
      </QuoteHeading>
      <p role="note" className="mt-6 max-w-3xl rounded-lg bg-mist p-4">
        {accepted
          ? "The client accepted this quote, so it can no longer be changed. For different work, make a new quote on the enquiry."
          : "The client declined this quote, so it can no longer be changed. To offer something else, make a new quote on the enquiry."}
      </p>
      {job && <QuoteJobLink job={job} />}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-8">
          <Card title={accepted ? "Acceptance record" : "The client's answer"} large>
            {accepted && a ? (
              <dl className="mt-4 grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm font-semibold text-slate-brand">Accepted by</dt>
                  <dd className="mt-1 font-medium">{a.name}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-brand">On</dt>
                  <dd className="mt-1">{formatMoment(new Date(a.at))}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-brand">Signature</dt>
                  <dd className="mt-1">{a.signed ? "Typed name and a drawn signature" : "Typed name"}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold text-slate-brand">Accepted total</dt>
                  <dd className="mt-1 font-semibold tabular-nums">{formatCents(a.totals.grossCents)}</dd>
                </div>
                {optional.length > 0 && (
                  <div className="sm:col-span-2">
                    <dt className="text-sm font-semibold text-slate-brand">Optional items</dt>
                    <dd className="mt-1">
                      <ul className="list-disc pl-5">
                        {optional.map((l) => (
                          <li key={l.id}>
                            {l.description}: {a.selected.includes(l.id) ? "included" : "left out"}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <dl className="mt-4 grid gap-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm font-semibold text-slate-brand">Declined on</dt>
                  <dd className="mt-1">{quote.declinedAt ? formatMoment(new Date(quote.declinedAt)) : "Unknown"}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-sm font-semibold text-slate-brand">Reason given</dt>
                  <dd className="mt-1 whitespace-pre-line">{quote.declineReason || "No reason given"}</dd>
                </div>
              </dl>
            )}
          </Card>
          <Card title="Lines" large>
            <p className="mt-1 text-sm text-slate-brand">
              For {quote.client.name}
              {quote.client.company ? `, ${quote.client.company}` : ""} ({quote.client.email})
            </p>
            <ul className="mt-4 divide-y divide-mist">
              {quote.lines.map((l) => (
                <li key={l.id} className="flex justify-between gap-4 py-3">
                  <div>
                    <p className="font-medium">
                      {l.description}
                      {l.optional && <span className="font-normal text-slate-brand"> (optional)</span>}
                    </p>
                    <p className="text-sm text-slate-brand">
                      {formatQuantity(l.quantity)} {UNIT_WORDS[l.unit]} × {formatCents(l.unitPriceCents)}
                      {quote.vatMode === "reverse-charge" ? "" : `, VAT ${formatRate(l.vatRate)}`}
                      {l.goods ? ", goods" : ""}
                    </p>
                  </div>
                  <p
                    className={`shrink-0 font-semibold tabular-nums ${lineCounts(l) ? "" : "text-slate-brand line-through"}`}
                  >
                    {formatCents(lineNetCents(l))}
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <aside className="lg:self-start">
          <TotalsPanel
            totals={a?.totals ?? quote.totals}
            vatMode={quote.vatMode}
            depositPercent={quote.depositPercent}
            heading={accepted ? "Accepted totals" : "Totals"}
          />
        </aside>
      </div>
    </>
  );
}
