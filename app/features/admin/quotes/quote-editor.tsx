import { useEffect, useRef, useState, type ReactNode } from "react";
import { data, Link, useRevalidator } from "react-router";
import { rowButton } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { UNIT_LABELS, type PriceList } from "~/features/estimate/price-list";
import { getPriceList } from "~/features/estimate/pricing.server";
import { formatDay, formatMoment } from "~/features/quotes/quote-dates";
import { QUOTE_LIMITS } from "~/features/quotes/quote-schema";
import {
  formatCents,
  formatQuantity,
  formatRate,
  goodsOverTwoThirds,
  lineCounts,
  lineNetCents,
  TWO_THIRDS_WARNING,
} from "~/features/quotes/quote-totals";
import {
  QUOTE_UNITS,
  REVERSE_CHARGE_NOTE,
  UNIT_WORDS,
  type QuoteTotals,
  type QuoteUnit,
  type VatMode,
  type VatRate,
} from "~/features/quotes/quote-types";
import { getQuote, type QuoteView } from "~/features/quotes/quotes.server";
import { useMutation } from "../list/mutation";
import { idParam } from "../list/resource-api.server";
import { MarkdownField } from "../markdown/markdown-field";
import type { Route } from "./+types/quote-editor";
import { jobOfQuote } from "~/features/jobs/jobs.server";
import { QuoteJobLink } from "./quote-job-link";
import {
  BLANK_LINE,
  draftBody,
  draftLine,
  draftOf,
  draftLineNetCents,
  draftTotals,
  followDeposit,
  lineFromPriceTable,
  newLineKey,
  type DraftLine,
  type QuoteDraft,
} from "./quote-draft";
import { clientHasQuote, SEND_BUTTON, SendQuoteDialog, SentQuoteNote, sendModeOf } from "./quote-send-dialog";
import { QuotePaymentsFields } from "./quote-payments-fields";
import { QuoteStatusBadge } from "./quote-status-badge";

// /admin/quotes/:id — one quote: the client's details, its lines (add, remove, move, or pick from
// the price table), VAT, validity, deposit and notes, with the totals worked out as staff type by
// the same function the server uses. Save (PUT), Send (with a confirmation), copy the client's
// link, the PDF, and a preview drawn as the client's page. Accepted or declined quotes are locked:
// shown read-only with the client's answer.

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Edit Quote");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context.services, "/admin/quotes/:id");
  const id = idParam(params.id);
  const db = context.services.database.db;
  const quote = id === null ? null : await getQuote(db, context.services.siteUrl, id);
  if (!quote)
    throw data("There is no quote with this number. It may have been deleted with its enquiry.", { status: 404 });
  // The price table staff edit at /admin/pricing (what GET /api/admin/pricing answers).
  const prices = await getPriceList(db);
  const job = quote.status === "accepted" ? await jobOfQuote(db, quote.id) : null;
  return data({ quote, prices, job }, { headers: adminHeaders() });
}

type Quote = Route.ComponentProps["loaderData"]["quote"];

const RATE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "13.5", label: "13.5%" },
  { value: "23", label: "23%" },
  { value: "0", label: "0%" },
];
const UNIT_OPTIONS = QUOTE_UNITS.map((u) => ({ value: u, label: u }));
const isLocked = (q: Pick<Quote, "status">) => q.status === "accepted" || q.status === "declined";
const timeOf = (d: string | Date) => new Date(d).getTime();

export default function QuoteEditor({ loaderData }: Route.ComponentProps) {
  const { quote, prices, job } = loaderData;
  return isLocked(quote) ? (
    <LockedQuote quote={quote} job={job} />
  ) : (
    <EditableQuote key={quote.id} quote={quote} prices={prices} />
  );
}

