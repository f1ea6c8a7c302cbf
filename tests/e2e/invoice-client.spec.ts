import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../app/db/schema";
import { formatDay } from "../../app/features/quotes/quote-dates";
import { formatCents } from "../../app/features/quotes/quote-totals";
import { insertTestInvoice, testDocuments } from "../support/invoice-fixture";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// The client opens their invoice on a phone (issue 38): the link from the e-mail shows what they
// owe and by when, the bank details and the reference (copied with one tap), and the PDF downloads.

const OWNER = { username: "invoice-owner", password: "Owner-Sends-Invoices-38" };
const PHONE_390 = { width: 390, height: 844 };
const BANK = { accountName: "IC Interiors Ltd", iban: "IE29 AIBK 9311 5212 3456 78", bic: "AIBKIE2D" };

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
let pool: pg.Pool;
let token: string;
const doc = testDocuments().standard;
// Due a month from today, so the page says what is due rather than overdue whenever this runs.
const dueOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async ({ request }) => {
  server = await startIsolatedServerWithAdmin(OWNER);
  expect((await request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  expect(
    (await request.post(`${server.origin}/api/auth/confirm`, { data: { password: OWNER.password } })).status(),
  ).toBe(204);
  const settings = await request.put(`${server.origin}/api/admin/settings/business`, {
    data: { vatNumber: "IE 6388047V", bank: BANK },
  });
  expect(settings.status()).toBe(200);
  // The issued invoice goes straight into the server's database (its embedded PostgreSQL listens
  // on a socket in the data folder): issuing is the invoices API's, tested with it.
  const socketDir = path.join(server.dataDir, "postgres");
  pool = new pg.Pool({
    connectionString: `postgres://postgres@${encodeURIComponent(socketDir)}:5432/postgres`,
    max: 1,
  });
  const db = drizzle(pool, { schema }) as unknown as Parameters<typeof insertTestInvoice>[0];
  token = (await insertTestInvoice(db, { doc, number: "INV-2026-0201", dueOn })).token;
});
test.afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

test("the client opens the invoice on a phone, copies the reference and downloads the PDF", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE_390, isMobile: true, hasTouch: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
  const phone = await context.newPage();
  await phone.goto(`${server.origin}/i/${token}`);

  await expect(phone.getByRole("heading", { name: "Invoice INV-2026-0201", level: 1 })).toBeVisible();
  const owed = formatCents(doc.totals.grossCents);
  await expect(phone.getByRole("status")).toHaveText(`${owed} to pay by ${formatDay(dueOn)}`);
  await expect(phone.getByText("Due date")).toBeVisible();
  await expect(phone.getByText(formatDay(dueOn), { exact: true })).toBeVisible();

  const pay = phone.getByRole("region", { name: "How to pay" });
  await expect(pay.getByText("IC Interiors Ltd", { exact: true })).toBeVisible();
  await expect(pay.getByText("IE29 AIBK 9311 5212 3456 78")).toBeVisible();
  await expect(pay.getByText("AIBKIE2D")).toBeVisible();
  await expect(pay.getByText("INV-2026-0201", { exact: true })).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_390.width);

  // The copy button appears once the page's scripts run (without them the reference is plain text).
  await waitForHydration(phone);
  await pay.getByRole("button", { name: "Copy reference" }).click();
  await expect(pay.getByText("Copied")).toBeVisible();
  expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe("INV-2026-0201");

  await expectNoAxeViolations(phone);

  const href = await phone.getByRole("link", { name: "Download the PDF" }).getAttribute("href");
  expect(href).toBe(`/i/${token}/pdf`);
  const pdf = await context.request.get(`${server.origin}${href}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await context.close();
});
