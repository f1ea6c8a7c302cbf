import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertBillingClient,
  insertCreditNote,
  insertInvoice,
  insertPayment,
  line,
} from "../../../tests/support/billing-documents";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { vatSummary } from "./vat-summary.server";

// The VAT return's sales side (issue 38 item 7) from stored invoices, credit notes and payments.
// Each test works in a two-month period of its own, so what another test stores never counts.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});
const db = () => t.database.db;

describe("the VAT summary", () => {
  it("sums standard-rated invoices issued in the period, leaving out drafts and other periods", async () => {
    const client = await insertBillingClient(db(), { name: "Byrne Retail" });
    await insertInvoice(db(), [line("Suspended ceiling, 240 m²", 1_000_000, 13.5)], { client, issuedOn: "2030-01-15" });
    await insertInvoice(db(), [line("Ceiling repairs", 40_000, 13.5)], { client, issuedOn: "2030-02-28" });
    // Not in January–February: the day before, the day after, and a draft.
    await insertInvoice(db(), [line("Earlier work", 77_700, 13.5)], { client, issuedOn: "2029-12-31" });
    await insertInvoice(db(), [line("Later work", 88_800, 13.5)], { client, issuedOn: "2030-03-01" });
    await insertInvoice(db(), [line("Not issued yet", 99_900, 13.5)], {
      client,
      issuedOn: "2030-01-20",
      status: "draft",
    });

    expect(await vatSummary(db(), "2030-01-01", "2030-02-28")).toEqual({
      netCents: 1_040_000,
      vat: [{ rate: 13.5, netCents: 1_040_000, vatCents: 135_000 + 5_400 }],
      reverseChargeNetCents: 0,
      rctWithheldCents: 0,
      paidCents: 0,
    });
    expect(await vatSummary(db(), "2030-01-16", "2030-01-31")).toMatchObject({ netCents: 0, vat: [] });
  });

  it("splits VAT by rate on mixed-rate invoices", async () => {
    const client = await insertBillingClient(db());
    await insertInvoice(db(), [line("Installation", 200_000, 13.5), line("LED panels supplied", 100_000, 23)], {
      client,
      issuedOn: "2032-03-10",
    });
    await insertInvoice(db(), [line("Partition glass", 50_000, 23), line("Zero-rated item", 10_000, 0)], {
      client,
      issuedOn: "2032-04-30",
    });
    expect(await vatSummary(db(), "2032-03-01", "2032-04-30")).toEqual({
      netCents: 360_000,
      vat: [
        { rate: 0, netCents: 10_000, vatCents: 0 },
        { rate: 13.5, netCents: 200_000, vatCents: 27_000 },
        { rate: 23, netCents: 150_000, vatCents: 23_000 + 11_500 },
      ],
      reverseChargeNetCents: 0,
      rctWithheldCents: 0,
      paidCents: 0,
    });
  });

  it("reports reverse-charge sales only apart, never in the net or the VAT", async () => {
    const standard = await insertBillingClient(db());
    const principal = await insertBillingClient(db(), { vatNumber: "IE9876543W", reverseCharge: true });
    await insertInvoice(db(), [line("Shop ceiling", 100_000, 13.5)], { client: standard, issuedOn: "2030-05-05" });
    await insertInvoice(db(), [line("Subcontract partitions", 500_000, 13.5), line("Boards", 20_000, 23)], {
      client: principal,
      issuedOn: "2030-06-05",
      vatMode: "reverse-charge",
    });
    expect(await vatSummary(db(), "2030-05-01", "2030-06-30")).toEqual({
      netCents: 100_000,
      vat: [{ rate: 13.5, netCents: 100_000, vatCents: 13_500 }],
      reverseChargeNetCents: 520_000,
      rctWithheldCents: 0,
      paidCents: 0,
    });
  });

  it("takes credit notes off by the day they were issued, standard and reverse charge", async () => {
    const client = await insertBillingClient(db());
    const principal = await insertBillingClient(db(), { vatNumber: "IE9876543W", reverseCharge: true });
    const mixed = await insertInvoice(db(), [line("Installation", 200_000, 13.5), line("Panels", 100_000, 23)], {
      client,
      issuedOn: "2031-06-20",
    });
    const rc = await insertInvoice(db(), [line("Subcontract", 300_000, 13.5)], {
      client: principal,
      issuedOn: "2031-07-02",
      vatMode: "reverse-charge",
    });
    // Part of the June invoice credited in July; all of the reverse-charge one in August.
    await insertCreditNote(db(), mixed, { client, issuedOn: "2031-07-15" }, [line("Two panels returned", 40_000, 23)]);
    await insertCreditNote(db(), rc, { client: principal, issuedOn: "2031-08-01" });

    expect(await vatSummary(db(), "2031-07-01", "2031-08-31")).toEqual({
      netCents: -40_000,
      vat: [{ rate: 23, netCents: -40_000, vatCents: -9_200 }],
      reverseChargeNetCents: 0,
      rctWithheldCents: 0,
      paidCents: 0,
    });
    expect(await vatSummary(db(), "2031-06-01", "2031-07-31")).toEqual({
      netCents: 300_000 - 40_000,
      vat: [
        { rate: 13.5, netCents: 200_000, vatCents: 27_000 },
        { rate: 23, netCents: 60_000, vatCents: 23_000 - 9_200 },
      ],
      reverseChargeNetCents: 300_000,
      rctWithheldCents: 0,
      paidCents: 0,
    });
  });

  it("counts payments and the RCT withheld from them by the day they arrived", async () => {
    const principal = await insertBillingClient(db(), { vatNumber: "IE9876543W", reverseCharge: true });
    const client = await insertBillingClient(db());
    // Reverse charge: gross = net; the principal withheld 20 % RCT (2,000.00) and paid 8,000.00.
    const rc = await insertInvoice(db(), [line("Subcontract ceilings", 1_000_000, 13.5)], {
      client: principal,
      issuedOn: "2030-08-20",
      vatMode: "reverse-charge",
    });
    await insertPayment(db(), rc, { paidOn: "2030-09-03", amountCents: 800_000, rctRate: 20, rctCents: 200_000 });
    // A standard invoice paid in part in the period and in part after it.
    const std = await insertInvoice(db(), [line("Office ceiling", 100_000, 23)], { client, issuedOn: "2030-09-10" });
    await insertPayment(db(), std, { paidOn: "2030-10-31", amountCents: 60_000 });
    await insertPayment(db(), std, { paidOn: "2030-11-01", amountCents: 63_000 });

    expect(await vatSummary(db(), "2030-09-01", "2030-10-31")).toEqual({
      netCents: 100_000,
      vat: [{ rate: 23, netCents: 100_000, vatCents: 23_000 }],
      reverseChargeNetCents: 0,
      rctWithheldCents: 200_000,
      paidCents: 860_000,
    });
  });
});
