import { rowButton } from "~/components/ui/button-styles";
import { TextField } from "~/components/ui/form-field";
import { basisPoints, DEFAULT_STAGE_LABEL, PAYMENT_LIMITS } from "~/features/quotes/payment-schedule";
import { typedNumber, type DraftPayments } from "./quote-draft";

// The quote editor's payment schedule (issue 38): the stages after the deposit, each with its share,
// the retention held from each stage and the defects period. The deposit itself is the editor's
// "Deposit (%)" field; the stages' shares and the deposit must come to 100 %.

let stageKeys = 0;
const newStageKey = () => `new-stage-${++stageKeys}`;

/** What the deposit and stages come to so far, in hundredths (an unreadable share counts as 0). */
function typedTotal(depositPercent: string, payments: DraftPayments): number {
  const read = (t: string) => {
    const n = typedNumber(t.replace(/%/g, ""));
    return Number.isFinite(n) ? basisPoints(n) : 0;
  };
  return read(depositPercent) + payments.stages.reduce((sum, s) => sum + read(s.percent), 0);
}

export function QuotePaymentsFields({
  depositPercent,
  payments,
  errors,
  onChange,
}: {
  depositPercent: string;
  payments: DraftPayments;
  errors: Partial<Record<string, string>>;
  /** The changed schedule, and the field whose message the change answers. */
  onChange: (payments: DraftPayments, field?: string) => void;
}) {
  const setStage = (index: number, patch: Partial<DraftPayments["stages"][number]>, field: "label" | "percent") =>
    onChange(
      { ...payments, stages: payments.stages.map((s, i) => (i === index ? { ...s, ...patch } : s)) },
      field === "percent" ? "payments.stages" : `payments.stages.${index}.label`,
    );
  const total = typedTotal(depositPercent, payments);
  return (
    <fieldset className="mt-6">
      <legend className="font-medium">Payment schedule</legend>
      <p className="text-sm text-slate-brand">
        The deposit and the stages add up to 100% of the total including VAT (now {total / 100}%).
      </p>
      {payments.stages.length > 0 && (
        <ol className="mt-3 space-y-3">
          {payments.stages.map((stage, i) => (
            <li
              key={stage.key}
              className="grid gap-3 rounded-lg bg-paper p-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
            >
              <TextField
                label={`Stage ${i + 1}`}
                name={`payments.stages.${i}.label`}
                maxLength={PAYMENT_LIMITS.label}
                value={stage.label}
                error={errors[`payments.stages.${i}.label`]}
                onChange={(e) => setStage(i, { label: e.target.value }, "label")}
              />
              <TextField
                label={`Stage ${i + 1} share (%)`}
                name={`payments.stages.${i}.percent`}
                inputMode="decimal"
                value={stage.percent}
                error={errors[`payments.stages.${i}.percent`]}
                onChange={(e) => setStage(i, { percent: e.target.value }, "percent")}
              />
              <button
                type="button"
                className={rowButton.light}
                onClick={() =>
                  onChange({ ...payments, stages: payments.stages.filter((_, j) => j !== i) }, "payments.stages")
                }
              >
                Remove stage {i + 1}
              </button>
            </li>
          ))}
        </ol>
      )}
      {errors["payments.stages"] && (
        <p className="mt-2 font-medium text-red-700" role="alert">
          {errors["payments.stages"]}
        </p>
      )}
      {payments.stages.length < PAYMENT_LIMITS.stages && (
        <button
          type="button"
          className={`${rowButton.light} mt-3`}
          onClick={() =>
            onChange(
              {
                ...payments,
                stages: [
                  ...payments.stages,
                  {
                    key: newStageKey(),
                    label: payments.stages.length === 0 ? DEFAULT_STAGE_LABEL : "",
                    percent: String(Math.max(0, 10_000 - total) / 100),
                  },
                ],
              },
              "payments.stages",
            )
          }
        >
          Add a stage
        </button>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Retention (%)"
          name="payments.retentionPercent"
          inputMode="decimal"
          hint="Held from each stage payment; half released on completion, the rest after the defects period. 0 for none."
          value={payments.retentionPercent}
          error={errors["payments.retentionPercent"]}
          onChange={(e) => onChange({ ...payments, retentionPercent: e.target.value }, "payments.retentionPercent")}
        />
        <TextField
          label="Defects period (months)"
          name="payments.defectsMonths"
          inputMode="numeric"
          value={payments.defectsMonths}
          error={errors["payments.defectsMonths"]}
          onChange={(e) => onChange({ ...payments, defectsMonths: e.target.value }, "payments.defectsMonths")}
        />
      </div>
    </fieldset>
  );
}
