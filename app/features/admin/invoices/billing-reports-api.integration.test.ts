import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { callApi, confirmSession, serveBuiltApp, signIn } from "../../../../tests/support/built-app";
import {
  insertBillingClient,
  insertCreditNote,
  insertInvoice,
  insertPayment,
  line,
} from "../../../../tests/support/billing-documents";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { amountCellSql, exportInvoicesCsv, INVOICE_CSV_COLUMNS } from "./invoice-export.server";

// For the accountant (issue 38 item 7), through the built server as the office calls it: the
// invoices' CSV export (rows, signs, escaping, the window) and the VAT summary's answer.

let t: TestDatabase;
let site: Awaited<ReturnType<typeof serveBuiltApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const password = "Billing-Office-2026";
  await t.database.db
    .insert(users)
    .values({ username: "nuala", password: await hashPassword(password), role: "office" });
  site = await serveBuiltApp(t.database, { env: { RATE_LIMIT_FACTOR: "1000" } });
  cookie = await signIn(site.origin, "nuala", password);
  // The export asks for the password again (as the contacts' export): refused until confirmed.
  const unconfirmed = await get("/api/admin/invoices/export.csv?from=2030-09-01&to=2030-10-31");
  expect(unconfirmed.status).toBe(403);
  expect(unconfirmed.body).toMatchObject({ confirm: true });
  await confirmSession(site.origin, cookie, password);
});
afterAll(async () => {
  await site?.close();
  await t?.dispose();
});

const get = (path: string, headers: Record<string, string> = { cookie }) =>
  callApi(site.origin, "GET", path, undefined, headers);
const db = () => t.database.db;

