import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFormValues } from "~/forms/use-form-values";
import { Link } from "react-router";
import type { ApiErrorBody } from "~/api/api-error-body";
import { CheckboxField, SelectField, TextField } from "~/components/ui/form-field";
import type { FieldErrors } from "~/forms/field-errors";
import { formCopy, includes, includesHeading, resultCopy } from "./estimate-content";
import type { EstimateField } from "./estimate-request";
import type { EstimateResponse } from "./estimate-response";
import { formatEuro, formatQuantity, formatRate, SERVICE_ORDER, UNIT_LABELS, type PriceList } from "./price-list";

export type EstimateFormValues = {
  item: string;
  quantity: string;
  length: string;
  width: string;
  options: string[];
  location: string;
};

/** What the page's action answered a post without JavaScript. */
export type EstimateAnswer =
  | { values: EstimateFormValues; estimate: EstimateResponse }
  | { values: EstimateFormValues; fieldErrors: FieldErrors<EstimateField> }
  | { values: EstimateFormValues; message: string };

/** How long typing must pause before the estimate is asked for again. */
export const ESTIMATE_DEBOUNCE_MS = 350;

const area = (length: string, width: string) => {
  const l = Number(length.replace(",", "."));
  const w = Number(width.replace(",", "."));
  return l > 0 && w > 0 ? String(Math.round(l * w * 100) / 100) : "";
};

/**
 * The estimate form and its answer. Without JavaScript it is a plain form post (the page's
 * action answers with the estimate); with it the answer follows the form as the visitor types,
 * one debounced POST /api/estimate at a time (a newer one cancels the one in flight).
 */
