import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectListLoaded, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Staff change content, then find the change in the audit log (/admin/audit): filters, empty
// state, phone cards, and the filter form without JavaScript. One fresh site of its own.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "maeve-audit", password: "Checks-The-Ledger-7" };
const QUESTION = "Can the audit log show who changed this FAQ?";

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

/** Set AUDIT_SCREENSHOTS=<folder> to keep a full-page picture of each state at both sizes. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.AUDIT_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const filterForm = (page: Page) => page.getByRole("search", { name: "Filter the audit log" });

test("an FAQ edit shows in the log, and the filters find it", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // A failed sign-in first, so the log has more than one kind of row.
  expect(
    (
      await page.request.post(`${server.origin}/api/auth/login`, { data: { ...USER, password: "Not-The-Password-1" } })
    ).status(),
  ).toBe(401);
  await signIn(page);

  await page.goto(`${server.origin}/admin/faqs`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add FAQ" }).click();
  const add = page.getByRole("dialog", { name: "Add FAQ" });
  await add.getByRole("textbox", { name: "Question", exact: true }).fill(QUESTION);
  await add
    .getByRole("textbox", { name: "Answer", exact: true })
    .fill("Yes: every change is recorded with who made it.");
  await add.getByRole("button", { name: "Create FAQ" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("FAQ created");
  await page.getByRole("button", { name: `Edit ${QUESTION}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit FAQ" });
  await edit
    .getByRole("textbox", { name: "Answer", exact: true })
    .fill("Yes: every change is recorded with who made it, and when.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("FAQ updated");

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit log entries, newest first" });
  await expect(table.getByRole("columnheader")).toHaveText(["Time", "Who", "What", "Details", "IP"]);
  const updateRow = table.getByRole("row").filter({ hasText: `Updated FAQ "${QUESTION}"` });
  await expect(updateRow).toContainText(USER.username);
  await expect(updateRow).toContainText("Updated an FAQ");
  await expect(updateRow).toContainText("Changed: answer");
  await expect(updateRow.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(updateRow.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}, (1?\d|2[0-3]):\d{2}:\d{2}$/);
  // Newest first: the update is above the creation, which is above the sign-in.
  const summaries = await table.locator("tbody tr td:nth-child(4) p:first-child").allInnerTexts();
  expect(summaries.slice(0, 2)).toEqual([`Updated FAQ "${QUESTION}"`, `Created FAQ "${QUESTION}"`]);
  expect(summaries).toContain(`${USER.username} signed in`);
  expect(summaries).toContain(`Sign-in as ${USER.username} failed: wrong password`);
  await expectNoAxeViolations(page);
  await screenshot(page, "audit-1280");

  // One action, one person.
  const form = filterForm(page);
  await form.getByRole("combobox", { name: "Activity" }).selectOption({ label: "Updated an FAQ" });
  await form.getByRole("combobox", { name: "Who" }).selectOption(USER.username);
  await form.getByRole("button", { name: "Filter" }).click();
  await expectListLoaded(page, "Audit log entries", { activity: "faq.update", user: USER.username });
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the update
  await expect(table.getByRole("row").nth(1)).toContainText(`Updated FAQ "${QUESTION}"`);
  await expect(form.getByRole("combobox", { name: "Activity" })).toHaveValue("faq.update");

  // A group, and today's Irish date.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" }).format(new Date());
  await form.getByRole("combobox", { name: "Activity" }).selectOption({ label: "All content" });
  await form.getByLabel("From").fill(today);
  await form.getByLabel("To").fill(today);
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`activity=content.*from=${today}&to=${today}`));
  await expectListLoaded(page, "Audit log entries", { activity: "content", from: today, to: today });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).not.toContainText("signed in");

  // Nothing on a day in the future: the empty state and a way out.
  await form.getByLabel("From").fill("2099-01-01");
  await form.getByLabel("To").fill("2099-01-31");
  await form.getByRole("button", { name: "Filter" }).click();
  await expectListLoaded(page, "Audit log entries", { from: "2099-01-01", to: "2099-01-31" });
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();
  await expect(table).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "audit-1280-empty");
  await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expectListLoaded(page, "Audit log entries", { activity: null, from: null });
  await expect(table.getByRole("row").filter({ hasText: `Created FAQ "${QUESTION}"` })).toBeVisible();
  await expect(form.getByLabel("From")).toHaveValue("");
});

test("on a phone: cards, no sideways scrolling", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto(`${server.origin}/admin/audit`);
  await waitForHydration(page);
  await expect(page.getByRole("table")).toBeHidden();
  const cards = page.getByRole("list", { name: "Audit log entries" });
  const card = cards.getByRole("listitem").filter({ hasText: `Updated FAQ "${QUESTION}"` });
  await expect(card).toContainText(USER.username);
  await expect(card).toContainText("Updated an FAQ");
  await expect(card).toContainText("Changed: answer");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await screenshot(page, "audit-375");

  await page.goto(`${server.origin}/admin/audit?activity=contacts`);
  await waitForHydration(page);
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await screenshot(page, "audit-375-empty");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form still works", async ({ page }) => {
    await signIn(page);
    await page.goto(`${server.origin}/admin/audit`);
    const form = filterForm(page);
    await form.getByRole("combobox", { name: "Activity" }).selectOption({ label: "Created an FAQ" });
    await form.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?activity=faq\.create/);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`Created FAQ "${QUESTION}"`);
  });
});
