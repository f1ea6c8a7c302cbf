import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { rctCents } from "./invoice-maths";
import { issueInvoiceBy, paymentRctCents } from "./payment-rules";
import { invoiceStatusOf } from "./invoice-view";
import { centsFromEuro, PaymentSchema } from "./payment-schema";

const issued = {
  kind: "stage" as const,
  status: "issued" as const,
  grossCents: 100_000,
  paidCents: 0,
  rctCents: 0,
  creditedCents: 0,
};

describe("RCT withheld from a payment", () => {
  it("is exactly that rate of the invoice's gross when the payment settles it in one go", () => {
    // €1,001.01 gross at 35 %: €350.35 withheld, €650.66 arrives; paid to the cent.
    const gross = 100_101;
    for (const rate of [20, 35] as const) {
      const withheld = rctCents(gross, rate);
      const arrived = gross - withheld;
      expect(paymentRctCents(arrived, rate, gross)).toBe(withheld);
      expect(arrived + paymentRctCents(arrived, rate, gross)).toBe(gross);
    }
    expect(rctCents(100_101, 35)).toBe(35_035);
    expect(rctCents(100_101, 20)).toBe(20_020);
  });

  it("is the rate of the gross a part payment settles (what arrived grossed up, half-up)", () => {
    // €650 arrived at 35 %: it settles €1,000 of the gross, €350 withheld.
    expect(paymentRctCents(65_000, 35, 300_000)).toBe(35_000);
    // €800 at 20 %: settles €1,000.
    expect(paymentRctCents(80_000, 20, 300_000)).toBe(20_000);
    // 1 cent at 35 %: 100/65 = 1.54 → 2 cents settled, 1 withheld.
    expect(paymentRctCents(1, 35, 300_000)).toBe(1);
  });

  it("is nothing at 0 % or without a rate", () => {
    expect(paymentRctCents(50_000, 0, 100_000)).toBe(0);
    expect(paymentRctCents(50_000, null, 100_000)).toBe(0);
    expect(paymentRctCents(50_000, undefined, 100_000)).toBe(0);
  });
});

describe("an invoice's status after its payments", () => {
  it("goes issued → part-paid → paid as the balance falls, and back when a payment is deleted", () => {
    expect(invoiceStatusOf(issued)).toBe("issued");
    expect(invoiceStatusOf({ ...issued, paidCents: 1 })).toBe("part-paid");
    expect(invoiceStatusOf({ ...issued, paidCents: 65_000, rctCents: 35_000 })).toBe("paid");
    expect(invoiceStatusOf({ ...issued, status: "paid", paidCents: 40_000 })).toBe("part-paid");
    expect(invoiceStatusOf({ ...issued, status: "part-paid", paidCents: 0 })).toBe("issued");
  });

  it("counts RCT withheld and credit notes as settling the balance", () => {
    expect(invoiceStatusOf({ ...issued, rctCents: 20_000 })).toBe("part-paid");
    expect(invoiceStatusOf({ ...issued, paidCents: 60_000, creditedCents: 40_000 })).toBe("paid");
  });

  it("leaves drafts, credited invoices and credit notes as they are", () => {
    expect(invoiceStatusOf({ ...issued, status: "draft", paidCents: 100_000 })).toBe("draft");
    expect(invoiceStatusOf({ ...issued, status: "credited", creditedCents: 100_000 })).toBe("credited");
    expect(invoiceStatusOf({ ...issued, kind: "credit-note", paidCents: 0 })).toBe("issued");
  });
});

describe("money received with no invoice for it", () => {
  it("must be invoiced by the 15th of the following month", () => {
    expect(issueInvoiceBy("2026-11-28")).toBe("2026-12-15");
    expect(issueInvoiceBy("2026-12-01")).toBe("2027-01-15");
    expect(issueInvoiceBy("2027-01-31")).toBe("2027-02-15");
  });
});

describe("the payment's input", () => {
  const good = { paidOn: "2026-11-20", amountCents: 150_000, method: "transfer", reference: " BOI 4471 " };

  it("takes the documented shape, cleaning the reference", () => {
    expect(PaymentSchema.parse(good)).toEqual({ ...good, reference: "BOI 4471" });
    expect(PaymentSchema.parse({ ...good, rctRate: 35 }).rctRate).toBe(35);
    expect(PaymentSchema.parse({ ...good, reference: undefined }).reference).toBe("");
  });

  it("names each field it refuses", () => {
    const fields = (input: unknown) => {
      const parsed = PaymentSchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path[0]);
    };
    expect(fields({ ...good, paidOn: "2026-02-30" })).toEqual(["paidOn"]);
    expect(fields({ ...good, amountCents: 0 })).toEqual(["amountCents"]);
    expect(fields({ ...good, amountCents: 10.5 })).toEqual(["amountCents"]);
    expect(fields({ ...good, amountCents: "150000" })).toEqual(["amountCents"]);
    expect(fields({ ...good, method: "bitcoin" })).toEqual(["method"]);
    expect(fields({ ...good, rctRate: 25 })).toEqual(["rctRate"]);
  });
});

describe("an amount as staff type it", () => {
  it("reads euro with or without the sign, commas and cents, exactly", () => {
    expect(centsFromEuro("1,500.00")).toBe(150_000);
    expect(centsFromEuro("€ 1500")).toBe(150_000);
    expect(centsFromEuro("650.66")).toBe(65_066);
    expect(centsFromEuro("0.1")).toBe(10);
    expect(centsFromEuro("1.005")).toBeNaN();
    expect(centsFromEuro("abc")).toBeNaN();
  });
});

describe("INVOICE_REMINDER_DAYS", () => {
  it("defaults to 7, 14 and 30 days after the due date; off for none; refuses a muddle", () => {
    expect(getEnv({}).INVOICE_REMINDER_DAYS).toEqual([7, 14, 30]);
    expect(getEnv({ INVOICE_REMINDER_DAYS: " 3, 10 " }).INVOICE_REMINDER_DAYS).toEqual([3, 10]);
    expect(getEnv({ INVOICE_REMINDER_DAYS: "off" }).INVOICE_REMINDER_DAYS).toEqual([]);
    for (const bad of ["14,7", "0", "x", "7,7"])
      expect(() => getEnv({ INVOICE_REMINDER_DAYS: bad })).toThrow(/INVOICE_REMINDER_DAYS/);
  });
});