export function EstimateForm({
  prices,
  initialItem,
  radiusKm,
  answer,
}: {
  prices: PriceList;
  initialItem: string;
  radiusKm: number;
  answer?: EstimateAnswer;
}) {
  const { values, latest, patch } = useFormValues<EstimateFormValues>(
    answer?.values ?? { item: initialItem, quantity: "", length: "", width: "", options: [], location: "" },
  );
  const [estimate, setEstimate] = useState<EstimateResponse | null>(
    answer && "estimate" in answer ? answer.estimate : null,
  );
  const [errors, setErrors] = useState<FieldErrors<EstimateField>>(
    answer && "fieldErrors" in answer ? answer.fieldErrors : {},
  );
  const [failure, setFailure] = useState<string | null>(answer && "message" in answer ? answer.message : null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);

  const item = prices.items.find((i) => i.key === values.item) ?? prices.items[0]!;
  const unit = UNIT_LABELS[item.unit];
  const quantity = values.quantity.trim() || (item.unit === "m2" ? area(values.length, values.width) : "");

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  async function ask(next: EstimateFormValues) {
    inFlight.current?.abort();
    const nextItem = prices.items.find((i) => i.key === next.item);
    const size = next.quantity.trim() || (nextItem?.unit === "m2" ? area(next.length, next.width) : "");
    if (!size) {
      setEstimate(null);
      setErrors({});
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const response = await fetch("/api/estimate", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          item: next.item,
          quantity: size,
          // An option that does not apply to this item (priced per m²) is left out, not refused.
          options: next.options.filter(
            (key) => nextItem?.unit === "m2" || prices.options.find((o) => o.key === key)?.kind !== "per-m2",
          ),
          location: next.location,
        }),
        signal: controller.signal,
      });
      const body = (await response.json()) as EstimateResponse | ApiErrorBody<EstimateField>;
      if (controller.signal.aborted) return;
      if (response.ok) {
        setEstimate(body as EstimateResponse);
        setErrors({});
        setFailure(null);
      } else {
        const problem = body as ApiErrorBody<EstimateField>;
        setErrors(problem.fieldErrors ?? {});
        setFailure(problem.fieldErrors && Object.keys(problem.fieldErrors).length ? null : problem.message);
        setEstimate(null);
      }
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setFailure(`We couldn't work out the price just now. Please try again, or call us.`);
    } finally {
      if (inFlight.current === controller) setLoading(false);
    }
  }

  function update(change: Partial<EstimateFormValues>) {
    // Length × width fills in the area (and an area typed by hand wins).
    const next = patch(change, (merged) =>
      (change.length !== undefined || change.width !== undefined) && area(merged.length, merged.width)
        ? { ...merged, quantity: area(merged.length, merged.width) }
        : merged,
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void ask(next), ESTIMATE_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    void ask(latest.current);
  }

  const toggleOption = (key: string, on: boolean) =>
    update({
      options: on ? [...latest.current.options, key] : latest.current.options.filter((k) => k !== key),
    });

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <form
        method="post"
        action="/estimate"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="estimate-form-heading"
        className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8"
      >
        <h2 id="estimate-form-heading" className="text-2xl font-semibold">
          {formCopy.heading}
        </h2>
        <SelectField
          name="item"
          label={formCopy.itemLabel}
          value={values.item}
          error={errors.item}
          onChange={(e) => update({ item: e.target.value })}
        >
          {SERVICE_ORDER.map((service) => {
            const group = prices.items.filter((i) => i.service === service);
            return group.length ? (
              <optgroup key={service} label={service}>
                {group.map((i) => (
                  <option key={i.key} value={i.key}>
                    {i.label}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </SelectField>
        <p className="-mt-3 text-sm text-slate-brand">Typical rate: {formatRate(item)} before VAT</p>

        <TextField
          name="quantity"
          label={`Size (${unit.plural})`}
          hint={formCopy.sizeHint}
          inputMode="decimal"
          autoComplete="off"
          value={values.quantity}
          error={errors.quantity}
          onChange={(e) => update({ quantity: e.target.value })}
        />
        {item.unit === "m2" && (
          <details
            className="rounded-lg bg-paper p-4 ring-1 ring-navy-900/10"
            open={Boolean(values.length || values.width)}
          >
            <summary className="cursor-pointer font-medium">{formCopy.measureSummary}</summary>
            <div className="mt-3 grid grid-cols-2 gap-4">
              <TextField
                name="length"
                label="Length (m)"
                inputMode="decimal"
                autoComplete="off"
                value={values.length}
                onChange={(e) => update({ length: e.target.value })}
              />
              <TextField
                name="width"
                label={item.service === "Partitions" ? "Height (m)" : "Width (m)"}
                inputMode="decimal"
                autoComplete="off"
                value={values.width}
                onChange={(e) => update({ width: e.target.value })}
              />
            </div>
          </details>
        )}

        <fieldset aria-describedby={errors.options ? "estimate-options-error" : undefined}>
          <legend className="font-medium">{formCopy.optionsLegend}</legend>
          <div className="mt-2 space-y-3">
            {prices.options.map((o) => {
              const applies = o.kind !== "per-m2" || item.unit === "m2";
              return (
                <CheckboxField
                  key={o.key}
                  name="options"
                  value={o.key}
                  label={`${o.label}${applies ? "" : " (ceilings and partitions only)"}`}
                  checked={applies && values.options.includes(o.key)}
                  disabled={!applies}
                  onChange={(e) => toggleOption(o.key, e.target.checked)}
                />
              );
            })}
          </div>
          {errors.options && (
            <p id="estimate-options-error" className="mt-2 text-sm font-medium text-red-700">
              {errors.options}
            </p>
          )}
        </fieldset>

        <TextField
          name="location"
          label={formCopy.locationLabel}
          hint={formCopy.locationHint}
          optional
          autoComplete="postal-code"
          maxLength={100}
          value={values.location}
          error={errors.location}
          onChange={(e) => update({ location: e.target.value })}
        />

        <button type="submit" className="btn-primary w-full sm:w-auto">
          {formCopy.submit}
        </button>
      </form>

      <EstimateResult
        estimate={estimate}
        failure={failure}
        loading={loading}
        quantity={quantity}
        item={item}
        radiusKm={radiusKm}
        minimumChargeEur={prices.minimumChargeEur}
      />
    </div>
  );
}

function EstimateResult({
  estimate,
  failure,
  loading,
  quantity,
  item,
  radiusKm,
  minimumChargeEur,
}: {
  estimate: EstimateResponse | null;
  failure: string | null;
  loading: boolean;
  quantity: string;
  item: PriceList["items"][number];
  radiusKm: number;
  minimumChargeEur: number;
}) {
  return (
    <section
      aria-labelledby="estimate-result-heading"
      aria-live="polite"
      aria-busy={loading}
      className="rounded-xl bg-navy-900 p-5 text-white shadow-lg sm:p-8 lg:sticky lg:top-28"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="estimate-result-heading" className="text-sm font-semibold uppercase tracking-wider text-amber-brand">
          {resultCopy.heading}
        </h2>
        {loading && <span className="text-sm text-white/70">Updating…</span>}
      </div>
      {failure ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 font-medium text-red-800">
          {failure}
        </p>
      ) : estimate ? (
        <>
          <p className="mt-3 text-[2rem] font-bold leading-tight tracking-tight sm:text-5xl">
            {estimate.lowEur === estimate.highEur
              ? formatEuro(estimate.lowEur)
              : `${formatEuro(estimate.lowEur)} – ${formatEuro(estimate.highEur)}`}
          </p>
          <p className="mt-2 text-white/85">
            {resultCopy.vat} · {item.label}, {formatQuantity(Number(quantity.replace(",", ".")), item.unit)}
          </p>
          <AreaNote estimate={estimate} radiusKm={radiusKm} />
          <p className="mt-3 text-[15px] text-white/85">
            {resultCopy.guide}{" "}
            <a href="#assumptions-heading" className="font-medium text-white underline underline-offset-4">
              {resultCopy.assumptionsLink}
            </a>
          </p>
          {estimate.minimumApplied && (
            <p className="mt-3 text-sm text-white/80">
              {resultCopy.minimum} ({formatEuro(minimumChargeEur)} before VAT)
            </p>
          )}
          <Link
            to={`/book?estimate=${encodeURIComponent(estimate.id)}`}
            className="btn-primary mt-6 w-full text-center"
          >
            {resultCopy.cta}
          </Link>
          <p className="mt-2 text-sm text-white/75">{resultCopy.ctaNote}</p>
          <p className="mt-3 text-center">
            <Link
              to={`/book?estimate=${encodeURIComponent(estimate.id)}`}
              className="font-semibold text-white underline underline-offset-4"
            >
              {resultCopy.book}
            </Link>
          </p>
          <details className="mt-6 border-t border-white/15 pt-4">
            <summary className="cursor-pointer font-semibold">{resultCopy.linesHeading}</summary>
            <ul className="mt-3 space-y-2 text-[15px]">
              {estimate.lines.map((line) => (
                <li key={line.label} className="flex justify-between gap-4">
                  <span className="text-white/85">{line.label}</span>
                  <span className="shrink-0 font-medium tabular-nums">
                    {line.lowEur === line.highEur
                      ? formatEuro(line.lowEur)
                      : `${formatEuro(line.lowEur)}–${formatEuro(line.highEur)}`}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : (
        <p className="mt-4 text-lg text-white/85">{resultCopy.placeholder}</p>
      )}
      <div className="mt-6 border-t border-white/15 pt-4">
        <h3 className="font-semibold">{includesHeading}</h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-[15px] text-white/85 marker:text-amber-brand">
          {includes[item.service].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function AreaNote({ estimate, radiusKm }: { estimate: EstimateResponse; radiusKm: number }) {
  if (estimate.inServiceArea === null || !estimate.place || estimate.distanceKm === null)
    return <p className="mt-4 rounded-md bg-white/10 p-3 text-[15px]">{estimate.hint}</p>;
  const where = `${estimate.place.label} is about ${Math.round(estimate.distanceKm)} km from Dublin city centre`;
  return estimate.inServiceArea ? (
    <p className="mt-4 rounded-md bg-teal-brand/25 p-3 text-[15px]">{`${where}: ${resultCopy.inside}.`}</p>
  ) : (
    <p className="mt-4 rounded-md bg-amber-brand/20 p-3 text-[15px]">
      {`${where}. ${resultCopy.outside.replace("{radius}", String(radiusKm))}`}
    </p>
  );
}
