import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES, PaymentSchema } from "./payment-schema";

const payment = (paidOn: string) => ({ paidOn, amountCents: 10_000, method: "transfer" });
const paidOnErrors = (paidOn: string) => {
  const checked = PaymentSchema.safeParse(payment(paidOn));
  return checked.success ? [] : checked.error.issues.filter((i) => i.path[0] === "paidOn").map((i) => i.message);
};

describe("a payment's day", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is today or before in Ireland, never a day the money has not arrived", () => {
    // 23:30 on 2 December in Dublin (winter: Irish time is UTC).
    vi.useFakeTimers({ now: new Date("2026-12-02T23:30:00Z") });
    expect(paidOnErrors("2026-12-02")).toEqual([]);
    expect(paidOnErrors("2026-11-30")).toEqual([]);
    expect(paidOnErrors("2026-12-03")).toEqual([PAYMENT_MESSAGES.paidOnFuture]);
    expect(paidOnErrors("2031-06-01")).toEqual([PAYMENT_MESSAGES.paidOnFuture]);
  });

  it("counts today by the Irish calendar in summer, an hour ahead of UTC", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in Dublin.
    vi.useFakeTimers({ now: new Date("2027-06-30T23:30:00Z") });
    expect(paidOnErrors("2027-07-01")).toEqual([]);
    expect(paidOnErrors("2027-07-02")).toEqual([PAYMENT_MESSAGES.paidOnFuture]);
  });

  it("says only that the day is not a date when it is not one", () => {
    expect(paidOnErrors("30/11/2026")).toEqual([PAYMENT_MESSAGES.paidOn]);
    expect(paidOnErrors("2026-02-30")).toEqual([PAYMENT_MESSAGES.paidOn]);
  });
});
