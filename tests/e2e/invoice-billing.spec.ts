import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { DESKTOP, expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";
import { formatDay } from "../../app/features/quotes/quote-dates";

// The invoice's money buttons (issue 38): staff raise a job's deposit invoice from its Billing
// panel, issue it, send it to the client with a covering note (the e-mail reaches a real SMTP
// server with the PDF and the e-invoice attached), record the bank transfer that pays it and see
// "Paid"; the client opens the link from the e-mail on a phone and reads "Paid — thank you".
test.describe.configure({ mode: "serial" });

const OWNER = { username: "billing-office", password: "Records-Every-Payment-38" };
const CLIENT_EMAIL = "ciara@doyle-dental.ie";
const PHONE_390 = { width: 390, height: 844 };

type Mail = { to: string[]; raw: string };
const received: Mail[] = [];
let smtp: SMTPServer;
let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startIsolatedServerWithAdmin(OWNER, {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    OUTBOX_POLL_MS: "200",
    BUSINESS_VAT_NUMBER: "IE 6388047V",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
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

/** A job from an accepted quote with a 30 % deposit (as in invoices.spec.ts), and its id. */
async function acceptedJob(): Promise<number> {
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  const owner = login.headers.get("set-cookie")!.split(";")[0]!;
  expect((await api(owner, "POST", "/api/auth/confirm", { password: OWNER.password })).status).toBe(204);
  const lead = { name: "Ciara Doyle", email: CLIENT_EMAIL, service: "Partitions" };
  expect(
    (await api("", "POST", "/api/contact", { ...lead, message: "Two glazed offices in our Tallaght clinic." })).status,
  ).toBe(201);
  const leads = (await api(owner, "GET", "/api/admin/contacts")).body as unknown as Array<{ id: number }>;
  const quote = await api(owner, "POST", `/api/admin/contacts/${leads[0]!.id}/quotes`, {
    lines: [{ description: "Glazed partition", quantity: 20, unit: "m²", unitPriceCents: 10_000, vatRate: 13.5 }],
    payments: {
      depositPercent: 30,
      stages: [{ label: "On completion", percent: 70 }],
      retentionPercent: 0,
      defectsMonths: 12,
    },
    client: { name: lead.name, company: "Doyle Dental", email: CLIENT_EMAIL, address: "Main Road, Tallaght" },
  });
  expect((await api(owner, "POST", `/api/admin/quotes/${quote.body!.id as number}/send`)).status).toBe(200);
  const token = (quote.body!.url as string).split("/q/")[1]!;
  const accept = { name: lead.name, agree: true, selected: [], revision: 1 };
  expect((await api("", "POST", `/q/${token}/accept`, accept)).status).toBe(200);
  const { items } = (await api(owner, "GET", "/api/admin/jobs")).body as {
    items: Array<{ id: number; clientId: number }>;
  };
  const job = items[0]!;
  const client = (await api(owner, "GET", `/api/admin/clients/${job.clientId}`)).body!;
  const saved = await api(owner, "PUT", `/api/admin/clients/${job.clientId}`, {
    name: client.name,
    company: client.company,
    contacts: client.contacts,
    address: "Main Road\nTallaght, Dublin 24",
    eircode: "D24 X2Y3",
    country: "IE",
    vatNumber: "",
    reverseCharge: false,
    notes: "",
  });
  expect(saved.body?.fieldErrors ?? saved.status).toBe(200);
  return job.id;
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["390", PHONE_390],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/invoice-billing-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The text of a quoted-printable e-mail with its soft line breaks and escapes undone. */
const unquoted = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

test("staff send the deposit invoice, record its payment, and the client sees it paid", async ({ page, browser }) => {
  // A quote, a job, three dialogs, an e-mail with a PDF, axe and screenshots at two widths.
  test.slow();
  const jobId = await acceptedJob();

  await page.setViewportSize(DESKTOP);
  expect((await page.request.post(`${server.origin}/api/auth/login`, { data: OWNER })).status()).toBe(200);
  await page.goto(`${server.origin}/admin/jobs/${jobId}`);
  await waitForHydration(page);
  await page.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Raise deposit invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Issue this invoice?" })
    .getByRole("button", { name: "Issue invoice" })
    .click();
  const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin", year: "numeric" }).format(new Date());
  const number = `INV-${year}-0001`;
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await expect(page.getByText("Not sent yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /\/api\/admin\/invoices\/\d+\/pdf$/,
  );

  // Send to client: the dialog says where it goes; the covering note goes with the e-mail.
  const toasts = page.getByRole("region", { name: "Notifications" });
  await page.getByRole("button", { name: "Send to client" }).click();
  const send = page.getByRole("dialog", { name: `Send ${number} to the client?` });
  await expect(send).toContainText(CLIENT_EMAIL);
  await send.getByLabel("Covering note").fill("Thanks Ciara, here is the deposit invoice for the partitions.");
  await send.getByRole("button", { name: "Send invoice" }).click();
  await expect(toasts).toContainText(`${number} sent`);
  await expect(send).toBeHidden();
  await expect(page.getByText(/^Sent \d{1,2} \w+ \d{4}/)).toBeVisible();
  const mails = () => received.filter((m) => m.to.includes(CLIENT_EMAIL) && m.raw.includes(number));
  await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(1);
  const mail = unquoted(mails()[0]!.raw);
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  expect(mail).toContain(`${number}.pdf`);
  expect(mail).toContain(`${number}.xml`);
  expect(mail).toContain("here is the deposit invoice for the partitions");
  const link = /https?:\/\/[^\s"<>]+\/i\/[A-Za-z0-9_-]{22,}/.exec(mail)?.[0];
  expect(link).toBeDefined();

  await shoot(page, "sent");

  // The whole balance arrives by bank transfer: the invoice reads "Paid".
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
  const payment = page.getByRole("form", { name: "Record a payment" });
  await expect(payment.getByText("Owed: €681.00")).toBeVisible();
  // The day the money arrived starts as today, and no later day can be picked.
  await expect(payment.getByLabel("Paid on")).toHaveValue(today);
  await expect(payment.getByLabel("Paid on")).toHaveAttribute("max", today);
  await payment.getByLabel("Amount received (€)").fill("681.00");
  await expect(payment.getByLabel("Method")).toHaveValue("transfer");
  await payment.getByLabel("Reference").fill("DOYLE DENTAL DEP");
  await payment.getByRole("button", { name: "Record Payment" }).click();
  await expect(toasts).toContainText("Payment recorded");
  await expect(page.getByText("Deposit · Paid")).toBeVisible();
  await expect(page.getByRole("list", { name: "Payments received" })).toContainText("€681.00 · Bank transfer");
  await expect(page.getByRole("form", { name: "Record a payment" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, "paid");

  // Deleting a payment asks first, naming it; Cancel keeps it.
  await page.getByRole("button", { name: "Delete the payment of €681.00" }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete this payment?" });
  await expect(confirmDelete).toContainText(`The payment of €681.00 received on ${formatDay(today)} is removed.`);
  await confirmDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(page.getByRole("list", { name: "Payments received" })).toContainText("€681.00 · Bank transfer");

  // The client opens the link from the e-mail on a phone.
  const phone = await browser.newContext({ viewport: PHONE_390, isMobile: true, hasTouch: true });
  const clientPage = await phone.newPage();
  await clientPage.goto(`${server.origin}${new URL(link!).pathname}`);
  await expect(clientPage.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(clientPage.getByRole("status")).toHaveText("Paid — thank you");
  await phone.close();
});
