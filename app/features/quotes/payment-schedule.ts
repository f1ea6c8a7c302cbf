import * as z from "zod/mini";
import type { PaymentSchedule } from "~/db/column-types";
import { mulDivHalfUp } from "./quote-totals";

export type { PaymentSchedule, PaymentStage } from "~/db/column-types";

// A quote's payment schedule (issue 38): the deposit, the stages, retention and the defects period.
// One schema for the quote editor (instant errors) and the API (the quote's `payments`), which
// re-checks with it. Percentages have at most 2 decimals and are summed in hundredths, so 33.33 +
// 33.33 + 33.34 is exactly 100.

export const PAYMENT_LIMITS = { stages: 12, label: 80, defectsMonths: 60 } as const;

export const DEFAULT_STAGE_LABEL = "On completion";
export const DEFAULT_DEFECTS_MONTHS = 12;

export const PAYMENT_MESSAGES = {
  depositPercent: "Deposit must be a percentage from 0 to 100",
  label: "Name the stage, e.g. First fix",
  labelLong: `Keep a stage's name under ${PAYMENT_LIMITS.label} characters`,
  percent: "A stage's share must be more than 0% and at most 100%, with at most 2 decimals",
  stagesMany: `A schedule can have at most ${PAYMENT_LIMITS.stages} stages`,
  stages: "Send the stages as a list of { label, percent }",
  retentionPercent: "Retention must be a percentage from 0 to 10, with at most 2 decimals",
  defectsMonths: `The defects period must be a whole number of months from 0 to ${PAYMENT_LIMITS.defectsMonths}`,
  payments: "Send the payment schedule as { depositPercent, stages, retentionPercent, defectsMonths }",
} as const;

/** "The deposit and the stages must add up to 100% (now 90%)". */
export const sumMessage = (hundredths: number) =>
  `The deposit and the stages must add up to 100% (now ${hundredths / 100}%)`;

/** A percentage in hundredths of a percent (basis points): 33.33 → 3333. */
export const basisPoints = (percent: number) => Math.round(percent * 100);

const hasTwoDecimalsAtMost = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const percent = (message: string, min: number, max: number, exclusiveMin = false) =>
  z
    .number({ error: message })
    .check(
      exclusiveMin ? z.gt(min, message) : z.gte(min, message),
      z.lte(max, message),
      z.refine(hasTwoDecimalsAtMost, message),
    );

export const PaymentStageSchema = z.object({
  label: z
    .string({ error: PAYMENT_MESSAGES.label })
    .check(
      z.trim(),
      z.minLength(1, PAYMENT_MESSAGES.label),
      z.maxLength(PAYMENT_LIMITS.label, PAYMENT_MESSAGES.labelLong),
    ),
  percent: percent(PAYMENT_MESSAGES.percent, 0, 100, true),
});

export const PaymentScheduleSchema = z
  .object(
    {
      depositPercent: percent(PAYMENT_MESSAGES.depositPercent, 0, 100),
      stages: z
        .array(PaymentStageSchema, { error: PAYMENT_MESSAGES.stages })
        .check(z.maxLength(PAYMENT_LIMITS.stages, PAYMENT_MESSAGES.stagesMany)),
      // Irish practice is 3–5 %; 10 % is a generous ceiling that still catches a slip (50 for 5).
      retentionPercent: z._default(percent(PAYMENT_MESSAGES.retentionPercent, 0, 10), 0),
      defectsMonths: z._default(
        z
          .int({ error: PAYMENT_MESSAGES.defectsMonths })
          .check(
            z.gte(0, PAYMENT_MESSAGES.defectsMonths),
            z.lte(PAYMENT_LIMITS.defectsMonths, PAYMENT_MESSAGES.defectsMonths),
          ),
        DEFAULT_DEFECTS_MONTHS,
      ),
    },
    { error: PAYMENT_MESSAGES.payments },
  )
  .check(
    z.superRefine((schedule, ctx) => {
      const total =
        basisPoints(schedule.depositPercent) + schedule.stages.reduce((sum, s) => sum + basisPoints(s.percent), 0);
      if (total !== 10_000)
        ctx.issues.push({ code: "custom", message: sumMessage(total), input: schedule, path: ["stages"] });
    }),
  );

/** A quote's schedule when staff have not set one: its deposit, the rest on completion, no retention. */
export function defaultPaymentSchedule(depositPercent: number): PaymentSchedule {
  const rest = (10_000 - basisPoints(depositPercent)) / 100;
  return {
    depositPercent,
    stages: rest > 0 ? [{ label: DEFAULT_STAGE_LABEL, percent: rest }] : [],
    retentionPercent: 0,
    defectsMonths: DEFAULT_DEFECTS_MONTHS,
  };
}

/**
 * The schedule as the client reads it, with each payment's share of a gross (cumulative rounding:
 * the amounts add up to the gross exactly; the deposit is the quote's deposit figure).
 */
export function scheduleRows(payments: PaymentSchedule, grossCents: number) {
  const rows: Array<{ label: string; percent: number; cents: number }> = [];
  let doneBp = 0;
  let doneCents = 0;
  const add = (label: string, percent: number) => {
    doneBp += basisPoints(percent);
    const cents = mulDivHalfUp(grossCents, doneBp, 10_000) - doneCents;
    doneCents += cents;
    rows.push({ label, percent, cents });
  };
  if (payments.depositPercent > 0) add("Deposit on acceptance", payments.depositPercent);
  for (const stage of payments.stages) add(stage.label, stage.percent);
  return rows;
}

/** "5% retention held from each stage: half released on completion, half 12 months later." ("" for none). */
export function retentionSentence(payments: Pick<PaymentSchedule, "retentionPercent" | "defectsMonths">): string {
  if (payments.retentionPercent <= 0) return "";
  const later = payments.defectsMonths === 1 ? "1 month" : `${payments.defectsMonths} months`;
  return `${payments.retentionPercent}% retention held from each stage payment: half released on completion, the rest ${later} later, at the end of the defects period.`;
}
