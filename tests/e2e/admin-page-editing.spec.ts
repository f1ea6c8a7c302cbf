import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, PHONE, test, waitForHydration, waitUntilHydrated } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Staff edit the text of one of the site's own pages: change a price line on a service page, save
// a draft, preview it, publish it, and visitors see it. One fresh seeded site of its own.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "niamh", password: "Suspended-Grid-42" };

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(USER);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, { data: USER });
  expect(res.status()).toBe(200);
}

/** Set ADMIN_SCREENSHOTS=<folder> to keep a picture of each screen. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.ADMIN_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("edit a price line on a service page: save a draft, preview it, publish it, visitors see it", async ({ page }) => {
  // A long journey with an axe run and three browser tabs: over a minute on two busy shared cores.
  test.slow();
  await signIn(page);
  await page.goto(`${server.origin}/admin/pages`);
  await waitForHydration(page);
  // The site's own pages cannot be deleted: no Delete button; staff pages keep theirs.
  await expect(page.getByRole("button", { name: "Delete Suspended Ceilings", exact: true })).toHaveCount(0);
  await page
    .getByRole("table", { name: "Pages" })
    .getByRole("link", { name: "Edit Suspended Ceilings", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Suspended Ceilings" })).toBeVisible();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Slug" })).toHaveAttribute("readonly", "");

  const price = page.getByRole("textbox", { name: "Price line 1: Price", exact: true });
  await expect(price).toHaveValue("About {price:basic-suspended-ceiling}");
  await price.fill("About €32 to €62 per m²");
  // A list entry added and moved up with the keyboard-reachable buttons.
  const factors = page.getByRole("group", { name: "Prices: what affects the price" });
  await factors.getByRole("button", { name: "Add factor" }).click();
  await factors.getByRole("textbox", { name: "Factor 5", exact: true }).fill("Out-of-hours working");
  await factors.getByRole("button", { name: /move factor 5 up$/ }).click();
  await expect(factors.getByRole("textbox", { name: "Factor 4", exact: true })).toHaveValue("Out-of-hours working");
  await expect(factors.getByRole("button", { name: /move factor 4 up$/ })).toBeFocused();
  // An empty entry is refused before anything is sent, by the field.
  await factors.getByRole("button", { name: "Add factor" }).click();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(factors.getByText("Factor is required")).toBeVisible();
  await expect(factors.getByRole("textbox", { name: "Factor 6", exact: true })).toBeFocused();
  await factors.getByRole("button", { name: "Remove factor 6" }).click();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page)).toContainText("Page updated");
  await expect(page.getByText("Draft: changes not published yet")).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").first()).toContainText("Saved by niamh");
  await history
    .getByText(/2 fields changed/)
    .first()
    .click();
  await expect(history.getByRole("insertion").filter({ hasText: "€32 to €62" })).toBeVisible();
  await screenshot(page, "page-editor-1280");

  // Visitors still get the published page.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${server.origin}/suspended-ceilings`);
  await expect(visitor.getByText("About €30 to €60 per m²", { exact: true })).toBeVisible();
  await expect(visitor.getByText("Preview — not published")).toHaveCount(0);

  // Staff preview the draft at the page's own address.
  const preview = await page.context().newPage();
  await preview.goto(`${server.origin}/suspended-ceilings?preview=1`);
  await expect(preview.getByRole("status").filter({ hasText: "Preview — not published" })).toBeVisible();
  await expect(preview.getByText("About €32 to €62 per m²", { exact: true })).toBeVisible();
  await expect(preview.getByText("Out-of-hours working")).toBeVisible();
  // A preview hydrates as it loads (the bar asks for it), with no interaction to wait for.
  await waitUntilHydrated(preview);
  await preview.close();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page)).toContainText("Page published");
  await expect(page.getByText("All changes published")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText("About €32 to €62 per m²", { exact: true })).toBeVisible();
  await expect(visitor.getByText("Out-of-hours working")).toBeVisible();
  await visitor.close();

  // The phone layout of the editor.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await screenshot(page, "page-editor-375");
});

test("restore an earlier revision as the draft, then publish it", async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.origin}/admin/pages`);
  await waitForHydration(page);
  await page
    .getByRole("table", { name: "Pages" })
    .getByRole("link", { name: "Edit Suspended Ceilings", exact: true })
    .click();
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Closing band: heading", exact: true }).fill("Ready for a new ceiling?");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page)).toContainText("Page updated");
  const history = page.getByRole("region", { name: "History" });
  // The seeded text (revision 1), the first test's publish, and this save.
  await expect(history.getByRole("listitem")).toHaveCount(3);
  page.once("dialog", (d) => void d.accept());
  await history.getByRole("button", { name: "Restore revision 2" }).click();
  await expect(toast(page)).toContainText("Revision restored");
  await expect(page.getByRole("textbox", { name: "Closing band: heading", exact: true })).toHaveValue(
    "Need a new ceiling?",
  );
  await expect(history.getByRole("listitem").first()).toContainText("Restored revision 2");
});
