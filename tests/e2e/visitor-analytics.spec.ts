import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// A visitor comes from a newsletter campaign, reads on and sends the contact form; staff win the
// job; the Visitors page shows the campaign, its lead and the won value, and the dashboard counts
// the visitor. A server of its own, so the figures are this test's alone.

const STAFF = { username: "visitors-owner", password: "Counts-Every-Visit-7" };
// Headless Chromium says "HeadlessChrome", which is rightly not counted: the visitor is a desktop Chrome.
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(STAFF);
});
test.afterAll(async () => {
  await server?.stop();
});

test("the Visitors page shows a campaign's lead and its won value", async ({ browser, page }) => {
  const visitor = await browser.newContext({ userAgent: CHROME, locale: "en-IE" });
  const tab = await visitor.newPage();
  await tab.goto(`${server.origin}/shop-ceiling?utm_source=newsletter&utm_medium=email&utm_campaign=december-shopfits`);
  await waitForHydration(tab);
  // On to the contact page by the site's own link, as a visitor goes (whether or not the first
  // page's script has recorded the landing page by then: the server's record of the visit knows it).
  await tab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(tab).toHaveURL(/\/contact-us$/);
  await waitForHydration(tab);
  const main = tab.getByRole("main");
  await main.getByLabel("Name", { exact: true }).fill("Róisín Nolan");
  await main.getByLabel("Email", { exact: true }).fill("roisin@nolan-boutique.ie");
  await main
    .getByLabel("Message", { exact: true })
    .fill("New ceiling and lighting for our boutique on South William Street.");
  const sent = tab.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await main.getByRole("button", { name: "Send Message" }).click();
  const { id } = (await (await sent).json()) as { id: number };
  await visitor.close();

  // Staff win the job at €9,800.
  const signedIn = await page.request.post(`${server.origin}/api/auth/login`, { data: STAFF });
  expect(signedIn.status()).toBe(200);
  const won = await page.request.patch(`${server.origin}/api/admin/contacts/${id}`, {
    data: { status: "won", valueEur: 9800 },
  });
  expect(won.status()).toBe(200);

  await page.goto(`${server.origin}/admin`);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Visitors" }).click();
  await expect(page).toHaveURL(/\/admin\/visitors$/);
  await expect(page.getByRole("heading", { level: 1, name: "Visitors" })).toBeVisible();
  await page.getByRole("link", { name: "7 days" }).click();
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");

  const campaigns = page.getByRole("table", { name: "Campaigns by won value" });
  // Campaign, visits, leads, quoted, won, won value.
  await expect(campaigns.getByRole("row", { name: /december-shopfits/ })).toHaveText(
    /december-shopfits\s*1\s*1\s*1\s*1\s*€9,800/,
  );
  const pages = page.getByRole("table", { name: "Landing pages by won value" });
  await expect(pages.getByRole("row").nth(1)).toHaveText(/\/shop-ceiling\s*1\s*1\s*1\s*€9,800/);
  await expect(
    page.getByRole("table", { name: "Sources by won value" }).getByRole("row", { name: /newsletter/ }),
  ).toContainText("€9,800");
  await expect(page.getByRole("img", { name: /Visitors per day/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The dashboard's block: one visitor and one lead this week.
  await page.goto(`${server.origin}/admin`);
  const block = page.getByRole("region", { name: "Visitors in the last 7 days" });
  await expect(block.getByRole("definition").nth(0)).toHaveText("1");
  await expect(block.getByRole("definition").nth(2)).toHaveText("1");
  await expectNoAxeViolations(page);
});
