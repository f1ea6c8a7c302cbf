import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectListLoaded, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Office staff bill an accepted quote's job (issue 38): the job card's Billing panel raises the
// deposit invoice and opens the draft; Issue asks first (it cannot be changed after) and gives the
// number; the Invoices list shows it under "Issued"; a credit note takes it back and the invoice
// reads "Credited".
test.describe.configure({ mode: "serial" });

const OWNER = { username: "billing-owner", password: "Deposit-Invoice-2026" };
const PHONE = { width: 390, height: 844 };

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(OWNER, { BUSINESS_VAT_NUMBER: "IE 6388047V" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.origin}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function ownerCookie() {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  expect((await api(cookie, "POST", "/api/auth/confirm", { password: OWNER.password })).status).toBe(204);
  return cookie;
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/invoices-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** At 390 px nothing scrolls sideways and the first line's net amount is in view without it. */
async function expectLinesFitPhone(page: Page, net: string) {
  await page.setViewportSize(PHONE);
  const line = page.getByRole("list", { name: "Lines" }).getByRole("listitem").first();
  // Net is the card's last figure (a deposit's one line has the same unit price).
  const amount = line.getByText(net, { exact: true }).last();
  await expect(amount).toBeVisible();
  const box = (await amount.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await page.setViewportSize(DESKTOP);
}

test("office staff raise the deposit invoice from the job, issue it and credit it", async ({ page }) => {
  // Four pages, two dialogs, axe twice and screenshots at two widths.
  test.slow();
  const owner = await ownerCookie();
  expect(
    (
      await api("", "POST", "/api/contact", {
        name: "Aoife Byrne",
        email: "aoife@byrne-retail.ie",
        service: "Suspended Ceilings",
        message: "New suspended ceiling for a 120 m² shop in Naas, ideally before Christmas.",
      })
    ).status,
  ).toBe(201);
  const leads = (await api(owner, "GET", "/api/admin/contacts")).body as unknown as Array<{ id: number }>;
  const quote = await api(owner, "POST", `/api/admin/contacts/${leads[0]!.id}/quotes`, {
    lines: [
      {
        description: "Suspended ceiling, grid and tiles",
        quantity: 120,
        unit: "m²",
        unitPriceCents: 4_500,
        vatRate: 13.5,
      },
    ],
    payments: {
      depositPercent: 30,
      stages: [
        { label: "First fix", percent: 40 },
        { label: "On completion", percent: 30 },
      ],
      retentionPercent: 5,
      defectsMonths: 12,
    },
    client: {
      name: "Aoife Byrne",
      company: "Byrne Retail",
      email: "aoife@byrne-retail.ie",
      address: "Main Street, Naas",
    },
  });
  expect((await api(owner, "POST", `/api/admin/quotes/${quote.body!.id as number}/send`)).status).toBe(200);
  const token = (quote.body!.url as string).split("/q/")[1]!;
  expect(
    (await api("", "POST", `/q/${token}/accept`, { name: "Aoife Byrne", agree: true, selected: [], revision: 1 }))
      .status,
  ).toBe(200);
  const { items } = (await api(owner, "GET", "/api/admin/jobs")).body as {
    items: Array<{ id: number; clientId: number }>;
  };
  const job = items[0]!;
  // The client's billing address, which every invoice carries (the form sends the whole client).
  const client = (await api(owner, "GET", `/api/admin/clients/${job.clientId}`)).body!;
  const saved = await api(owner, "PUT", `/api/admin/clients/${job.clientId}`, {
    name: client.name,
    company: client.company,
    contacts: client.contacts,
    address: "Main Street\nNaas, Co. Kildare",
    eircode: "W91 X2Y3",
    country: "IE",
    vatNumber: "",
    reverseCharge: false,
    notes: "",
  });
  expect(saved.body?.fieldErrors ?? saved.status).toBe(200);

  // The job card's Billing panel raises the deposit invoice and opens the draft.
  await page.setViewportSize(DESKTOP);
  expect((await page.request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  await page.goto(`${server.origin}/admin/jobs/${job.id}`);
  await waitForHydration(page);
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing.getByText("Deposit 30%")).toBeVisible();
  await shoot(page, "job-billing");
  await billing.getByRole("button", { name: "Raise deposit invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();
  // 120 m² × €45 = €5,400 + 13.5 % = €6,129.00; 30 % = €1,838.70.
  const document = page.getByRole("article", { name: "Draft invoice" });
  await expect(document.getByText("€1,838.70").last()).toBeVisible();
  await expect(document.getByText("VAT number: IE6388047V")).toBeVisible();
  await expectLinesFitPhone(page, "€1,620.00");
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await shoot(page, "draft");

  // Issue asks first: once issued it cannot be changed.
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Issue this invoice?" });
  await expect(confirm.getByText("Once issued it cannot be changed or deleted")).toBeVisible();
  await confirm.getByRole("button", { name: "Issue invoice" }).click();
  const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin", year: "numeric" }).format(new Date());
  const number = `INV-${year}-0001`;
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit draft" })).toHaveCount(0);
  await expectLinesFitPhone(page, "€1,620.00");
  await expect(page.getByRole("link", { name: "Download e-invoice" })).toHaveAttribute(
    "href",
    /\/api\/admin\/invoices\/\d+\/ubl\.xml$/,
  );
  await shoot(page, "issued");

  // Sent while no mail server is set up: the page says the invoice is waiting, not that it arrived.
  const invoiceId = Number(new URL(page.url()).pathname.split("/").at(-1));
  expect((await api(owner, "POST", `/api/admin/invoices/${invoiceId}/send`, {})).status).toBe(202);
  await page.reload();
  await expect(page.getByRole("region", { name: "E-mails are not going out" })).toContainText(
    "Invoices, statements and payment reminders to clients are waiting in the outbox.",
  );

  // The Invoices list, under "Issued".
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Invoices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  await page.getByRole("link", { name: "Issued", exact: true }).click();
  await expectListLoaded(page, "Invoices", { status: "issued" });
  await expect(page.getByRole("link", { name: number, exact: true })).toBeVisible();
  await expect(page.getByText("€1,838.70").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "list");

  // A credit note takes it all back; the invoice reads "Credited".
  await page.getByRole("link", { name: number, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Credit note" }).click();
  const dialog = page.getByRole("dialog", { name: `Credit note on ${number}` });
  await dialog.getByRole("button", { name: "Issue credit note" }).click();
  await expect(dialog.getByText("Say why the invoice is credited")).toBeVisible();
  await dialog.getByLabel("Reason (printed on the credit note)").fill("Start date moved to next year");
  await dialog.getByRole("button", { name: "Issue credit note" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `CN-${year}-0001` })).toBeVisible();
  await expect(page.getByText("Reason: Start date moved to next year")).toBeVisible();
  await shoot(page, "credit-note");
  await page.getByRole("link", { name: number, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await expect(page.getByText("Deposit · Credited")).toBeVisible();
  await expect(page.getByRole("button", { name: "Credit note" })).toHaveCount(0);
});
