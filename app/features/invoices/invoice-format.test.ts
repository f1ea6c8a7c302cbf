import { describe, expect, it } from "vitest";
import { balanceWords, groupIban, isOverdue } from "./invoice-format";

// What the client's page says about an invoice's balance, and the IBAN as banks print it.

const invoice = {
  kind: "final" as const,
  status: "issued" as const,
  dueOn: "2026-12-20",
  balanceCents: 123_450,
  paidCents: 0,
};

describe("balanceWords", () => {
  it("says what is to pay and by when, part paid or not", () => {
    expect(balanceWords(invoice, "2026-12-20").words).toBe("€1,234.50 to pay by 20 December 2026");
    expect(balanceWords({ ...invoice, status: "part-paid", paidCents: 50_000 }, "2026-12-01")).toEqual({
      tone: "due",
      words: "Part paid — €1,234.50 still to pay by 20 December 2026",
    });
  });

  it("says overdue from the day after the due date (Irish days)", () => {
    expect(balanceWords(invoice, "2026-12-21")).toEqual({
      tone: "overdue",
      words: "Overdue — €1,234.50 was due on 20 December 2026",
    });
  });

  it("thanks a client who paid, and asks nothing on a credit note or a credited invoice", () => {
    expect(balanceWords({ ...invoice, status: "paid", balanceCents: 0 }, "2027-01-05").words).toBe("Paid — thank you");
    expect(balanceWords({ ...invoice, kind: "credit-note", balanceCents: 0 }, "2026-12-01").words).toBe(
      "Credit note — nothing to pay",
    );
    expect(balanceWords({ ...invoice, status: "credited", balanceCents: 0 }, "2027-01-05").words).toBe(
      "Credited in full — nothing to pay",
    );
  });
});

it("groups an IBAN in fours, whatever spacing and case it was stored in", () => {
  expect(groupIban("ie29aibk93115212345678")).toBe("IE29 AIBK 9311 5212 3456 78");
  expect(groupIban("IE29 AIBK 9311 5212 3456 78")).toBe("IE29 AIBK 9311 5212 3456 78");
});

describe("isOverdue", () => {
  const today = "2026-12-02";
  it("is an issued or part-paid invoice due before today, never a credit note, a draft or a paid one", () => {
    expect(isOverdue({ kind: "deposit", status: "issued", dueOn: "2026-12-01" }, today)).toBe(true);
    expect(isOverdue({ kind: "stage", status: "part-paid", dueOn: "2026-11-15" }, today)).toBe(true);
    expect(isOverdue({ kind: "deposit", status: "issued", dueOn: today }, today)).toBe(false);
    expect(isOverdue({ kind: "final", status: "paid", dueOn: "2026-11-15" }, today)).toBe(false);
    expect(isOverdue({ kind: "custom", status: "draft", dueOn: null }, today)).toBe(false);
    // A credit note owes nothing, whatever its row says.
    expect(isOverdue({ kind: "credit-note", status: "issued", dueOn: "2026-11-15" }, today)).toBe(false);
  });
});