function QuoteHeading({ quote, children }: { quote: Quote; children?: ReactNode }) {
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
          Quote {quote.number} <QuoteStatusBadge quote={quote} />
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
function QuoteLinks({ quote, unsaved }: { quote: Quote; unsaved: boolean }) {
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

  async function send() {
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
        : await mutate<QuoteView>("POST", `/api/admin/quotes/${quote.id}/send`, undefined, options);
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
        onSend={() => void send()}
      />
    </>
  );
}

function LineEditor({
  line,
  index,
  last,
  vatMode,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  line: DraftLine;
  index: number;
  last: boolean;
  vatMode: VatMode;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<DraftLine>, field?: keyof DraftLine) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const what = line.description.trim() ? `: ${line.description.trim().slice(0, 60)}` : "";
  return (
    <li id={`line-${line.key}`} className="rounded-lg bg-paper p-4 ring-1 ring-navy-900/10">
      <fieldset>
        <legend className="sr-only">Line {n}</legend>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="font-semibold" aria-hidden="true">
            Line {n}
            {line.optional && <span className="ml-2 text-sm font-normal text-slate-brand">(optional)</span>}
          </p>
          <p className="font-semibold tabular-nums">
            <span className="text-sm font-normal text-slate-brand">Net </span>
            {formatCents(draftLineNetCents(line))}
          </p>
        </div>
        <div className="mt-2 grid grid-cols-2 gap-3 xl:grid-cols-4">
          <TextAreaField
            className="col-span-2 xl:col-span-4"
            label="Description"
            name={`lines.${index}.description`}
            data-field="description"
            rows={2}
            required
            maxLength={QUOTE_LIMITS.description}
            value={line.description}
            error={error("description")}
            onChange={(e) => onChange({ description: e.target.value }, "description")}
          />
          <TextField
            label="Quantity"
            name={`lines.${index}.quantity`}
            data-field="quantity"
            inputMode="decimal"
            required
            value={line.quantity}
            error={error("quantity")}
            onChange={(e) => onChange({ quantity: e.target.value }, "quantity")}
          />
          <SelectField
            label="Unit"
            name={`lines.${index}.unit`}
            value={line.unit}
            options={UNIT_OPTIONS}
            error={error("unit")}
            onChange={(e) => onChange({ unit: e.target.value as QuoteUnit }, "unit")}
          />
          <TextField
            label="Unit price (€)"
            name={`lines.${index}.unitPriceCents`}
            inputMode="decimal"
            required
            value={line.price}
            error={error("unitPriceCents")}
            onChange={(e) => onChange({ price: e.target.value }, "price")}
          />
          <SelectField
            label="VAT rate"
            name={`lines.${index}.vatRate`}
            value={String(line.vatRate)}
            options={RATE_OPTIONS}
            error={error("vatRate")}
            disabled={vatMode === "reverse-charge"}
            onChange={(e) => onChange({ vatRate: Number(e.target.value) as VatRate }, "vatRate")}
          />
        </div>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox
            label="Goods (materials supplied)"
            checked={line.goods}
            onChange={(goods) => onChange({ goods }, "goods")}
          />
          <Checkbox
            label="Optional for the client"
            checked={line.optional}
            onChange={(optional) => onChange({ optional, selected: optional ? line.selected : true }, "optional")}
          />
          {line.optional && (
            <Checkbox
              label="Ticked in to start with"
              checked={line.selected}
              onChange={(selected) => onChange({ selected }, "selected")}
            />
          )}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={rowButton.light}
            data-move="-1"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            Move up
            <span className="sr-only">
              {" "}
              line {n}
              {what}
            </span>
          </button>
          <button type="button" className={rowButton.light} data-move="1" disabled={last} onClick={() => onMove(1)}>
            Move down
            <span className="sr-only">
              {" "}
              line {n}
              {what}
            </span>
          </button>
          <button type="button" className={rowButton.danger} onClick={onRemove}>
            Remove
            <span className="sr-only">
              {" "}
              line {n}
              {what}
            </span>
          </button>
        </div>
      </fieldset>
    </li>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-10 items-center gap-2">
      <input
        type="checkbox"
        className="h-5 w-5 accent-navy-900"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** Add a line from the price table (its label, unit and the middle of its range) or a blank one. */
function AddLines({
  prices,
  onAdd,
}: {
  prices: PriceList;
  onAdd: (line: typeof BLANK_LINE, focus: "description" | "quantity") => void;
}) {
  const [choice, setChoice] = useState("");
  const perM2 = prices.options.filter((o) => o.kind === "per-m2");
  const item = choice.startsWith("item:") ? prices.items.find((i) => `item:${i.key}` === choice) : undefined;
  const picked = choice ? lineFromPriceTable(prices, choice) : null;
  return (
    <div className="mt-6 border-t border-mist pt-5">
      <SelectField
        label="Price table item"
        name="priceTableItem"
        value={choice}
        hint={
          item && picked
            ? `${formatCents(item.low * 100)}–${formatCents(item.high * 100)} ${UNIT_LABELS[item.unit].per} in the price table: the line starts at ${formatCents(picked.unitPriceCents)}.`
            : "The prices from Pricing, before VAT. Adjust the line once it is added."
        }
        onChange={(e) => setChoice(e.target.value)}
      >
        <option value="">Choose an item…</option>
        <optgroup label="Items">
          {prices.items.map((i) => (
            <option key={i.key} value={`item:${i.key}`}>
              {i.label} ({UNIT_LABELS[i.unit].per})
            </option>
          ))}
        </optgroup>
        {perM2.length > 0 && (
          <optgroup label="Extras per m²">
            {perM2.map((o) => (
              <option key={o.key} value={`option:${o.key}`}>
                {o.label} (+{formatCents(o.value * 100)} per m²)
              </option>
            ))}
          </optgroup>
        )}
      </SelectField>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={rowButton.dark}
          disabled={!picked}
          onClick={() => {
            if (!picked) return;
            onAdd(picked, "quantity");
            setChoice("");
          }}
        >
          Add from price table
        </button>
        <button
          type="button"
          id="add-line"
          className={rowButton.light}
          onClick={() => onAdd(BLANK_LINE, "description")}
        >
          Add a line
        </button>
      </div>
    </div>
  );
}

function TotalsPanel({
  totals,
  vatMode,
  depositPercent,
  heading = "Totals",
}: {
  totals: QuoteTotals;
  vatMode: VatMode;
  depositPercent: string | number;
  heading?: string;
}) {
  const row = "flex justify-between gap-4 py-1.5";
  return (
    <Card title={heading} large>
      <dl className="mt-3 divide-y divide-mist tabular-nums">
        <div className={row}>
          <dt>Net (before VAT)</dt>
          <dd>{formatCents(totals.netCents)}</dd>
        </div>
        {vatMode === "reverse-charge" ? (
          <div className="py-1.5 text-sm">
            <dt className="font-semibold">No VAT charged</dt>
            <dd className="text-slate-brand">{REVERSE_CHARGE_NOTE}.</dd>
          </div>
        ) : (
          totals.vat.map((v) => (
            <div key={v.rate} className={row}>
              <dt>
                VAT {formatRate(v.rate)} on {formatCents(v.netCents)}
              </dt>
              <dd>{formatCents(v.vatCents)}</dd>
            </div>
          ))
        )}
        <div className={`${row} text-lg font-bold`}>
          <dt>{vatMode === "reverse-charge" ? "Total" : "Total including VAT"}</dt>
          <dd>{formatCents(totals.grossCents)}</dd>
        </div>
        {totals.depositCents > 0 && (
          <div className={row}>
            <dt>Deposit ({String(depositPercent).trim().replace(/%$/, "")}%)</dt>
            <dd>{formatCents(totals.depositCents)}</dd>
          </div>
        )}
      </dl>
      <p className="mt-2 text-sm text-slate-brand">Optional lines count when they are ticked in to start with.</p>
    </Card>
  );
}

/** An accepted or declined quote: read-only, with the client's answer. */
function LockedQuote({ quote, job }: { quote: Quote; job: { id: number; number: string } | null }) {
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
