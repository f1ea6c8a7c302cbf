import { describe, expect, it } from "vitest";
import { quoteErrorsOf } from "./quote-schema";
import { defaultPaymentSchedule, PaymentScheduleSchema } from "./payment-schedule";

const errors = (raw: unknown) => {
  const parsed = PaymentScheduleSchema.safeParse(raw);
  return parsed.success ? {} : quoteErrorsOf(parsed.error);
};

describe("the payment schedule", () => {
  it("takes a deposit and stages that add up to 100%, summed in hundredths", () => {
    const parsed = PaymentScheduleSchema.safeParse({
      depositPercent: 33.33,
      stages: [
        { label: " First fix ", percent: 33.33 },
        { label: "On completion", percent: 33.34 },
      ],
      retentionPercent: 5,
      defectsMonths: 12,
    });
    expect(parsed.success && parsed.data.stages[0]!.label).toBe("First fix");
    // 0.1 + 0.2 is not 0.3 in binary: percentages are compared as whole hundredths.
    expect(
      errors({
        depositPercent: 0.1,
        stages: [
          { label: "A", percent: 0.2 },
          { label: "B", percent: 99.7 },
        ],
      }),
    ).toEqual({});
  });

  it("names payments.stages when the deposit and the stages do not add up to 100%", () => {
    expect(errors({ depositPercent: 30, stages: [{ label: "On completion", percent: 60 }] })).toEqual({
      stages: "The deposit and the stages must add up to 100% (now 90%)",
    });
    expect(errors({ depositPercent: 30, stages: [] })).toEqual({
      stages: "The deposit and the stages must add up to 100% (now 30%)",
    });
  });

  it("refuses stages without a name or share, retention over 10% and a defects period that is not whole months", () => {
    expect(
      errors({
        depositPercent: 0,
        stages: [
          { label: "", percent: 50 },
          { label: "Rest", percent: 0 },
        ],
        retentionPercent: 50,
        defectsMonths: 1.5,
      }),
    ).toEqual({
      "stages.0.label": "Name the stage, e.g. First fix",
      "stages.1.percent": "A stage's share must be more than 0% and at most 100%, with at most 2 decimals",
      retentionPercent: "Retention must be a percentage from 0 to 10, with at most 2 decimals",
      defectsMonths: "The defects period must be a whole number of months from 0 to 60",
    });
  });

  it("defaults to the quote's deposit and one stage on completion, no retention, 12 months' defects", () => {
    expect(defaultPaymentSchedule(30)).toEqual({
      depositPercent: 30,
      stages: [{ label: "On completion", percent: 70 }],
      retentionPercent: 0,
      defectsMonths: 12,
    });
    expect(defaultPaymentSchedule(33.33).stages[0]!.percent).toBe(66.67);
    expect(defaultPaymentSchedule(100).stages).toEqual([]);
    for (const deposit of [0, 12.5, 33.33, 99.99, 100])
      expect(PaymentScheduleSchema.safeParse(defaultPaymentSchedule(deposit)).success).toBe(true);
  });
});
