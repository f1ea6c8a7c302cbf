import { expect, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// A client opens the quote staff sent, on a phone: ticks the optional item in (the total follows at
// once), signs with a typed name and a drawn signature, accepts, and sees the acceptance.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  // The business's own VAT number: no quote goes out with the sample one.
  server = await startIsolatedServerWithAdmin(
    { username: "quote-staff", password: "Sends-Clear-Quotes-4" },
    { BUSINESS_VAT_NUMBER: "IE 6388047V" },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

const LINES = [
  {
    description: "Suspended ceiling, 600 × 600 grid and mineral tiles",
    quantity: 120,
    unit: "m²",
    unitPriceCents: 4_500,
    vatRate: 13.5,
  },
  { description: "LED panels supplied", quantity: 12, unit: "each", unitPriceCents: 8_500, vatRate: 23, goods: true },
  {
    description: "Out-of-hours working",
    quantity: 1,
    unit: "item",
    unitPriceCents: 60_000,
    vatRate: 13.5,
    optional: true,
    selected: false,
  },
];

test("a client ticks an option and accepts the quote on a phone", async ({ page, browser }) => {
  const created = await page.request.post(`${server.origin}/api/contact`, {
    data: {
      name: "Aoife Byrne",
      email: "aoife@byrne-retail.ie",
      service: "Suspended Ceilings",
      message: "New suspended ceiling for a 120 m² shop in Naas, ideally before Christmas.",
    },
  });
  expect(created.status()).toBe(201);
  const signedIn = await page.request.post(`${server.origin}/api/auth/login`, {
    data: { username: "quote-staff", password: "Sends-Clear-Quotes-4" },
  });
  expect(signedIn.status()).toBe(200);
  const [lead] = (await (await page.request.get(`${server.origin}/api/admin/contacts`)).json()) as Array<{
    id: number;
  }>;
  const quote = (await (
    await page.request.post(`${server.origin}/api/admin/contacts/${lead!.id}/quotes`, {
      data: { lines: LINES, depositPercent: 25, notes: "**Payment**: 25% deposit, the balance within 30 days." },
    })
  ).json()) as { id: number; url: string };
  expect((await page.request.post(`${server.origin}/api/admin/quotes/${quote.id}/send`)).status()).toBe(200);
  const path = new URL(quote.url).pathname;

  // The client: a phone, no staff session.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const errors: string[] = [];
  phone.on("pageerror", (e) => errors.push(e.message));
  await phone.goto(`${server.origin}${path}`);
  await waitForHydration(phone);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("Quote Q-");
  await expect(phone.getByText("Total including VAT")).toBeVisible();
  const totals = phone.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("€7,383.60");
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: "test-results/quote-phone-before.png", fullPage: true });

  await phone.getByRole("checkbox", { name: "Out-of-hours working (optional)" }).check();
  await expect(totals).toContainText("€8,064.60");
  await expect(totals).toContainText("€2,016.15"); // the deposit follows

  // A name of spaces passes the browser's own check; the page's action answers, without a reload,
  // beside the field and in the summary, and the ticks and totals stay as they were.
  await phone.evaluate(() => Object.assign(window, { sameDocument: true }));
  const name = phone.getByLabel("Your full name");
  await name.fill("   ");
  await phone.getByRole("checkbox", { name: /I accept this quote/ }).check();
  await phone.getByRole("button", { name: "Accept quote" }).click();
  await expect(phone.getByRole("alert")).toContainText("Please check the highlighted fields.");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Type your full name: it is your signature.");
  expect(await phone.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(phone.getByRole("checkbox", { name: "Out-of-hours working (optional)" })).toBeChecked();
  await expect(totals).toContainText("€8,064.60");

  await name.fill("Aoife Byrne");
  await phone.getByRole("button", { name: "Draw a signature as well (optional)" }).click();
  const pad = phone.getByLabel(/Signature area/);
  await expect(pad).toBeVisible();
  // The pad says where to sign.
  await expect(phone.getByText("Sign here, above the line, with your finger or the mouse")).toBeVisible();
  await expect(pad).toHaveAccessibleDescription("Sign here, above the line, with your finger or the mouse");
  // The pad is ready to draw on once it offers to clear (the library loads on request).
  await expect(phone.getByRole("button", { name: "Clear the signature" })).toBeVisible();
  const box = (await pad.boundingBox())!;
  await phone.mouse.move(box.x + 20, box.y + box.height / 2);
  await phone.mouse.down();
  await phone.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 8 });
  await phone.mouse.move(box.x + box.width - 20, box.y + box.height - 20, { steps: 8 });
  await phone.mouse.up();
  await expect(phone.getByRole("checkbox", { name: /I accept this quote/ })).toBeChecked();
  await phone.getByRole("button", { name: "Accept quote" }).click();

  await expect(phone.getByRole("status")).toContainText("Accepted by Aoife Byrne on");
  await expect(phone.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  await expect(totals).toContainText("€8,064.60");
  await phone.screenshot({ path: "test-results/quote-phone-accepted.png", fullPage: true });
  expect(errors).toEqual([]);
  await context.close();

  // Staff see it accepted, with the ticked option and the drawn signature; the lead is won.
  const after = (await (await page.request.get(`${server.origin}/api/admin/quotes/${quote.id}`)).json()) as {
    status: string;
    totals: { grossCents: number };
    acceptance: { name: string; signed: boolean };
  };
  expect(after).toMatchObject({
    status: "accepted",
    totals: { grossCents: 806_460 },
    acceptance: { name: "Aoife Byrne", signed: true },
  });
  const detail = (await (await page.request.get(`${server.origin}/api/admin/contacts/${lead!.id}`)).json()) as {
    status: string;
    valueEur: number;
  };
  expect(detail).toMatchObject({ status: "won", valueEur: 7_020 });
});
