import { describe, expect, it } from "vitest";
import { formatCents, quoteTotals, vatOn } from "~/features/quotes/quote-totals";
import type { QuoteLine, VatMode } from "~/features/quotes/quote-types";
import type { PaymentSchedule } from "~/features/quotes/payment-schedule";
import { addMonths } from "~/features/time/dublin-time";
import {
  creditNote,
  customInvoice,
  depositInvoice,
  finalInvoice,
  rctCents,
  retentionInvoice,
  retentionReleaseDates,
  stageInvoice,
  type AcceptedQuote,
  type BillingDocument,
} from "./invoice-maths";

const line = (over: Partial<QuoteLine>): QuoteLine => ({
  id: "a",
  description: "Suspended ceiling, supply and fit",
  quantity: 1,
  unit: "m²",
  unitPriceCents: 100_00,
  vatRate: 13.5,
  optional: false,
  selected: true,
  goods: false,
  ...over,
});

const schedule = (over: Partial<PaymentSchedule> = {}): PaymentSchedule => ({
  depositPercent: 30,
  stages: [
    { label: "First fix", percent: 40 },
    { label: "On completion", percent: 30 },
  ],
  retentionPercent: 5,
  defectsMonths: 12,
  ...over,
});

const quote = (lines: QuoteLine[], payments = schedule(), vatMode: VatMode = "standard"): AcceptedQuote => ({
  number: "Q-2026-0007",
  lines,
  vatMode,
  payments,
});

const gross = (q: AcceptedQuote) => quoteTotals(q.lines, q.vatMode, q.payments.depositPercent).grossCents;

/** Raises the whole schedule in order: deposit, each stage, both retention halves. */
function wholeSchedule(q: AcceptedQuote): BillingDocument[] {
  const docs: BillingDocument[] = [];
  const add = (d: BillingDocument | null) => d && docs.push(d);
  add(depositInvoice(q, docs));
  q.payments.stages.forEach((_, i) => add(stageInvoice(q, i, docs)));
  add(retentionInvoice(q, "completion", docs));
  add(retentionInvoice(q, "defects", docs));
  return docs;
}

const sumGross = (docs: BillingDocument[]) =>
  docs.reduce((s, d) => s + (d.kind === "credit-note" ? -1 : 1) * d.totals.grossCents, 0);

