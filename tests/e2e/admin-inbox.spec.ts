import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectListLoaded, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// One fresh site: a visitor's enquiry, then staff reading, exporting and erasing it.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin({ username: "inbox-staff", password: "Reads-Every-Lead-9" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  const res = await page.context().request.post(`${server.origin}/api/auth/login`, {
    data: { username: "inbox-staff", password: "Reads-Every-Lead-9" },
  });
  expect(res.status()).toBe(200);
}

const VISITOR = { name: "Orla Fitzgerald", email: "orla@fitzgerald-pharmacy.ie", phone: "087 555 0133" };

test.describe("reading and exporting", () => {
  // The export's first answer is 403 { confirm: true } (the dialog asks for the password), which
  // Chromium reports on the console.
  test.use({
    allowedConsoleErrors: [/status of 403 \(Forbidden\) @ https?:\/\/[^/]+\/api\/admin\/contacts\/export\.csv/],
  });
  test("a visitor's enquiry arrives unread, is read, exported and erased", async ({ page }) => {
    // The visitor.
    await page.goto(`${server.origin}/contact-us?service=Ceiling%20Repairs`);
    await waitForHydration(page);
    const main = page.getByRole("main");
    await main.getByLabel("Name", { exact: true }).fill(VISITOR.name);
    await main.getByLabel("Email", { exact: true }).fill(VISITOR.email);
    await main.getByLabel("Phone (optional)").fill(VISITOR.phone);
    await main
      .getByLabel("Message", { exact: true })
      .fill("Two stained tiles above the dispensary after a leak. Can you match them?");
    await main.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Message Sent");

    // Staff.
    await signIn(page);
    await page.goto(`${server.origin}/admin/contacts`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Contact Submissions\s*1 unread/ }),
    ).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: VISITOR.name });
    await expect(row).toContainText("(unread)");
    await expect(row).toContainText("Ceiling Repairs");
    await expect(row).toContainText(VISITOR.email);
    await expectNoAxeViolations(page);

    const tabs = page.getByRole("navigation", { name: "Filter by status" });
    await tabs.getByRole("link", { name: "Unread" }).click();
    // The row was already in the list before the filter: wait for the unread list itself.
    await expectListLoaded(page, "Contact Submissions", { status: "unread" });
    await expect(page.getByRole("row").filter({ hasText: VISITOR.name })).toBeVisible();

    // Opening it marks it read.
    await page.getByRole("button", { name: `View enquiry from ${VISITOR.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Enquiry from ${VISITOR.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: VISITOR.email })).toHaveAttribute("href", `mailto:${VISITOR.email}`);
    await expect(dialog.getByRole("link", { name: VISITOR.phone })).toHaveAttribute("href", "tel:0875550133");
    await expect(dialog).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4}, (1?\d|2[0-3]):\d{2}(?!:)/);
    await expect(dialog).toContainText(/Read on \d{1,2} [A-Z][a-z]+ \d{4}, (1?\d|2[0-3]):\d{2}/);
    await expect(dialog).toContainText("Ceiling Repairs");
    await expect(dialog).toContainText("Landing page /contact-us?service=Ceiling%20Repairs");
    await expect(dialog.getByRole("link", { name: "Reply via Email" })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:${VISITOR.email}\\?subject=`),
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("No unread contact submissions.")).toBeVisible();

    await tabs.getByRole("link", { name: "Read", exact: true }).click();
    await expectListLoaded(page, "Contact Submissions", { status: "read" });
    const readRow = page.getByRole("row").filter({ hasText: VISITOR.name });
    await expect(readRow).toBeVisible();
    await expect(readRow).not.toContainText("(unread)");

    // Search, then export what is shown.
    await page.getByLabel("Search enquiries").fill("dispensary");
    await page.getByRole("button", { name: "Search" }).click();
    await expectListLoaded(page, "Contact Submissions", { q: "dispensary" });
    await expect(page.getByRole("row").filter({ hasText: VISITOR.name })).toBeVisible();
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    // Every enquiry in a file: the password first (once in 10 minutes), then the download.
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.getByLabel("Your password").fill("Reads-Every-Lead-9");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm).toBeHidden();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv).toContain(`${VISITOR.name},${VISITOR.email},${VISITOR.phone},Ceiling Repairs`);

    // Erase, with the browser's confirmation.
    await page.getByRole("button", { name: `View enquiry from ${VISITOR.name}` }).click();
    page.once("dialog", (confirm) => {
      expect(confirm.message()).toBe(
        `Are you sure you want to delete this enquiry from ${VISITOR.name}? This cannot be undone.`,
      );
      void confirm.accept();
    });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Enquiry deleted");
    await expect(page.getByText("No contact submissions found matching your search.")).toBeVisible();
  });
});

test("the inbox works on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto(`${server.origin}/admin/contacts`);
  await waitForHydration(page);
  await expect(page.getByText("No contact submissions yet.")).toBeVisible();
  await expectNoAxeViolations(page);
});