/** The CSV's records as arrays of cells (quoted cells may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe("GET /api/admin/invoices/export.csv", () => {
  it("lists the invoices and credit notes issued in the window, credit notes negative, cells escaped", async () => {
    const shop = await insertBillingClient(db(), { name: '=HYPERLINK("http://evil.example","Click")' });
    const principal = await insertBillingClient(db(), {
      name: 'Walsh, Byrne & "Sons" Ltd',
      vatNumber: "IE9876543W",
      reverseCharge: true,
    });
    const mixed = await insertInvoice(db(), [line("Installation", 200_000, 13.5), line("Panels", 100_000, 23)], {
      client: shop,
      issuedOn: "2030-09-02",
      dueOn: "2030-10-02",
    });
    await insertPayment(db(), mixed, { paidOn: "2030-09-20", amountCents: 100_000 });
    const rc = await insertInvoice(db(), [line("Subcontract ceilings", 1_000_000, 13.5)], {
      client: principal,
      issuedOn: "2030-09-05",
      vatMode: "reverse-charge",
      kind: "stage",
      retentionCents: 50_000,
    });
    await insertPayment(db(), rc, { paidOn: "2030-09-30", amountCents: 800_000, rctRate: 20, rctCents: 200_000 });
    await insertCreditNote(db(), mixed, { client: shop, issuedOn: "2030-10-01" }, [
      line("Panels returned", 40_000, 23),
    ]);
    // Outside the window, and a draft inside it.
    await insertInvoice(db(), [line("August", 10_000, 23)], { client: shop, issuedOn: "2030-08-31" });
    await insertInvoice(db(), [line("Draft", 10_000, 23)], { client: shop, issuedOn: "2030-09-10", status: "draft" });

    const answer = await get("/api/admin/invoices/export.csv?from=2030-09-01&to=2030-10-31");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="invoices-2030-09-01-to-2030-10-31.csv"',
    );
    const [header, ...rows] = parseCsv(answer.text.replace(/^\uFEFF/, ""));
    expect(header).toEqual([...INVOICE_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const [invoice, stage, note] = rows;
    // number, kind, issued, supply, due, client, VAT no., RC, net, VAT 13.5, VAT 23, VAT, gross, retention, paid, RCT, balance, status
    expect(invoice).toEqual([
      mixed.number,
      "Invoice",
      "2030-09-02",
      "2030-09-02",
      "2030-10-02",
      `'=HYPERLINK("http://evil.example","Click")`,
      "",
      "no",
      "3000.00",
      "270.00",
      "230.00",
      "500.00",
      "3500.00",
      "0.00",
      "1000.00",
      "0.00",
      // 3,500.00 − 1,000.00 paid − 492.00 credited
      "2008.00",
      "part-paid",
    ]);
    expect(stage).toEqual([
      rc.number,
      "Stage invoice",
      "2030-09-05",
      "2030-09-05",
      "2030-09-05",
      'Walsh, Byrne & "Sons" Ltd',
      "IE9876543W",
      "yes",
      "10000.00",
      "0.00",
      "0.00",
      "0.00",
      "10000.00",
      "500.00",
      "8000.00",
      "2000.00",
      "0.00",
      "paid",
    ]);
    expect(note).toEqual([
      expect.stringMatching(/^CN-2030-\d{4}$/),
      "Credit note",
      "2030-10-01",
      "2030-10-01",
      "2030-10-01",
      `'=HYPERLINK("http://evil.example","Click")`,
      "",
      "no",
      "-400.00",
      "0.00",
      "-92.00",
      "-92.00",
      "-492.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "issued",
    ]);
    // The raw file: the formula's cell is neutralised and quoted, the name with a comma quoted and its quotes doubled.
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(answer.text).toContain(`"Walsh, Byrne & ""Sons"" Ltd"`);
  });

  it("writes every document once, in order, whichever batch it falls in", async () => {
    // Batches of two, so the next batch is read while one is written, as with 500 on a big export.
    const client = await insertBillingClient(db(), { name: "Batch Ceilings Ltd" });
    const days = ["2031-03-09", "2031-03-02", "2031-03-09", "2031-03-05", "2031-03-02"];
    const made = [];
    for (const issuedOn of days)
      made.push(await insertInvoice(db(), [line("Tiles", 10_000, 23)], { client, issuedOn }));
    const inOrder = [...made]
      .sort((a, b) => a.issuedOn!.localeCompare(b.issuedOn!) || a.id - b.id)
      .map((i) => i.number);
    const numbers = async (to: string) => {
      let text = "";
      for await (const chunk of exportInvoicesCsv(db(), "2031-03-01", to, 2)) text += chunk;
      return parseCsv(text)
        .slice(1)
        .map((row) => row[0]);
    };
    expect(await numbers("2031-03-31")).toEqual(inOrder); // five: two full batches and one of one
    expect(await numbers("2031-03-08")).toEqual(inOrder.slice(0, 3)); // three
    expect(await numbers("2031-03-04")).toEqual(inOrder.slice(0, 2)); // two: one full batch, then none
  });

  it("writes an amount's cell as euro with two decimals, exactly, whatever its size or sign", async () => {
    const cells = {
      0: "0.00",
      5: "0.05",
      "-5": "-0.05",
      99: "0.99",
      100: "1.00",
      "-1250": "-12.50",
      123_456: "1234.56",
      // Past what a float holds to the cent: written from the integer, not rounded.
      "9007199254740993": "90071992547409.93",
    };
    for (const [cents, cell] of Object.entries(cells)) {
      const [row] = await queryRows<{ cell: string }>(
        db(),
        sql`select ${amountCellSql(sql`${cents}::bigint`)} as cell`,
      );
      expect(row!.cell, cents).toBe(cell);
    }
  });

  it("answers 400 with words for a bad window, and 401 signed out", async () => {
    for (const query of ["from=2030-09-01", "from=2030-13-01&to=2030-12-31", "from=2030-10-01&to=2030-09-01"]) {
      const answer = await get(`/api/admin/invoices/export.csv?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: expect.stringMatching(/from|YYYY-MM-DD/) });
    }
    expect((await get("/api/admin/invoices/export.csv?from=2029-01-01&to=2030-12-31")).body.message).toMatch(
      /at most 367 days/,
    );
    expect((await get("/api/admin/invoices/export.csv?from=2030-09-01&to=2030-10-31", {})).status).toBe(401);
  });
});

describe("GET /api/admin/vat-summary", () => {
  it("answers the period's figures in the documented shape", async () => {
    const client = await insertBillingClient(db());
    await insertInvoice(db(), [line("Office ceiling", 100_000, 23)], { client, issuedOn: "2031-01-10" });
    const answer = await get("/api/admin/vat-summary?from=2031-01-01&to=2031-02-28");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toEqual({
      netCents: 100_000,
      vat: [{ rate: 23, netCents: 100_000, vatCents: 23_000 }],
      reverseChargeNetCents: 0,
      rctWithheldCents: 0,
      paidCents: 0,
    });
    const bad = await get("/api/admin/vat-summary?from=2031-02-30&to=2031-03-01");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/YYYY-MM-DD/);
    expect((await get("/api/admin/vat-summary", {})).status).toBe(401);
  });
});
