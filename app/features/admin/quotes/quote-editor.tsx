import { useEffect, useRef, useState } from "react";
import { data, useRevalidator } from "react-router";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { type PriceList } from "~/features/estimate/price-list";
import { getPriceList } from "~/features/estimate/pricing.server";
import { QUOTE_LIMITS } from "~/features/quotes/quote-schema";
import { goodsOverTwoThirds, TWO_THIRDS_WARNING } from "~/features/quotes/quote-totals";
import { type VatMode } from "~/features/quotes/quote-types";
import { getQuote, type QuoteView } from "~/features/quotes/quotes.server";
import { useMutation } from "../list/mutation";
import { idParam } from "../list/resource-api.server";
import { MarkdownField } from "../markdown/markdown-field";
import type { Route } from "./+types/quote-editor";
import { jobOfQuote } from "~/features/jobs/jobs.server";
import {
  type BLANK_LINE,
  draftBody,
  draftLine,
  draftOf,
  draftTotals,
  followDeposit,
  newLineKey,
  type DraftLine,
  type QuoteDraft,
} from "./quote-draft";
import { clientHasQuote, SEND_BUTTON, SendQuoteDialog, SentQuoteNote, sendModeOf } from "./quote-send-dialog";
import { QuotePaymentsFields } from "./quote-payments-fields";

// /admin/quotes/:id — one quote: the client's details, its lines (add, remove, move, or pick from
// the price table), VAT, validity, deposit and notes, with the totals worked out as staff type by
// the same function the server uses. Save (PUT), Send (with a confirmation), copy the client's
// link, the PDF, and a preview drawn as the client's page. Accepted or declined quotes are locked:
// shown read-only with the client's answer.

import { AddLines, isLocked, LineEditor, TotalsPanel, timeOf, type Quote } from "./quote-lines-editor";

import { LockedQuote, QuoteHeading, QuoteLinks } from "./quote-locked-view";
import { adminNotFound } from "../admin-not-found-content";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Edit Quote");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/quotes/:id");
  const id = idParam(params.id);
  const db = context.services.database.db;
  const quote = id === null ? null : await getQuote(db, context.services.siteUrl, id);
  if (!quote) throw adminNotFound("There is no quote with this number. It may have been deleted with its enquiry.");
  // The price table staff edit at /admin/pricing (what GET /api/admin/pricing answers).
  const prices = await getPriceList(db);
  const job = quote.status === "accepted" ? await jobOfQuote(db, quote.id) : null;
  return data({ quote, prices, job }, { headers: adminHeaders() });
}

export default function QuoteEditor({ loaderData }: Route.ComponentProps) {
  const { quote, prices, job } = loaderData;
  return isLocked(quote) ? (
    <LockedQuote quote={quote} job={job} />
  ) : (
    <EditableQuote key={quote.id} quote={quote} prices={prices} />
  );
}

