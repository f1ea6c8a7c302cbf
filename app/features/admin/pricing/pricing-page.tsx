import { useRef, useState, type FormEvent } from "react";
import { data } from "react-router";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { useMutation } from "~/features/admin/list/mutation";
import { buttonClass, rowButton } from "~/components/ui/button-styles";
import { useToast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/pricing-page";
import { getPriceList } from "~/features/estimate/pricing.server";
import { OPTION_KINDS, PRICE_UNITS, SERVICE_ORDER, UNIT_LABELS, type PriceList } from "~/features/estimate/price-list";
import { requiredBecause } from "~/features/estimate/required-price-items";
import { formatDateTime } from "~/features/time/irish-format";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Pricing");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "/admin/pricing");
  return data(await getPriceList(context.services.database.db), { headers: adminHeaders() });
}

/** The row's label as its caption: spans the row, names its group for screen readers. */
const CAPTION_CLASS = "col-span-full font-semibold";
const NOTE_CLASS = "col-span-full text-sm text-slate-brand";

/**
 * Numbers are edited as text, so a half-typed "12." or an empty box is kept as typed until saved.
 * `row` tells rows apart on screen (an added row has no key until the server gives it one from its
 * label).
 */
type Draft = {
  items: Array<Omit<PriceList["items"][number], "low" | "high"> & { low: string; high: string; row: string }>;
  options: Array<Omit<PriceList["options"][number], "value"> & { value: string }>;
  minimumChargeEur: string;
};

const toDraft = (list: PriceList): Draft => ({
  items: list.items.map((i) => ({ ...i, low: String(i.low), high: String(i.high), row: i.key })),
  options: list.options.map((o) => ({ ...o, value: String(o.value) })),
  minimumChargeEur: String(list.minimumChargeEur),
});

/** "" and anything that is not a number go to the server as null, which names the field. */
const num = (text: string) => (text.trim() === "" ? null : Number(text.trim().replace(",", ".")));

/**
 * The price table behind /estimate, the chat and every {price:…} on the site: every item's label,
 * service, unit and low/high price per unit, every option, and the minimum job charge. Items can be
 * added and removed, except the ones the site needs (they say why). Saved as a whole (PUT
 * /api/admin/pricing, audit-logged).
 */
