import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Staff manage who can sign in (/admin/users) and change their own password (/admin/account).
// One fresh site whose first visitor registered as the admin; each test adds its own users.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const ADMIN = { username: "siobhan", password: "Suspended-Grid-42" };

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

async function openAdmin(page: Page, path: string, user = ADMIN) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, { data: user });
  expect(res.status()).toBe(200);
  await page.goto(`${server.origin}${path}`);
  await waitForHydration(page);
}

/** A sign-in attempt from outside the browser: the status says whether the password works. */
async function signInStatus(username: string, password: string) {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

/** An owner's session that confirmed its password, for adding users over the API (it asks first). */
async function confirmedOwnerCookie() {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  const confirmed = await fetch(`${server.origin}/api/auth/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ password: ADMIN.password }),
  });
  expect(confirmed.status).toBe(204);
  return cookie;
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

/** Set ADMIN_SCREENSHOTS=<folder> to keep a picture of each screen. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.ADMIN_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

function confirmNext(page: Page, message: string | RegExp) {
  page.once("dialog", async (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toMatch(message);
    await dialog.accept();
  });
}

test.describe("users page", () => {
  // A duplicate username is answered 409; a reset before the password is confirmed 403 (the dialog
  // asks for it). Chromium reports both on the console.
  test.use({
    // One pattern: an array of two would be read as Playwright's [value, options].
    allowedConsoleErrors: [
      /status of (409 \(Conflict\) @ https?:\/\/[^/]+\/api\/admin\/users|403 \(Forbidden\) @ https?:\/\/[^/]+\/api\/admin\/users(\/\d+(\/password)?)?|401 \(Unauthorized\) @ https?:\/\/[^/]+\/api\/auth\/confirm)$/,
    ],
  });

  test("adds a user with a generated password shown once, resets it, and deletes the user", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openAdmin(page, "/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    const table = page.getByRole("table", { name: "Users" });
    const me = table.getByRole("row").filter({ hasText: "siobhan" });
    await expect(me).toContainText("You");
    // Your own row has no delete or reset: those are for other people.
    await expect(me.getByRole("button")).toHaveCount(0);
    await expect(me.getByRole("link", { name: "My account" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog", { name: "Add user" });
    await expect(dialog.getByRole("textbox", { name: "Username" })).toBeFocused();
    // Client-side check first.
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(dialog.getByText("Enter a full name")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Full name" }).fill("Rónán Walsh");
    // Adding anyone asks for your password first (then not again for 10 minutes: the reset and
    // delete below); the server's answer for a taken name then lands under the field.
    await dialog.getByRole("textbox", { name: "Username" }).fill("Siobhan");
    await dialog.getByRole("button", { name: "Add user" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(confirm.getByLabel("Your password")).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByLabel("Your password").fill("not-my-password");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm.getByText("That is not your password")).toBeVisible();
    await confirm.getByLabel("Your password").fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByText("That username is already taken")).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /Generate a strong password/ })).toBeChecked();
    await dialog.getByRole("textbox", { name: "Username" }).fill("ronan.w");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Add user" }).click();

    const shown = page.getByRole("dialog", { name: "New password for ronan.w" });
    await expect(shown).toBeVisible();
    await expect(toast(page)).toContainText("User added");
    const generated = (await shown.getByText(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/).textContent())!.trim();
    await expect(shown).toContainText("It won't be shown again");
    await expectNoAxeViolations(page);
    await screenshot(page, "users-password-shown-once-1280");
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();
    const ronan = table.getByRole("row").filter({ hasText: "ronan.w" });
    await expect(ronan.getByRole("cell").nth(1)).toHaveText("Rónán Walsh");
    await expect(ronan.getByRole("cell").nth(2)).toHaveText("Editor");
    await expect(ronan.getByRole("cell").nth(4)).toHaveText("Never");
    await expect(ronan.getByRole("cell").nth(5)).toHaveText("Off");
    await expect(ronan.getByRole("cell").nth(6)).toHaveText("None");
    await screenshot(page, "users-1280");
    expect(await signInStatus("ronan.w", generated)).toBe(200);

    // Reset with a typed password.
    await ronan.getByRole("button", { name: "Reset password for ronan.w" }).click();
    const reset = page.getByRole("dialog", { name: "Reset password for ronan.w" });
    await reset.getByRole("radio", { name: "Type a password" }).check();
    await reset.getByLabel("New password").fill("short");
    await reset.getByRole("button", { name: "Reset password" }).click();
    await expect(reset.getByText("Password must be at least 10 characters")).toBeVisible();
    await reset.getByLabel("New password").fill("Ceiling-Void-Access-5");
    await reset.getByRole("button", { name: "Reset password" }).click();
    // Someone else's password: covered by the confirmation given when adding the user.
    await expect(reset).toBeHidden();
    await expect(toast(page)).toContainText("ronan.w has been signed out everywhere");
    // Their e-mail address, for reset links and the digest (someone else's: covered by the
    // confirmation just given).
    await ronan.getByRole("button", { name: "E-mail address of ronan.w" }).click();
    const emailDialog = page.getByRole("dialog", { name: "E-mail address of ronan.w" });
    await emailDialog.getByRole("textbox", { name: "E-mail address" }).fill("ronan@example.ie");
    await emailDialog.getByRole("button", { name: "Save e-mail address" }).click();
    await expect(emailDialog).toBeHidden();
    await expect(ronan.getByRole("cell").nth(6)).toHaveText("ronan@example.ie");
    expect(await signInStatus("ronan.w", generated)).toBe(401);
    expect(await signInStatus("ronan.w", "Ceiling-Void-Access-5")).toBe(200);

    confirmNext(page, "Delete ronan.w? They will no longer be able to sign in. This can't be undone.");
    await ronan.getByRole("button", { name: "Delete ronan.w" }).click();
    await expect(toast(page)).toContainText("User deleted");
    await expect(ronan).toHaveCount(0);
    expect(await signInStatus("ronan.w", "Ceiling-Void-Access-5")).toBe(401);
  });

  test("shows users as cards on a phone, and the dashboard counts them", async ({ page }) => {
    const cookie = await confirmedOwnerCookie();
    const added = await fetch(`${server.origin}/api/admin/users`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ username: "niamh@icinteriors.ie", passwordMode: "generate" }),
    });
    expect(added.status).toBe(201);

    await page.setViewportSize(PHONE);
    await openAdmin(page, "/admin/users");
    const cards = page.getByRole("list", { name: "Users" });
    await expect(cards.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("table", { name: "Users" })).toBeHidden();
    const niamh = cards.getByRole("listitem").filter({ hasText: "niamh@icinteriors.ie" });
    await expect(niamh).toContainText("Never");
    await expect(niamh.getByRole("button", { name: "Delete niamh@icinteriors.ie" })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, "users-375");

    await page.goto(`${server.origin}/admin`);
    await waitForHydration(page);
    await expect(page.getByRole("listitem").filter({ hasText: "Manage Users" })).toContainText("2");
  });
});

test.describe("roles", () => {
  // The role change's first answer is 403 { confirm: true }, and the editor's visit to the inbox a
  // 403 page: Chromium reports both on the console.
  test.use({
    allowedConsoleErrors: [/status of 403 \(Forbidden\) @ https?:\/\/[^/]+\/(api\/admin\/users\/\d+|admin\/contacts)$/],
  });

  test("an owner changes a user's role after confirming their password; an editor has no enquiries", async ({
    page,
    browser,
  }) => {
    const editor = { username: "maeve.editor", password: "Plasterboard-Joint-14" };
    const cookie = await confirmedOwnerCookie();
    for (const user of [editor, { username: "cathal.office", password: "Grid-Hanger-Wire-22" }]) {
      const added = await fetch(`${server.origin}/api/admin/users`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ ...user, role: "editor", passwordMode: "choose" }),
      });
      expect(added.status).toBe(201);
    }

    // The owner makes cathal.office an Office user; the password dialog comes first.
    await page.setViewportSize(DESKTOP);
    await openAdmin(page, "/admin/users");
    const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: "cathal.office" });
    await expect(row.getByRole("cell").nth(2)).toHaveText("Editor");
    await row.getByRole("button", { name: "Change role for cathal.office" }).click();
    const roleDialog = page.getByRole("dialog", { name: "Change role for cathal.office" });
    await expect(roleDialog.getByRole("radio", { name: /^Editor/ })).toBeChecked();
    await roleDialog.getByRole("radio", { name: /^Office/ }).check();
    await expectNoAxeViolations(page);
    await roleDialog.getByRole("button", { name: "Save role" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(confirm).toBeVisible();
    await screenshot(page, "users-confirm-1280");
    // Cancel: nothing changes, and the page says so.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(roleDialog).toContainText("Nothing was changed");
    await expect(row.getByRole("cell").nth(2)).toHaveText("Editor");
    // Again, with the password.
    await roleDialog.getByRole("button", { name: "Save role" }).click();
    await confirm.getByLabel("Your password").fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page)).toContainText("cathal.office now has the Office role.");
    await expect(roleDialog).toBeHidden();
    await expect(row.getByRole("cell").nth(2)).toHaveText("Office");

    // The editor: content in the menu, no enquiries, and the inbox's address says why.
    const elsewhere = await browser.newContext();
    const editorPage = await elsewhere.newPage();
    expect((await editorPage.request.post(`${server.origin}/api/auth/login`, { data: editor })).status()).toBe(200);
    await editorPage.goto(`${server.origin}/admin`);
    await waitForHydration(editorPage);
    const menu = editorPage.getByRole("navigation", { name: "Admin" }).first();
    await expect(menu.getByRole("link", { name: "Pages" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Blog Posts" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Contact Submissions/ })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(editorPage.getByRole("heading", { name: "Contact Submissions" })).toHaveCount(0);
    await editorPage.goto(`${server.origin}/admin/contacts`);
    await expect(editorPage.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
    await expect(editorPage.getByRole("alert")).toContainText("Your account (Editor) cannot do this.");
    await elsewhere.close();
  });
});

test.describe("my account", () => {
  // A wrong current password is answered 403, which Chromium reports on the console.
  test.use({
    allowedConsoleErrors: [/status of 403 \(Forbidden\) @ https?:\/\/[^/]+\/api\/admin\/account\/password$/],
  });

  for (const [label, viewport] of [
    ["1280", DESKTOP],
    ["375", PHONE],
  ] as const) {
    test(`changes your password and signs out your other sessions (${label})`, async ({ page, browser }) => {
      const username = `eoin-${label}`;
      const first = "Mineral-Fibre-Tile-3";
      const cookie = await confirmedOwnerCookie();
      const added = await fetch(`${server.origin}/api/admin/users`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ username, passwordMode: "choose", password: first }),
      });
      expect(added.status).toBe(201);

      // Signed in elsewhere too (another browser).
      const elsewhere = await browser.newContext();
      const other = await elsewhere.newPage();
      expect(
        (await other.request.post(`${server.origin}/api/auth/login`, { data: { username, password: first } })).status(),
      ).toBe(200);

      await page.setViewportSize(viewport);
      await openAdmin(page, "/admin/account", { username, password: first });
      await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Set up two-factor sign-in" })).toHaveAttribute(
        "href",
        "/admin/account/two-factor",
      );
      await expectNoAxeViolations(page);

      // Your full name: required, then saved and shown to colleagues.
      const name = page.getByRole("region", { name: "Your full name" });
      await name.getByRole("button", { name: "Save full name" }).click();
      await expect(name.getByText("Enter a full name")).toBeVisible();
      await name.getByRole("textbox", { name: "Full name" }).fill(`Eoin Ó Sé ${label}`);
      await name.getByRole("button", { name: "Save full name" }).click();
      await expect(toast(page)).toContainText("Full name saved");
      expect((await (await page.request.get(`${server.origin}/api/auth/user`)).json()).fullName).toBe(
        `Eoin Ó Sé ${label}`,
      );

      const form = page.getByRole("region", { name: "Change password" });
      await form.getByLabel("Current password").fill("not-my-password");
      await form.getByLabel(/^New password( \*)?$/).fill("Acoustic-Baffle-88");
      await form.getByLabel("New password again").fill("Acoustic-Baffle-89");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("The two passwords don't match")).toBeVisible();
      await form.getByLabel("New password again").fill("Acoustic-Baffle-88");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("That is not your current password")).toBeVisible();
      await expect(form.getByLabel("Current password")).toBeFocused();
      await screenshot(page, `account-error-${label}`);

      await form.getByLabel("Current password").fill(first);
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(toast(page)).toContainText("Password changed");
      await expect(toast(page)).toContainText("You were signed out on 1 other device.");
      await expect(form.getByLabel("Current password")).toHaveValue("");
      await expectNoAxeViolations(page);

      // The other browser is signed out; this one is not.
      expect((await other.request.get(`${server.origin}/api/auth/user`)).status()).toBe(401);
      expect((await page.request.get(`${server.origin}/api/auth/user`)).status()).toBe(200);
      expect(await signInStatus(username, "Acoustic-Baffle-88")).toBe(200);
      await elsewhere.close();
    });
  }
});
