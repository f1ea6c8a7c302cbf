import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServer } from "./isolated-server";

// One fresh site for the whole journey: the first visitor to register becomes the admin.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServer>>;
test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const USER = "siobhan";
const PASSWORD = "Suspended-Grid-42";

async function open(page: Page, path: string) {
  await page.goto(`${server.origin}${path}`);
  await waitForHydration(page);
}
const panel = (page: Page, name: "Login" | "Register") => page.getByRole("tabpanel", { name });
const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the first visitor registers as admin, with the spec's checks, messages and toasts", async ({ page }) => {
  await open(page, "/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "IC Interiors Admin" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Everything on the website, in one place" })).toBeVisible();
  for (const feature of ["Pages", "Project showcases", "Testimonials", "Contact submissions", "FAQs"]) {
    await expect(page.getByRole("complementary").getByText(feature, { exact: true })).toBeVisible();
  }

  // A site without accounts opens on Register, saying what to do.
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  await expect(
    panel(page, "Register").getByText(/This site has no accounts yet\. Create the first one here/),
  ).toBeVisible();

  // Login validation.
  await page.getByRole("tab", { name: "Login" }).click();
  await panel(page, "Login").getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expectNoAxeViolations(page);

  // Register tab, by keyboard.
  await page.getByRole("tab", { name: "Login" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  const register = panel(page, "Register");
  await expect(register.getByText(/This site has no accounts yet/)).toBeVisible();
  await register.getByLabel("Username").fill("ab");
  await register.getByLabel("Password").fill("12345");
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(register.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(register.getByText("Password must be at least 10 characters")).toBeVisible();
  await expectNoAxeViolations(page);

  await register.getByLabel("Username").fill(USER);
  await register.getByLabel("Password").fill(PASSWORD);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/auth/register", async (route) => {
    await held;
    await route.continue();
  });
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(register.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
  release();
  await expect(toast(page)).toContainText("Registration successful");
  await expect(toast(page)).toContainText(`Welcome, ${USER}!`);
  await expect(page).toHaveURL(`${server.origin}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("banner").getByText(`Signed in as ${USER}`)).toBeVisible();
});

test("a second registration is refused and the Register tab explains why", async ({ page, request }) => {
  await open(page, "/admin/login?tab=register");
  await expect(panel(page, "Register").getByText("Ask an existing admin to add your account")).toBeVisible();
  await expect(panel(page, "Register").getByRole("button", { name: "Create Account" })).toHaveCount(0);
  const res = await request.post(`${server.origin}/api/auth/register`, {
    data: { username: "intruder", password: "Another-Grid-99" },
  });
  expect(res.status()).toBe(403);
});

test.describe("signing in and out", () => {
  // The wrong password is answered 401, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) @ https?:\/\/[^/]+\/api\/auth\/login$/] });

  test("sign-in: a wrong password gets the failure toast; the right one returns to the page asked for", async ({
    page,
  }) => {
    await page.goto(`${server.origin}/admin`);
    await expect(page).toHaveURL(`${server.origin}/admin/login?redirectTo=%2Fadmin`);
    await waitForHydration(page);
    const login = panel(page, "Login");
    await login.getByLabel("Username").fill(USER);
    await login.getByLabel("Password").fill("wrong-password");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(toast(page).getByRole("alert")).toContainText("Login failed");
    await expect(toast(page).getByRole("alert")).toContainText("Invalid username or password");

    await login.getByLabel("Password").fill(PASSWORD);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(toast(page)).toContainText("Login successful");
    await expect(toast(page)).toContainText(`Welcome back, ${USER}!`);
    await expect(page).toHaveURL(`${server.origin}/admin`);

    // Counts load ('-' until then) and are numbers.
    const contacts = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Contact Submissions" }) });
    await expect(contacts.getByText(/^Contact Submissions: \d+$/)).toBeVisible();
    await expect(contacts.getByText("0 unread")).toBeVisible();
    await expect(contacts.getByRole("link", { name: "Manage Contact Submissions" })).toHaveAttribute(
      "href",
      "/admin/contacts",
    );
    const usersCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Users" }) });
    // The Users card counts the people who can sign in (this fresh site: just the one).
    await expect(usersCard.getByText(/^Users: 1$/)).toBeVisible();
    await expect(usersCard.getByRole("link", { name: "Manage Users" })).toHaveAttribute("href", "/admin/users");
    await expectNoAxeViolations(page);

    // Signed in, the login page sends you to the admin.
    await page.goto(`${server.origin}/admin/login`);
    await expect(page).toHaveURL(`${server.origin}/admin`);

    // Logout.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toast(page)).toContainText("Logged out");
    await expect(toast(page)).toContainText("You have been logged out successfully");
    await expect(page).toHaveURL(`${server.origin}/admin/login`);
    await page.goto(`${server.origin}/admin`);
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  });
});

test.describe("on a phone", () => {
  test("on a phone the admin menu is a drawer that navigates and closes", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await open(page, "/admin/login");
    const login = panel(page, "Login");
    await login.getByLabel("Username").fill(USER);
    await login.getByLabel("Password").fill(PASSWORD);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();

    await page.getByRole("button", { name: "Open admin menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Admin menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Open admin menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open admin menu" }).click();
    await drawer.getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(`${server.origin}/admin/faqs`);
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open admin menu" }).click();
    await expect(drawer.getByRole("link", { name: "FAQs" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { level: 1, name: "FAQs" })).toBeVisible();
  });
});
