import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, quotes } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { dublinInstant } from "~/features/time/dublin-time";
import { quoteFigures } from "./quote-figures.server";
import { quoteTotals } from "./quote-totals";
import type { QuoteStatus } from "./quote-types";

// The dashboard's quote figures on a fixed "now" (Wednesday 15 July 2026, 10:00 in Dublin = 09:00
// UTC): open value (sent/viewed, still valid, including VAT), sent, accepted and declined this
// month, and the acceptance rate. Month boundaries are Irish midnight, not UTC midnight.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const NOW = new Date("2026-07-15T09:00:00Z");
let n = 0;

async function addQuote(
  leadId: number,
  status: QuoteStatus,
  netEuros: number,
  dates: { sentAt?: string; acceptedAt?: string; declinedAt?: string; validUntil?: string } = {},
) {
  const lines = [
    {
      id: `l${++n}`,
      description: "Suspended ceiling, grid and tiles",
      quantity: 1,
      unit: "item" as const,
      unitPriceCents: netEuros * 100,
      vatRate: 13.5 as const,
      optional: false,
      selected: true,
      goods: false,
    },
  ];
  const totals = quoteTotals(lines, "standard", 0);
  await t.database.db.insert(quotes).values({
    submissionId: leadId,
    number: `Q-2026-${String(n).padStart(4, "0")}`,
    token: `figures-token-${n}-abcdefghijklmnop`,
    status,
    client: { name: "Ciara Doyle", company: "", email: "ciara@example.ie", address: "" },
    lines,
    validUntil: dates.validUntil ?? "2026-08-14",
    totals,
    netCents: totals.netCents,
    grossCents: totals.grossCents,
    sentAt: dates.sentAt ? new Date(dates.sentAt) : null,
    acceptedAt: dates.acceptedAt ? new Date(dates.acceptedAt) : null,
    declinedAt: dates.declinedAt ? new Date(dates.declinedAt) : null,
  });
}

describe("quoteFigures", () => {
  it("is all zero, with no rate, before any quote is sent", async () => {
    expect(await quoteFigures(t.database.db, NOW)).toEqual({
      open: { count: 0, grossCents: 0 },
      month: { sent: 0, accepted: 0, declined: 0 },
      acceptanceRatePercent: null,
      monthStart: "2026-07",
    });
  });

  it("sums open quotes' gross and counts this Irish month's sent, accepted and declined quotes", async () => {
    const [lead] = await t.database.db
      .insert(contactSubmissions)
      .values({ name: "Ciara Doyle", email: "ciara@example.ie", message: "Office partitions in Naas." })
      .returning();
    const id = lead!.id;
    // Open: sent this month and viewed last month, both still valid (€1,000 + €2,000 net at 13.5 %).
    await addQuote(id, "sent", 1_000, { sentAt: "2026-07-02T10:00:00Z" });
    await addQuote(id, "viewed", 2_000, { sentAt: "2026-06-20T10:00:00Z" });
    // Not open: its last valid day was yesterday (sent in July, so it counts as sent).
    await addQuote(id, "sent", 5_000, { sentAt: "2026-07-01T08:00:00Z", validUntil: "2026-07-14" });
    // A draft counts nowhere.
    await addQuote(id, "draft", 9_000);
    // Accepted this month (two), declined this month (one), accepted last month (one).
    await addQuote(id, "accepted", 3_000, { sentAt: "2026-06-25T10:00:00Z", acceptedAt: "2026-07-03T10:00:00Z" });
    await addQuote(id, "accepted", 4_000, { sentAt: "2026-07-05T10:00:00Z", acceptedAt: "2026-07-10T10:00:00Z" });
    await addQuote(id, "declined", 700, { sentAt: "2026-07-06T10:00:00Z", declinedAt: "2026-07-08T10:00:00Z" });
    await addQuote(id, "accepted", 800, { sentAt: "2026-06-01T10:00:00Z", acceptedAt: "2026-06-10T10:00:00Z" });
    // 23:30 UTC on 30 June is 00:30 on 1 July in Dublin: this month, though June in UTC.
    await addQuote(id, "accepted", 600, { sentAt: "2026-06-30T23:30:00Z", acceptedAt: "2026-06-30T23:40:00Z" });
    // 22:30 UTC on 30 June is still June in Dublin (23:30 IST): last month.
    await addQuote(id, "declined", 500, { sentAt: "2026-06-29T10:00:00Z", declinedAt: "2026-06-30T22:30:00Z" });

    expect(await quoteFigures(t.database.db, NOW)).toEqual({
      // €3,000 net + 13.5 % VAT = €3,405.00
      open: { count: 2, grossCents: 340_500 },
      // Sent in July (Dublin): €1,000, €5,000, €4,000, €700, €600.
      month: { sent: 5, accepted: 3, declined: 1 },
      acceptanceRatePercent: 75,
      monthStart: "2026-07",
    });
  });

  it("finds Irish midnight in summer time and in winter time", () => {
    expect(dublinInstant("2026-07-01", 0).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(dublinInstant("2026-12-01", 0).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});
