import type { ReactNode } from "react";
import type { InvoiceLine } from "~/db/column-types";
import { QUOTE_UNITS, VAT_RATES } from "~/features/quotes/quote-types";

// The lines of a custom invoice or a part credit note as staff type them: description, quantity,
// unit, unit price before VAT (euro, stored in cents) and VAT rate, as on quotes. Errors come keyed
// by path ("lines.0.quantity"), from invoice-schema on the page or from the API.

export type LineDraft = { description: string; quantity: string; unit: string; price: string; vatRate: string };

export const emptyLine = (): LineDraft => ({
  description: "",
  quantity: "1",
  unit: "item",
  price: "",
  vatRate: "13.5",
});

export const lineDraftOf = (line: InvoiceLine): LineDraft => ({
  description: line.description,
  quantity: String(line.quantity),
  unit: line.unit,
  price: (line.unitPriceCents / 100).toFixed(2),
  vatRate: String(line.vatRate),
});

/** What the API receives: numbers where they parse, the text otherwise (so the schema names the field). */
export function linesPayload(lines: ReadonlyArray<LineDraft>): unknown[] {
  const num = (v: string) => (v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v);
  return lines.map((l) => {
    const price = l.price.replace(/[€,\s]/g, "");
    return {
      description: l.description,
      quantity: num(l.quantity),
      unit: l.unit,
      unitPriceCents: price !== "" && Number.isFinite(Number(price)) ? Math.round(Number(price) * 100) : l.price,
      vatRate: Number(l.vatRate),
    };
  });
}

const FIELD = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

export function InvoiceLinesFields({
  lines,
  onChange,
  errors,
  showVat = true,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  errors: Partial<Record<string, string>>;
  showVat?: boolean;
}) {
  const set = (i: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const error = (i: number, field: string) => errors[`lines.${i}.${field}`];
  const field = (i: number, name: keyof LineDraft, label: string, errorKey: string, input: ReactNode) => (
    <label className="block text-sm font-semibold">
      {label}
      {input}
      {error(i, errorKey) && (
        <span id={`line-${i}-${name}-error`} className="block font-normal text-red-700">
          {error(i, errorKey)}
        </span>
      )}
    </label>
  );
  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold">Lines</legend>
      {errors.lines && <p className="text-sm text-red-700">{errors.lines}</p>}
      {lines.map((l, i) => (
        <div key={i} className="grid gap-3 rounded-lg border border-mist p-3 sm:grid-cols-6">
          <div className="sm:col-span-6">
            {field(
              i,
              "description",
              `Line ${i + 1}: description`,
              "description",
              <input
                className={FIELD}
                value={l.description}
                aria-invalid={Boolean(error(i, "description"))}
                onChange={(e) => set(i, { description: e.target.value })}
              />,
            )}
          </div>
          <div className="sm:col-span-1">
            {field(
              i,
              "quantity",
              "Quantity",
              "quantity",
              <input
                className={FIELD}
                inputMode="decimal"
                value={l.quantity}
                aria-invalid={Boolean(error(i, "quantity"))}
                onChange={(e) => set(i, { quantity: e.target.value })}
              />,
            )}
          </div>
          <div className="sm:col-span-1">
            {field(
              i,
              "unit",
              "Unit",
              "unit",
              <select className={FIELD} value={l.unit} onChange={(e) => set(i, { unit: e.target.value })}>
                {QUOTE_UNITS.map((u) => (
                  <option key={u}>{u}</option>
                ))}
              </select>,
            )}
          </div>
          <div className="sm:col-span-2">
            {field(
              i,
              "price",
              "Unit price, € excl. VAT",
              "unitPriceCents",
              <input
                className={FIELD}
                inputMode="decimal"
                value={l.price}
                aria-invalid={Boolean(error(i, "unitPriceCents"))}
                onChange={(e) => set(i, { price: e.target.value })}
              />,
            )}
          </div>
          {showVat && (
            <div className="sm:col-span-1">
              {field(
                i,
                "vatRate",
                "VAT rate",
                "vatRate",
                <select className={FIELD} value={l.vatRate} onChange={(e) => set(i, { vatRate: e.target.value })}>
                  {VAT_RATES.map((r) => (
                    <option key={r} value={String(r)}>
                      {r}%
                    </option>
                  ))}
                </select>,
              )}
            </div>
          )}
          <div className="flex items-end sm:col-span-1">
            {lines.length > 1 && (
              <button
                type="button"
                className="font-semibold text-red-700 underline"
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
              >
                Remove<span className="sr-only"> line {i + 1}</span>
              </button>
            )}
          </div>
        </div>
      ))}
      <button type="button" className="font-semibold underline" onClick={() => onChange([...lines, emptyLine()])}>
        Add line
      </button>
    </fieldset>
  );
}
