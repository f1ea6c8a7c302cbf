import { useState } from "react";
import { rowButton } from "~/components/ui/button-styles";
import { Card } from "~/components/ui/card";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { UNIT_LABELS, type PriceList } from "~/features/estimate/price-list";
import { QUOTE_LIMITS } from "~/features/quotes/quote-schema";
import { formatCents, formatRate } from "~/features/quotes/quote-totals";
import {
  QUOTE_UNITS,
  REVERSE_CHARGE_NOTE,
  type QuoteTotals,
  type QuoteUnit,
  type VatMode,
  type VatRate,
} from "~/features/quotes/quote-types";
import type { Route } from "./+types/quote-editor";
import { BLANK_LINE, draftLineNetCents, lineFromPriceTable, type DraftLine } from "./quote-draft";
// /admin/quotes/:id — one quote: the client's details, its lines (add, remove, move, or pick from
// the price table), VAT, validity, deposit and notes, with the totals worked out as staff type by
// the same function the server uses. Save (PUT), Send (with a confirmation), copy the client's
// link, the PDF, and a preview drawn as the client's page. Accepted or declined quotes are locked:
// shown read-only with the client's answer.

// The quote editor's line editor, the price-list picker that adds lines, and the totals panel.

export type Quote = Route.ComponentProps["loaderData"]["quote"];

export const RATE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "13.5", label: "13.5%" },
  { value: "23", label: "23%" },
  { value: "0", label: "0%" },
];
export const UNIT_OPTIONS = QUOTE_UNITS.map((u) => ({ value: u, label: u }));
export const isLocked = (q: Pick<Quote, "status">) => q.status === "accepted" || q.status === "declined";
export const timeOf = (d: string | Date) => new Date(d).getTime();

export function LineEditor({
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

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
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
export function AddLines({
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

export function TotalsPanel({
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