export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(loaderData));
  const { mutate, pending, fieldErrors, formRef } = useMutation();
  const toast = useToast();
  /** The server's sentence when a save fails (naming the item and field), never an HTTP status. */
  const [failure, setFailure] = useState<string | null>(null);
  const added = useRef(0);

  const addItem = () => {
    added.current += 1;
    setDraft((d) => ({
      ...d,
      items: [
        ...d.items,
        {
          key: "",
          row: `new-${added.current}`,
          service: "Suspended Ceilings",
          label: "",
          unit: "m2",
          low: "",
          high: "",
        },
      ],
    }));
  };
  const removeItem = (i: number) => setDraft((d) => ({ ...d, items: d.items.filter((_, j) => j !== i) }));

  const setItem = (i: number, patch: Partial<Draft["items"][number]>) =>
    setDraft((d) => ({ ...d, items: d.items.map((row, j) => (j === i ? { ...row, ...patch } : row)) }));
  const setOption = (i: number, patch: Partial<Draft["options"][number]>) =>
    setDraft((d) => ({ ...d, options: d.options.map((row, j) => (j === i ? { ...row, ...patch } : row)) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const saved = await mutate<PriceList>(
      "PUT",
      "/api/admin/pricing",
      {
        // An added row goes without a key: the server makes one from its label.
        items: draft.items.map(({ row: _row, key, ...i }) => ({
          ...(key ? { key } : {}),
          ...i,
          low: num(i.low),
          high: num(i.high),
        })),
        options: draft.options.map((o) => ({ ...o, value: num(o.value) })),
        minimumChargeEur: num(draft.minimumChargeEur),
      },
      {
        success: {
          title: "Prices saved",
          description: "The estimate, the chat and every page that quotes a price use the new prices now.",
        },
      },
    );
    if (saved.ok) return setDraft(toDraft(saved.data));
    // The server's own sentence (it names the item and the field), without the status code.
    setFailure(saved.error.detail);
    toast({ variant: "destructive", title: "Prices not saved", description: saved.error.detail });
  }

  return (
    <>
      <h1 className="text-3xl font-bold">Pricing</h1>
      <p className="mt-2 max-w-3xl text-slate-brand">
        The prices behind the instant estimate on the public site, in euros before VAT. The estimate is each item's low
        and high price times the size, plus the options, rounded to the nearest €10 and never below the minimum charge.
        The chat answers from this table too, and pages and posts quote it with a placeholder, so a change here shows
        everywhere on the next visit.{" "}
        {loaderData.updatedAt
          ? `Last saved ${formatDateTime(loaderData.updatedAt)}.`
          : "These are the starting prices: adjust them to your own."}
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-8 space-y-6">
        {failure && <FormAlert>{failure}</FormAlert>}
        <Card title="Items" large>
          <p className="mt-1 text-slate-brand">What visitors can choose, and its price per unit.</p>
          <div className="mt-4 divide-y divide-navy-900/10">
            {draft.items.map((item, i) => (
              <div
                key={item.row}
                role="group"
                aria-labelledby={`item-${item.row}`}
                className="grid grid-cols-3 gap-3 py-4 md:grid-cols-[minmax(0,3fr)_minmax(0,1.6fr)_7rem_6rem_6rem]"
              >
                <p id={`item-${item.row}`} className={CAPTION_CLASS}>
                  {item.label.trim() || `New item ${i + 1}`}
                </p>
                <TextField
                  name={`items.${i}.label`}
                  label="Label"
                  className="col-span-3 md:col-span-1"
                  value={item.label}
                  error={fieldErrors[`items.${i}.label`]}
                  onChange={(e) => setItem(i, { label: e.target.value })}
                />
                <SelectField
                  name={`items.${i}.service`}
                  label="Service"
                  className="col-span-3 md:col-span-1"
                  value={item.service}
                  error={fieldErrors[`items.${i}.service`]}
                  onChange={(e) => setItem(i, { service: e.target.value as typeof item.service })}
                  options={SERVICE_ORDER.map((s) => ({ value: s, label: s }))}
                />
                <SelectField
                  name={`items.${i}.unit`}
                  label="Unit"
                  value={item.unit}
                  error={fieldErrors[`items.${i}.unit`]}
                  onChange={(e) => setItem(i, { unit: e.target.value as typeof item.unit })}
                  options={PRICE_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u].short }))}
                />
                <TextField
                  name={`items.${i}.low`}
                  label="Low €"
                  inputMode="decimal"
                  value={item.low}
                  error={fieldErrors[`items.${i}.low`]}
                  onChange={(e) => setItem(i, { low: e.target.value })}
                />
                <TextField
                  name={`items.${i}.high`}
                  label="High €"
                  inputMode="decimal"
                  value={item.high}
                  error={fieldErrors[`items.${i}.high`]}
                  onChange={(e) => setItem(i, { high: e.target.value })}
                />
                <div className="col-span-full flex flex-wrap items-center justify-between gap-3">
                  <p className={NOTE_CLASS}>
                    {item.key ? (
                      <>
                        To quote this price on a page or in a post, write{" "}
                        <code className="rounded bg-mist px-1 text-navy-900">{`{price:${item.key}}`}</code>.{" "}
                      </>
                    ) : (
                      "Saved with the table; it can then be quoted on pages. "
                    )}
                    {requiredBecause(item.key)}
                  </p>
                  {!requiredBecause(item.key) && (
                    <button type="button" className={rowButton.danger} onClick={() => removeItem(i)}>
                      Remove<span className="sr-only"> {item.label.trim() || `new item ${i + 1}`}</span>
                    </button>
                  )}
                </div>
              </div>
            ))}
          </div>
          {fieldErrors.items && <p className="mt-2 font-medium text-red-800">{fieldErrors.items}</p>}
          <button type="button" className={`${buttonClass.light} mt-4`} onClick={addItem}>
            Add an item
          </button>
        </Card>
        <Card title="Options" large>
          <p className="mt-1 text-slate-brand">
            Extras a visitor can tick: a percentage of the item's price, or euros per m² on top (only offered for items
            priced per m²).
          </p>
          <div className="mt-4 divide-y divide-navy-900/10">
            {draft.options.map((option, i) => (
              <div
                key={option.key}
                role="group"
                aria-labelledby={`option-${option.key}`}
                className="grid grid-cols-2 gap-3 py-4 md:grid-cols-[minmax(0,3fr)_12rem_7rem]"
              >
                <p id={`option-${option.key}`} className={CAPTION_CLASS}>
                  {option.label.trim() || `Option ${i + 1}`}
                </p>
                <TextField
                  name={`options.${i}.label`}
                  label="Label"
                  className="col-span-2 md:col-span-1"
                  value={option.label}
                  error={fieldErrors[`options.${i}.label`]}
                  onChange={(e) => setOption(i, { label: e.target.value })}
                />
                <SelectField
                  name={`options.${i}.kind`}
                  label="Priced as"
                  value={option.kind}
                  error={fieldErrors[`options.${i}.kind`]}
                  onChange={(e) => setOption(i, { kind: e.target.value as typeof option.kind })}
                  options={OPTION_KINDS.map((k) => ({
                    value: k,
                    label: k === "percent" ? "% of the item" : "€ per m²",
                  }))}
                />
                <TextField
                  name={`options.${i}.value`}
                  label={option.kind === "percent" ? "Percent" : "€ per m²"}
                  inputMode="decimal"
                  value={option.value}
                  error={fieldErrors[`options.${i}.value`]}
                  onChange={(e) => setOption(i, { value: e.target.value })}
                />
              </div>
            ))}
          </div>
        </Card>
        <Card title="Minimum job charge" large>
          <TextField
            name="minimumChargeEur"
            label="Minimum charge €"
            hint="No estimate is lower than this, before VAT."
            inputMode="decimal"
            className="mt-3 max-w-xs"
            value={draft.minimumChargeEur}
            error={fieldErrors.minimumChargeEur}
            onChange={(e) => setDraft((d) => ({ ...d, minimumChargeEur: e.target.value }))}
          />
        </Card>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Saving..." : "Save prices"}
          </button>
          <button
            type="button"
            className="btn-outline"
            disabled={pending}
            onClick={() => {
              setDraft(toDraft(loaderData));
              setFailure(null);
            }}
          >
            Undo changes
          </button>
        </div>
      </form>
    </>
  );
}