function EditableQuote({ quote: loaded, prices }: { quote: Quote; prices: PriceList }) {
  const [quote, setQuote] = useState(loaded);
  const [draft, setDraft] = useState<QuoteDraft>(() => draftOf(loaded));
  const [saved, setSaved] = useState(() => JSON.stringify(draftOf(loaded)));
  /** A selector to focus once the next render is on screen. */
  const focusNext = useRef<string | null>(null);
  const setFocusTarget = (selector: string) => {
    focusNext.current = selector;
  };
  const [confirmSend, setConfirmSend] = useState<unknown>(null);
  const { mutate, pending, fieldErrors, showFieldErrors, clearFieldError, formRef, formError } = useMutation();
  const { revalidate } = useRevalidator();
  const dirty = JSON.stringify(draft) !== saved;

  // Fresh loader data (after a save, a send, or the client opening it meanwhile): take it unless
  // it is older than what this page already has, and replace the lines only when nothing is typed.
  const [seen, setSeen] = useState(loaded);
  if (seen !== loaded) {
    setSeen(loaded);
    if (timeOf(loaded.updatedAt) >= timeOf(quote.updatedAt)) {
      setQuote(loaded);
      if (!dirty) {
        setDraft(draftOf(loaded));
        setSaved(JSON.stringify(draftOf(loaded)));
      }
    }
  }

  // After a line is added or moved, focus follows it (so a keyboard user keeps their place).
  useEffect(() => {
    if (!focusNext.current) return;
    document.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const edit = (change: (d: QuoteDraft) => QuoteDraft, field?: string) => {
    setDraft(change);
    if (field) clearFieldError(field);
  };
  const setClient = (name: keyof QuoteDraft["client"], value: string) =>
    edit((d) => ({ ...d, client: { ...d.client, [name]: value } }), `client.${name}`);
  const setLine = (index: number, patch: Partial<DraftLine>, field?: keyof DraftLine) =>
    edit(
      (d) => ({ ...d, lines: d.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }),
      field ? `lines.${index}.${field === "price" ? "unitPriceCents" : field}` : undefined,
    );
  /** Adding, removing or moving lines changes their numbers: messages keyed by number no longer fit. */
  const restructure = (change: (lines: DraftLine[]) => DraftLine[]) => {
    setDraft((d) => ({ ...d, lines: change(d.lines) }));
    showFieldErrors({});
  };
  const addLine = (line: typeof BLANK_LINE, focus: "description" | "quantity") => {
    const key = newLineKey();
    restructure((lines) => [...lines, draftLine(line, key)]);
    setFocusTarget(`#line-${key} [data-field="${focus}"]`);
  };
  const move = (index: number, by: -1 | 1) => {
    const key = draft.lines[index]!.key;
    const to = index + by;
    restructure((lines) => {
      const next = [...lines];
      [next[index], next[to]] = [next[to]!, next[index]!];
      return next;
    });
    // The same button again, or its twin once the line reaches the top or the bottom.
    const atEdge = to === 0 || to === draft.lines.length - 1;
    setFocusTarget(`#line-${key} [data-move="${atEdge ? -by : by}"]`);
  };
  const remove = (index: number) => {
    const next = draft.lines[index + 1] ?? draft.lines[index - 1];
    restructure((lines) => lines.filter((_, i) => i !== index));
    setFocusTarget(next ? `#line-${next.key} [data-field="description"]` : "#add-line");
  };

  /** Saves what is typed; the lines stay as typed when the save fails. */
  async function save(quiet = false): Promise<boolean> {
    const checked = draftBody(draft);
    if (!checked.ok) {
      showFieldErrors(checked.errors);
      return false;
    }
    const done = await mutate<QuoteView>("PUT", `/api/admin/quotes/${quote.id}`, checked.body, {
      success: quiet ? undefined : { title: "Quote saved", description: `Quote ${quote.number} is saved.` },
      failure: "Could not save the quote",
    });
    if (!done.ok) {
      // Answered by the client meanwhile: show the locked quote with their answer.
      if (done.error.status === 409) void revalidate();
      return false;
    }
    const next = done.data;
    setQuote(next);
    setDraft(draftOf(next));
    setSaved(JSON.stringify(draftOf(next)));
    return true;
  }

  async function send(message: string) {
    const update = sendMode === "update";
    const checked = draftBody(draft);
    // A quote the client has: the change is saved and sent to them in one step (the next revision).
    if ((update && !checked.ok) || (dirty && !update && !(await save(true)))) {
      if (!checked.ok) showFieldErrors(checked.errors);
      return setConfirmSend(null);
    }
    const success = {
      title: update ? "Updated quote sent" : "Quote sent",
      description: `Quote ${quote.number} is on its way to ${draft.client.email}, with the PDF attached.`,
    };
    const options = { success, failure: "Could not send the quote", toastFieldErrors: true };
    const done =
      update && checked.ok
        ? await mutate<QuoteView>("PUT", `/api/admin/quotes/${quote.id}`, { ...checked.body, resend: true }, options)
        : await mutate<QuoteView>(
            "POST",
            `/api/admin/quotes/${quote.id}/send`,
            message.trim() ? { message } : undefined,
            options,
          );
    setConfirmSend(null);
    if (done.ok) {
      setQuote(done.data);
      setDraft(draftOf(done.data));
      setSaved(JSON.stringify(draftOf(done.data)));
    } else if (done.error.status === 409) void revalidate();
  }

  const { lines: counted, totals } = draftTotals(draft);
  const twoThirds = goodsOverTwoThirds(counted);
  const errorCount = Object.keys(fieldErrors).length;
  const lineError = (i: number, field: string) => fieldErrors[`lines.${i}.${field}`];
  const sendMode = sendModeOf(quote, dirty);

  return (
    <>
      <QuoteHeading quote={quote}>
        <QuoteLinks quote={quote} unsaved={dirty} />
      </QuoteHeading>

      <form
        ref={formRef}
        noValidate
        className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
        onSubmit={(e) => {
          e.preventDefault();
          // The client has this quote: a change only goes with the update to them (confirmed first).
          if (clientHasQuote(quote)) {
            if (dirty) setConfirmSend({ at: Date.now() });
          } else void save();
        }}
      >
        <div className="min-w-0 space-y-8">
          {(errorCount > 0 || formError) && (
            <FormAlert>
              {errorCount > 0
                ? `Nothing was saved: please correct the ${errorCount === 1 ? "field marked" : `${errorCount} fields marked`} below. Your lines are as you typed them.`
                : formError}
            </FormAlert>
          )}
          {fieldErrors.body && <FormAlert>{fieldErrors.body}</FormAlert>}

          <Card title="Client" large>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField
                label="Name"
                name="client.name"
                required
                value={draft.client.name}
                maxLength={QUOTE_LIMITS.name}
                error={fieldErrors["client.name"]}
                onChange={(e) => setClient("name", e.target.value)}
              />
              <TextField
                label="Company"
                name="client.company"
                optional
                value={draft.client.company}
                maxLength={QUOTE_LIMITS.company}
                error={fieldErrors["client.company"]}
                onChange={(e) => setClient("company", e.target.value)}
              />
              <TextField
                label="E-mail"
                name="client.email"
                type="email"
                required
                hint="The quote is sent here."
                value={draft.client.email}
                error={fieldErrors["client.email"]}
                onChange={(e) => setClient("email", e.target.value)}
              />
              <TextAreaField
                label="Address"
                name="client.address"
                optional
                rows={2}
                hint="The site or the client's office, as it should appear on the quote."
                value={draft.client.address}
                maxLength={QUOTE_LIMITS.address}
                error={fieldErrors["client.address"]}
                onChange={(e) => setClient("address", e.target.value)}
              />
            </div>
          </Card>

          <Card title="Lines" large>
            <p className="mt-1 text-sm text-slate-brand">
              Prices in euros before VAT. VAT is 13.5% on installation work and 23% on goods and fittings. An optional
              line is one the client can tick in or out on their quote page.
            </p>
            {fieldErrors.lines && (
              <p className="mt-2 font-medium text-red-700" role="alert">
                {fieldErrors.lines}
              </p>
            )}
            {draft.lines.length === 0 ? (
              <p className="mt-4 rounded-lg bg-paper p-4 text-slate-brand">
                No lines yet. Add one from the price table, or a line of your own.
              </p>
            ) : (
              <ol className="mt-4 space-y-4">
                {draft.lines.map((line, i) => (
                  <LineEditor
                    key={line.key}
                    line={line}
                    index={i}
                    last={i === draft.lines.length - 1}
                    vatMode={draft.vatMode}
                    error={(field) => lineError(i, field)}
                    onChange={(patch, field) => setLine(i, patch, field)}
                    onMove={(by) => move(i, by)}
                    onRemove={() => remove(i)}
                  />
                ))}
              </ol>
            )}
            <AddLines prices={prices} onAdd={addLine} />
          </Card>

          <Card title="VAT, validity, deposit and notes" large>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <SelectField
                label="VAT"
                name="vatMode"
                className="sm:col-span-2"
                value={draft.vatMode}
                error={fieldErrors.vatMode}
                hint="Reverse charge (RCT) when you work for a principal contractor: no VAT is charged and the quote says who accounts for it."
                options={[
                  { value: "standard", label: "Standard: charge VAT on each line" },
                  { value: "reverse-charge", label: "Reverse charge: the principal contractor accounts for VAT" },
                ]}
                onChange={(e) => edit((d) => ({ ...d, vatMode: e.target.value as VatMode }), "vatMode")}
              />
              <TextField
                label="Valid until"
                name="validUntil"
                type="date"
                required
                value={draft.validUntil}
                error={fieldErrors.validUntil}
                onChange={(e) => edit((d) => ({ ...d, validUntil: e.target.value }), "validUntil")}
              />
              <TextField
                label="Deposit (%)"
                name="depositPercent"
                inputMode="decimal"
                hint="Of the total including VAT; 0 for none."
                value={draft.depositPercent}
                error={fieldErrors.depositPercent}
                onChange={(e) =>
                  edit(
                    (d) => ({
                      ...d,
                      depositPercent: e.target.value,
                      payments: followDeposit(d.payments, e.target.value),
                    }),
                    "depositPercent",
                  )
                }
              />
            </div>
            <QuotePaymentsFields
              depositPercent={draft.depositPercent}
              payments={draft.payments}
              errors={fieldErrors}
              onChange={(payments, field) => edit((d) => ({ ...d, payments }), field)}
            />
            <MarkdownField
              className="mt-6"
              label="Notes"
              name="notes"
              optional
              hint="Terms, payment, access or exclusions: shown under the lines and on the PDF."
              previewLabel="Notes as the client sees them"
              rows={6}
              maxLength={QUOTE_LIMITS.notes}
              value={draft.notes}
              error={fieldErrors.notes}
              onChange={(e) => edit((d) => ({ ...d, notes: e.target.value }), "notes")}
            />
          </Card>
        </div>

        <aside className="lg:sticky lg:top-6 lg:self-start">
          <TotalsPanel totals={totals} vatMode={draft.vatMode} depositPercent={draft.depositPercent} />
          <div aria-live="polite">
            {twoThirds && (
              <p className="mt-4 rounded-lg bg-amber-brand/15 p-3 text-sm ring-1 ring-amber-brand/50">
                <strong>Two-thirds rule:</strong> {TWO_THIRDS_WARNING}
              </p>
            )}
          </div>
          <div className="mt-4 flex flex-col gap-2">
            {!clientHasQuote(quote) && (
              <button type="submit" className="btn-dark" disabled={pending}>
                {pending ? "Saving..." : dirty ? "Save quote" : "Saved"}
              </button>
            )}
            <button
              type="button"
              className="btn-primary"
              disabled={pending}
              onClick={() => setConfirmSend({ at: Date.now() })}
            >
              {SEND_BUTTON[sendMode]}
            </button>
            {clientHasQuote(quote) && <SentQuoteNote revision={quote.revision} />}
          </div>
        </aside>
      </form>

      <SendQuoteDialog
        open={confirmSend}
        mode={sendMode}
        number={quote.number}
        revision={quote.revision}
        client={draft.client}
        grossCents={totals.grossCents}
        vatMode={draft.vatMode}
        dirty={dirty}
        pending={pending}
        onClose={() => setConfirmSend(null)}
        onSend={(message) => void send(message)}
      />
    </>
  );
}
