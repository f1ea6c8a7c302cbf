import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Safe editing (issue 27 item 5): leaving a page editor with unsaved changes asks first, and the
// text a built-in page came with is its revision 1, so even the first edit can be undone. One
// fresh seeded site of its own.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "eabha", password: "Acoustic-Baffle-31" };

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(USER);
});
test.afterAll(async () => {
  await server?.stop();
});

async function openEditor(page: Page, name: string) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, { data: USER });
  expect(res.status()).toBe(200);
  await page.goto(`${server.origin}/admin/pages`);
  await waitForHydration(page);
  await page
    .getByRole("table", { name: "Pages" })
    .getByRole("link", { name: `Edit ${name}`, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Admin navigation" });

test("an unsaved edit asks before a sidebar link leaves it: Stay keeps the text, Leave discards it", async ({
  page,
}) => {
  await openEditor(page, "Office Partitions");
  const heading = page.getByRole("textbox", { name: "Hero: heading", exact: true });
  await expect(heading).toHaveValue("Office Partitions in Dublin");
  await heading.fill("Glass partitions fitted over a weekend");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

  await sidebar(page).getByRole("link", { name: "Projects" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You have changed “Office Partitions” and not saved it.");
  // Stay is where focus starts: Enter never throws the work away.
  await expect(dialog.getByRole("button", { name: "Stay on this page" })).toBeFocused();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  await expect(heading).toHaveValue("Glass partitions fitted over a weekend");

  // Escape is Stay too.
  await sidebar(page).getByRole("link", { name: "Projects" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(heading).toHaveValue("Glass partitions fitted over a weekend");

  await sidebar(page).getByRole("link", { name: "Projects" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/projects$/);
  // Back to the page: the edit was discarded (its loader runs again: slow on busy shared cores).
  await sidebar(page).getByRole("link", { name: "Pages" }).click();
  await page
    .getByRole("table", { name: "Pages" })
    .getByRole("link", { name: "Edit Office Partitions", exact: true })
    .click();
  await expect(page.getByRole("textbox", { name: "Hero: heading", exact: true })).toHaveValue(
    "Office Partitions in Dublin",
    { timeout: 15_000 },
  );
  // Nothing unsaved: a link leaves at once.
  await sidebar(page).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/admin\/projects$/);
  await expect(dialog).toHaveCount(0);
});

test("closing the tab with unsaved changes asks the browser's question", async ({ page }) => {
  await openEditor(page, "Office Partitions");
  await page.getByRole("textbox", { name: "Hero: heading", exact: true }).fill("A change not saved");
  // What staff see before the question can come: the editor knows the change is unsaved.
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (d) => {
      resolve(d.type());
      // "Stay": the tab stays open with the text.
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  await expect(page.getByRole("textbox", { name: "Hero: heading", exact: true })).toHaveValue("A change not saved");
});

test("the first edit of a built-in page can be undone: restoring revision 1 brings back the seeded text", async ({
  page,
}) => {
  test.slow();
  await openEditor(page, "Office Partitions");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem").first()).toContainText("Revision 1");
  await expect(history.getByRole("listitem").first()).toContainText("The page's original text");

  await page.getByRole("textbox", { name: "Hero: heading", exact: true }).fill("Partitions by the week");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All changes published" })).toBeVisible();
  await expect(history.getByRole("listitem").first()).toContainText("Revision 2");

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${server.origin}/partitions`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Partitions by the week");

  page.once("dialog", (d) => void d.accept());
  await history.getByRole("button", { name: "Restore revision 1" }).click();
  await expect(history.getByRole("listitem").first()).toContainText("Restored revision 1 by eabha");
  await expect(page.getByRole("textbox", { name: "Hero: heading", exact: true })).toHaveValue(
    "Office Partitions in Dublin",
  );
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All changes published" })).toBeVisible();

  await visitor.goto(`${server.origin}/partitions`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Office Partitions in Dublin");
  await visitor.close();
});
