import { useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import type SignaturePad from "signature_pad";
import { useHydrated } from "~/components/use-hydrated";
import { compactVatNumber } from "~/features/clients/irish-codes";
import { oneLineAddress } from "~/features/site/address-lines";
import type { FieldErrors } from "~/forms/field-errors";
import { useBusiness } from "~/root";
import type { PaymentSchedule } from "./payment-schedule";
import { PaymentScheduleView } from "./payment-schedule-view";
import { SignatureField } from "./signature-field";
import { formatDay, formatMoment, isExpired } from "./quote-dates";
import {
  formatCents,
  formatQuantity,
  formatRate,
  lineCounts,
  lineNetCents,
  quoteTotals,
  withSelection,
} from "./quote-totals";
import { updatedQuoteMessage } from "./quote-revision";
import { REVERSE_CHARGE_NOTE, UNIT_WORDS, type QuoteClient, type QuoteLine, type QuoteStatus } from "./quote-types";

// The quote as the client sees it (and staff preview it): the business and its VAT number, the
// lines, optional lines as checkboxes with the totals recalculated, deposit, validity, notes, the
// PDF, and the accept and decline forms. Everything works as plain HTML forms (posted to the page's
// own action); JavaScript makes the totals follow the ticks at once, sends the answers without a
// page load (the button waits meanwhile) and offers a drawn signature (loaded on request).

export type ClientQuote = {
  token: string;
  number: string;
  /** The version the page shows; the answer forms send it back. */
  revision: number;
  status: QuoteStatus;
  client: QuoteClient;
  lines: QuoteLine[];
  vatMode: "standard" | "reverse-charge";
  validUntil: string;
  depositPercent: number;
  payments: PaymentSchedule;
  /** Rendered and sanitised on the server. */
  notesHtml: string;
  issuedOn: string;
  acceptance: { name: string; at: string } | null;
  declinedAt: string | null;
};

export function QuoteDocument({
  quote,
  chosen,
  errors = {},
  today,
  updated = false,
  preview = false,
}: {
  quote: ClientQuote;
  chosen: string[] | null;
  /** What to correct in the accept or decline form, by field (the action's answer). */
  errors?: FieldErrors;
  today: string;
  /** The client answered an older revision: this is the one that stands now. */
  updated?: boolean;
  /** Staff preview: the forms are shown but cannot be sent. */
  preview?: boolean;
}) {
  const business = useBusiness();
  const answered = quote.status === "accepted" || quote.status === "declined";
  const expired = !answered && isExpired(quote.validUntil, new Date(today));
  const open = !answered && !expired;
  const [ticked, setTicked] = useState<Set<string>>(
    () => new Set(chosen ?? quote.lines.filter((l) => l.optional && l.selected).map((l) => l.id)),
  );
  const lines = answered ? quote.lines : withSelection(quote.lines, ticked);
  const totals = quoteTotals(lines, quote.vatMode, quote.depositPercent);
  const reverse = quote.vatMode === "reverse-charge";
  const hasOptions = quote.lines.some((l) => l.optional);
  const base = `/q/${quote.token}`;
  const a = business.address;

  const toggle = (id: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="min-h-screen bg-paper">
      <header className="bg-navy-900 text-white">
        <div className="container-page flex flex-col gap-2 py-6 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-xl font-bold">{business.name}</p>
            <p className="text-sm text-white/85">
              {oneLineAddress(a.street, a.locality, `${a.region} ${a.postalCode}`.trim())}
            </p>
          </div>
          <p className="text-sm text-white/85 sm:text-right">
            <a className="underline" href={`tel:${business.phoneE164}`}>
              {business.phone}
            </a>{" "}
            ·{" "}
            <a className="underline" href={`mailto:${business.email}`}>
              {business.email}
            </a>
            {business.vatNumber && (
              <>
                <br />
                VAT number {compactVatNumber(business.vatNumber)}
              </>
            )}
          </p>
        </div>
      </header>

      <main id="main-content" className="container-page py-8 sm:py-12">
        <div className="mx-auto max-w-4xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
            <div>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
                Quote <span className="whitespace-nowrap">{quote.number}</span>
              </h1>
              <p className="mt-2 text-slate-brand">
                For {quote.client.name}
                {quote.client.company ? `, ${quote.client.company}` : ""}
                {quote.client.address ? <span className="block">{oneLineAddress(quote.client.address)}</span> : null}
              </p>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm sm:text-right">
              <dt className="font-semibold">Revision</dt>
              <dd>{quote.revision}</dd>
              <dt className="font-semibold">Date</dt>
              <dd>{formatDay(quote.issuedOn.slice(0, 10))}</dd>
              <dt className="font-semibold">Valid until</dt>
              <dd>{formatDay(quote.validUntil)}</dd>
            </dl>
          </div>

          <StatusBanner quote={quote} expired={expired} phone={business.phone} phoneE164={business.phoneE164} />

          <form id="options" method="get" action={base}>
            <input type="hidden" name="choose" value="1" />
            <h2 className="sr-only">What is included</h2>
            <ul className="mt-6 divide-y divide-mist border-y-2 border-y-navy-900/80">
              {lines.map((line) => (
                <li key={line.id} className="flex items-start justify-between gap-4 py-3">
                  <div>
                    <LineChoice line={line} open={open} onToggle={toggle} />
                    <p className="mt-1 text-sm text-slate-brand">
                      {formatQuantity(line.quantity)} {UNIT_WORDS[line.unit]} × {formatCents(line.unitPriceCents)}
                      {reverse ? "" : `, VAT ${formatRate(line.vatRate)}`}
                    </p>
                  </div>
                  <p
                    className={`shrink-0 text-right font-semibold tabular-nums ${lineCounts(line) ? "" : "text-slate-brand line-through"}`}
                  >
                    <span className="sr-only">Net: </span>
                    {formatCents(lineNetCents(line))}
                  </p>
                </li>
              ))}
            </ul>
            {open && hasOptions && (
              // Without JavaScript the ticks reach the totals through this button; with it they follow at
              // once. In <noscript>, so hydration removes nothing and the page does not shift.
              <noscript>
                <button type="submit" className="btn-outline mt-4">
                  Update totals
                </button>
              </noscript>
            )}
          </form>

          <section aria-labelledby="totals-heading" className="mt-6 flex justify-end">
            <h2 id="totals-heading" className="sr-only">
              Totals
            </h2>
            <dl className="grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-live="polite">
              <dt>Net total</dt>
              <dd className="text-right tabular-nums">{formatCents(totals.netCents)}</dd>
              {totals.vat.map((v) => (
                <div key={v.rate} className="contents">
                  <dt>
                    VAT at {formatRate(v.rate)} on {formatCents(v.netCents)}
                  </dt>
                  <dd className="text-right tabular-nums">{formatCents(v.vatCents)}</dd>
                </div>
              ))}
              <dt className="border-t border-navy-900 pt-1 text-base font-bold">
                {reverse ? "Total (no VAT charged)" : "Total including VAT"}
              </dt>
              <dd className="border-t border-navy-900 pt-1 text-right text-base font-bold tabular-nums">
                {formatCents(totals.grossCents)}
              </dd>
              {totals.depositCents > 0 && (
                <>
                  <dt>Deposit on acceptance ({quote.depositPercent}%)</dt>
                  <dd className="text-right tabular-nums">{formatCents(totals.depositCents)}</dd>
                </>
              )}
            </dl>
          </section>
          {reverse && <p className="mt-4 font-semibold">{REVERSE_CHARGE_NOTE}</p>}
          <PaymentScheduleView payments={quote.payments} grossCents={totals.grossCents} />

          {quote.notesHtml && (
            <section aria-labelledby="notes-heading" className="mt-8">
              <h2 id="notes-heading" className="text-lg font-bold">
                Notes and terms
              </h2>
              <div className="rich-text mt-2" dangerouslySetInnerHTML={{ __html: quote.notesHtml }} />
            </section>
          )}

          <p className="mt-8">
            <a href={`${base}/pdf`} className="btn-outline">
              Download the PDF
            </a>
          </p>
        </div>

        {open && (
          <AnswerForms
            base={base}
            revision={quote.revision}
            updated={updated}
            ticked={[...ticked]}
            errors={errors}
            preview={preview}
            totalText={formatCents(totals.grossCents)}
          />
        )}
      </main>
    </div>
  );
}

function LineChoice({
  line,
  open,
  onToggle,
}: {
  line: QuoteLine;
  open: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  if (!line.optional) return <span className="font-medium">{line.description}</span>;
  const id = `line-${line.id}`;
  return (
    <span className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        name="selected"
        value={line.id}
        checked={line.selected}
        disabled={!open}
        onChange={(e) => onToggle(line.id, e.currentTarget.checked)}
        className="mt-1 h-5 w-5 shrink-0 accent-navy-900"
      />
      <label htmlFor={id} className="font-medium">
        {line.description} <span className="font-normal text-slate-brand">(optional)</span>
      </label>
    </span>
  );
}

function StatusBanner({
  quote,
  expired,
  phone,
  phoneE164,
}: {
  quote: ClientQuote;
  expired: boolean;
  phone: string;
  phoneE164: string;
}) {
  if (quote.acceptance)
    return (
      <p
        id="answer"
        role="status"
        className="mt-6 rounded-lg bg-green-50 p-4 font-semibold text-green-900 ring-1 ring-green-700/30"
      >
        Accepted by {quote.acceptance.name} on {formatMoment(new Date(quote.acceptance.at))}. Thank you: we will be in
        touch within one working day to agree a start date.
      </p>
    );
  if (quote.status === "declined")
    return (
      <p id="answer" role="status" className="mt-6 rounded-lg bg-paper p-4 font-semibold ring-1 ring-navy-900/20">
        You declined this quote{quote.declinedAt ? ` on ${formatMoment(new Date(quote.declinedAt))}` : ""}. Thank you
        for letting us know. If anything changes, ring us on{" "}
        <a className="underline" href={`tel:${phoneE164}`}>
          {phone}
        </a>
        .
      </p>
    );
  if (expired)
    return (
      <p id="answer" role="status" className="mt-6 rounded-lg bg-amber-50 p-4 font-semibold ring-1 ring-amber-deep/40">
        This quote expired on {formatDay(quote.validUntil)}. Please call us on{" "}
        <a className="underline" href={`tel:${phoneE164}`}>
          {phone}
        </a>{" "}
        and we will send you an up-to-date quote.
      </p>
    );
  return null;
}

function AnswerForms({
  base,
  revision,
  updated,
  ticked,
  errors,
  preview,
  totalText,
}: {
  base: string;
  revision: number;
  updated: boolean;
  ticked: string[];
  errors: FieldErrors;
  preview: boolean;
  totalText: string;
}) {
  const hydrated = useHydrated();
  const signature = useRef<HTMLInputElement>(null);
  const [pad, setPad] = useState<SignaturePad | null>(null);
  const navigation = useNavigation();
  const sending = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith(base) === true &&
    navigation.formData?.get("intent") === intent;
  // A form's reason is always text, so only the accept form has anything to correct.
  const acceptErrors = Object.entries(errors);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (preview) return event.preventDefault();
    if (signature.current) signature.current.value = pad && !pad.isEmpty() ? pad.toDataURL("image/png") : "";
  };
  return (
    <div className="mx-auto mt-8 grid max-w-4xl gap-6 lg:grid-cols-[2fr_1fr]">
      <section
        id="answer"
        aria-labelledby="accept-heading"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
      >
        <h2 id="accept-heading" className="text-xl font-bold">
          Accept this quote
        </h2>
        <p className="mt-1 text-sm text-slate-brand">
          Total {totalText}, with the optional items as ticked above. Your typed name is your signature.
        </p>
        {updated && (
          <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 font-semibold ring-1 ring-amber-deep/40">
            {updatedQuoteMessage(revision)}
          </p>
        )}
        {acceptErrors.length > 0 && (
          <div role="alert" className="mt-3 text-red-800">
            <p className="font-semibold">Please check the highlighted fields.</p>
            {acceptErrors.length > 1 && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {acceptErrors.map(([field, message]) => (
                  <li key={field}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <Form method="post" action={base} onSubmit={onSubmit} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="revision" value={revision} />
          {ticked.map((id) => (
            <input key={id} type="hidden" name="selected" value={id} />
          ))}
          <div>
            <label htmlFor="accept-name" className="block font-semibold">
              Your full name
            </label>
            <input
              id="accept-name"
              name="name"
              required
              maxLength={200}
              autoComplete="name"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "accept-name-error" : undefined}
              className="mt-1 w-full rounded-lg border border-slate-brand px-3 py-2"
            />
            {errors.name && (
              <p id="accept-name-error" className="mt-1 text-sm text-red-800">
                {errors.name}
              </p>
            )}
          </div>
          {/* The room for the signature link is kept before hydration, so nothing below it moves. */}
          <div className="min-h-6">{hydrated && <SignatureField pad={pad} onPad={setPad} />}</div>
          <input ref={signature} type="hidden" name="signature" defaultValue="" />
          {errors.signature && <p className="text-sm text-red-800">{errors.signature}</p>}
          {errors.selected && <p className="text-sm text-red-800">{errors.selected}</p>}
          <div className="flex items-start gap-2">
            <input
              id="accept-agree"
              type="checkbox"
              name="agree"
              value="true"
              required
              aria-invalid={errors.agree ? true : undefined}
              aria-describedby={errors.agree ? "accept-agree-error" : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-navy-900"
            />
            <label htmlFor="accept-agree">
              I accept this quote, its notes and terms, on behalf of the client named above.
            </label>
          </div>
          {errors.agree && (
            <p id="accept-agree-error" className="text-sm text-red-800">
              {errors.agree}
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={preview || sending("accept")}>
            Accept quote
          </button>
        </Form>
      </section>
      <section
        aria-labelledby="decline-heading"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
      >
        <h2 id="decline-heading" className="text-xl font-bold">
          Not going ahead?
        </h2>
        <Form method="post" action={base} onSubmit={(e) => preview && e.preventDefault()} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="revision" value={revision} />
          <label htmlFor="decline-reason" className="block text-sm">
            Tell us why, if you like (it helps us price better)
          </label>
          <textarea
            id="decline-reason"
            name="reason"
            rows={3}
            maxLength={1000}
            className="w-full rounded-lg border border-slate-brand px-3 py-2"
          />
          <button type="submit" className="btn-outline" disabled={preview || sending("decline")}>
            Decline quote
          </button>
        </Form>
      </section>
    </div>
  );
}