/** A small deterministic generator, so an awkward case that fails can be rerun. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("the deposit invoice", () => {
  it("bills the deposit the quote promised, with the VAT fraction of each rate's share and nothing held back", () => {
    const q = quote([
      line({ id: "a", quantity: 37.5, unitPriceCents: 33_33, vatRate: 13.5 }),
      line({ id: "b", quantity: 3, unitPriceCents: 199_99, vatRate: 23, goods: true }),
    ]);
    const promised = quoteTotals(q.lines, q.vatMode, 30).depositCents;
    const deposit = depositInvoice(q, [])!;
    expect(deposit.totals.grossCents).toBe(promised);
    expect(deposit.totals.retentionCents).toBe(0);
    expect(deposit.lines).toHaveLength(2);
    for (const v of deposit.totals.vat) expect(Math.abs(v.vatCents - vatOn(v.netCents, v.rate))).toBeLessThanOrEqual(1);
    expect(deposit.totals.netCents + deposit.totals.vatCents).toBe(deposit.totals.grossCents);
    // Raised once: a second deposit invoice is nothing to bill.
    expect(depositInvoice(q, [deposit])).toBeNull();
  });

  it("is not raised when the schedule has no deposit", () => {
    expect(
      depositInvoice(quote([line({})], schedule({ depositPercent: 0, stages: [{ label: "All", percent: 100 }] })), []),
    ).toBeNull();
  });
});

describe("stage invoices", () => {
  const q = quote([line({ quantity: 1, unitPriceCents: 10_000_00, vatRate: 13.5 })]);

  it("bill the stage's share less the retention held from it", () => {
    const deposit = depositInvoice(q, [])!;
    const first = stageInvoice(q, 0, [deposit])!;
    // 40 % of €10,000 = €4,000 of work; 5 % of it (€200) held; VAT on €3,800.
    expect(first.lines).toEqual([
      expect.objectContaining({
        description: "Stage 1 of 2: First fix (40% of quote Q-2026-0007)",
        unitPriceCents: 4_000_00,
        vatRate: 13.5,
      }),
    ]);
    expect(first.totals).toEqual({
      netCents: 3_800_00,
      vat: [{ rate: 13.5, netCents: 3_800_00, vatCents: 513_00 }],
      vatCents: 513_00,
      grossCents: 4_313_00,
      retentionCents: 200_00,
    });
  });

  it("bill less what earlier invoices billed: a credited stage is billed again with the next", () => {
    const deposit = depositInvoice(q, [])!;
    const first = stageInvoice(q, 0, [deposit])!;
    const credit = creditNote(first, []);
    if (!credit.ok) throw new Error("credit refused");
    const second = stageInvoice(q, 1, [deposit, first, credit.creditNote])!;
    expect(second.lines[0]!.unitPriceCents).toBe(7_000_00);
    expect(second.totals.retentionCents).toBe(350_00);
    // A stage already billed (or passed) has nothing left.
    expect(stageInvoice(q, 0, [deposit, second])).toBeNull();
    expect(stageInvoice(q, 1, [deposit, second])).toBeNull();
    expect(finalInvoice(q, [deposit, second])).toBeNull();
    expect(stageInvoice(q, 2, [deposit])).toBeNull();
  });

  it("the final invoice bills every stage not yet billed", () => {
    const deposit = depositInvoice(q, [])!;
    const final = finalInvoice(q, [deposit])!;
    expect(final.totals.netCents).toBe(7_000_00 - 350_00);
    expect(final.totals.retentionCents).toBe(350_00);
  });
});

describe("retention", () => {
  it("is released half at completion and the rest after the defects period", () => {
    const q = quote([line({ quantity: 1, unitPriceCents: 10_000_01 })]);
    const docs = wholeSchedule(q);
    const [first, second] = docs.filter((d) => d.kind === "retention");
    const held = docs.reduce((s, d) => s + d.totals.retentionCents, 0);
    expect(held).toBe(35_000); // 5 % of the 70 % billed in stages: €350.00 (rounded per stage)
    expect(first!.lines[0]!.unitPriceCents + second!.lines[0]!.unitPriceCents).toBe(held);
    expect(first!.lines[0]!.unitPriceCents).toBe(175_00);
    expect(retentionInvoice(q, "defects", docs)).toBeNull();
  });

  it("comes due on completion and defectsMonths later, on the month's last day when shorter", () => {
    expect(retentionReleaseDates("2026-03-31", { defectsMonths: 12 })).toEqual({
      completion: "2026-03-31",
      defects: "2027-03-31",
    });
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-15", 14)).toBe("2028-01-15");
  });
});

describe("a whole schedule never loses or adds a cent", () => {
  it("deposit + stages + retention releases = the accepted gross, for awkward figures", () => {
    const q = quote(
      [
        line({ id: "a", quantity: 13.37, unitPriceCents: 33_33, vatRate: 13.5 }),
        line({ id: "b", quantity: 0.07, unitPriceCents: 1_01, vatRate: 13.5 }),
        line({ id: "c", quantity: 3, unitPriceCents: 66_67, vatRate: 23, goods: true }),
        line({ id: "d", quantity: 1, unitPriceCents: 1, vatRate: 0 }),
        line({ id: "e", quantity: 5, unitPriceCents: 999_99, vatRate: 23, optional: true, selected: false }),
      ],
      schedule({
        depositPercent: 33.33,
        stages: [
          { label: "Grid", percent: 33.33 },
          { label: "Boards", percent: 0.01 },
          { label: "On completion", percent: 33.33 },
        ],
        retentionPercent: 3.33,
      }),
    );
    const docs = wholeSchedule(q);
    expect(docs.map((d) => d.kind)).toEqual(["deposit", "stage", "stage", "stage", "retention", "retention"]);
    expect(sumGross(docs)).toBe(gross(q));
    // Each invoice's VAT is within a cent of its own net × rate.
    for (const d of docs)
      for (const v of d.totals.vat) expect(Math.abs(v.vatCents - vatOn(v.netCents, v.rate))).toBeLessThanOrEqual(1);
  });

  it("holds over many generated quotes and schedules, in any mix of rates and both VAT modes", () => {
    const random = prng(38);
    for (let n = 0; n < 300; n++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) =>
        line({
          id: `l${i}`,
          quantity: Math.round(random() * 10_000) / 100 + 0.01,
          unitPriceCents: Math.floor(random() * 500_00),
          vatRate: ([13.5, 23, 0] as const)[Math.floor(random() * 3)]!,
        }),
      );
      const deposit = Math.round(random() * 5000) / 100;
      const cut = Math.round(random() * (100 - deposit) * 100) / 100;
      const stages = [
        { label: "One", percent: cut },
        { label: "Two", percent: Math.round((100 - deposit - cut) * 100) / 100 },
      ].filter((s) => s.percent > 0);
      const q = quote(
        lines,
        schedule({ depositPercent: deposit, stages, retentionPercent: Math.round(random() * 1000) / 100 }),
        random() < 0.2 ? "reverse-charge" : "standard",
      );
      expect(sumGross(wholeSchedule(q)), JSON.stringify(q)).toBe(gross(q));
    }
  });

  it("holds with the final invoice instead of the stages, and after a part credit note billed again", () => {
    const q = quote([
      line({ quantity: 7, unitPriceCents: 1_428_57 }),
      line({ id: "b", unitPriceCents: 3_33, vatRate: 23 }),
    ]);
    const docs: BillingDocument[] = [depositInvoice(q, [])!];
    const first = stageInvoice(q, 0, docs)!;
    docs.push(first);
    const part = creditNote(
      first,
      [],
      [{ description: "Grid not fitted", quantity: 1, unit: "item", unitPriceCents: 123_45, vatRate: 13.5 }],
    );
    if (!part.ok) throw new Error("credit refused");
    docs.push(part.creditNote);
    docs.push(finalInvoice(q, docs)!);
    docs.push(retentionInvoice(q, "completion", docs)!);
    docs.push(retentionInvoice(q, "defects", docs)!);
    expect(sumGross(docs)).toBe(gross(q));
  });
});

describe("credit notes", () => {
  const q = quote([
    line({ quantity: 3, unitPriceCents: 333_33 }),
    line({ id: "b", unitPriceCents: 50_00, vatRate: 23 }),
  ]);
  const invoice = depositInvoice(q, [])!;

  it("credit the whole invoice: the same amounts, read positive, taking back each part", () => {
    const whole = creditNote(invoice, []);
    expect(whole.ok && whole.creditNote.totals).toEqual(invoice.totals);
    expect(whole.ok && whole.creditNote.kind).toBe("credit-note");
    expect(whole.ok && whole.creditNote.parts.every((p) => p.netCents <= 0)).toBe(true);
    expect(whole.ok && creditNote(invoice, [whole.creditNote])).toEqual({
      ok: false,
      fieldErrors: { lines: "This invoice has already been credited in full" },
    });
  });

  it("credit part, never more than is left at a rate, and a later whole note takes exactly the rest", () => {
    const atRate = invoice.totals.vat.find((v) => v.rate === 13.5)!;
    const part = creditNote(
      invoice,
      [],
      [{ description: "Overcharge", quantity: 1, unit: "item", unitPriceCents: 100_01, vatRate: 13.5 }],
    );
    if (!part.ok) throw new Error("credit refused");
    expect(part.creditNote.totals).toMatchObject({ netCents: 100_01, vatCents: vatOn(100_01, 13.5) });
    const tooMuch = creditNote(
      invoice,
      [part.creditNote],
      [{ description: "Too much", quantity: 1, unit: "item", unitPriceCents: atRate.netCents, vatRate: 13.5 }],
    );
    expect(tooMuch.ok).toBe(false);
    expect(!tooMuch.ok && tooMuch.fieldErrors.lines).toBe(
      `A credit note can take back at most what is left on the invoice: ${formatCents(atRate.netCents - 100_01)} at 13.5% VAT`,
    );
    const rest = creditNote(invoice, [part.creditNote]);
    if (!rest.ok) throw new Error("credit refused");
    expect(part.creditNote.totals.grossCents + rest.creditNote.totals.grossCents).toBe(invoice.totals.grossCents);
    expect(part.creditNote.totals.vatCents + rest.creditNote.totals.vatCents).toBe(invoice.totals.vatCents);
  });
});

describe("reverse charge and RCT", () => {
  it("charges no VAT under the reverse charge: the gross is the net", () => {
    const q = quote(
      [line({ quantity: 2, unitPriceCents: 5_000_00 }), line({ id: "b", vatRate: 23 })],
      schedule(),
      "reverse-charge",
    );
    for (const d of wholeSchedule(q)) {
      expect(d.totals.vat).toEqual([]);
      expect(d.totals.vatCents).toBe(0);
      expect(d.totals.grossCents).toBe(d.totals.netCents);
    }
    expect(depositInvoice(q, [])!.totals.grossCents).toBe(3_030_00);
  });

  it("names each line's rate without calling it VAT charged: the principal contractor accounts for it", () => {
    const lines = [line({ quantity: 2, unitPriceCents: 5_000_00 }), line({ id: "b", vatRate: 23 })];
    const reverse = depositInvoice(quote(lines, schedule(), "reverse-charge"), [])!;
    expect(reverse.lines.map((l) => l.description)).toEqual([
      "Deposit of 30% on quote Q-2026-0007 (items at the 13.5% rate, reverse charge)",
      "Deposit of 30% on quote Q-2026-0007 (items at the 23% rate, reverse charge)",
    ]);
    const standard = depositInvoice(quote(lines, schedule()), [])!;
    expect(standard.lines.map((l) => l.description)).toEqual([
      "Deposit of 30% on quote Q-2026-0007 (items at 13.5% VAT)",
      "Deposit of 30% on quote Q-2026-0007 (items at 23% VAT)",
    ]);
  });

  it("counts RCT withheld as that rate of the gross, rounded half-up", () => {
    expect(rctCents(1_000_00, 20)).toBe(200_00);
    expect(rctCents(1_000_01, 35)).toBe(350_00); // 35000.35 → 35000
    expect(rctCents(3, 35)).toBe(1); // 1.05 → 1
    expect(rctCents(10, 35)).toBe(4); // 3.5 → 4
    expect(rctCents(1_234_56, 0)).toBe(0);
  });

  it("bills extras outside the schedule as custom invoices, which later schedule invoices ignore", () => {
    const q = quote([line({ quantity: 1, unitPriceCents: 1_000_00 })]);
    const extra = customInvoice(
      [{ description: "Extra bulkhead", quantity: 2, unit: "m", unitPriceCents: 45_50, vatRate: 13.5 }],
      "standard",
    );
    expect(extra.totals).toMatchObject({ netCents: 91_00, vatCents: 12_29, grossCents: 103_29 });
    expect(depositInvoice(q, [extra])!.totals.grossCents).toBe(quoteTotals(q.lines, "standard", 30).depositCents);
  });
});
