import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test, visit, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

const form = (page: Page) => {
  const main = page.getByRole("main");
  return {
    name: main.getByLabel("Name", { exact: true }),
    email: main.getByLabel("Email", { exact: true }),
    phone: main.getByLabel("Phone (optional)"),
    service: main.getByLabel("Service (optional)"),
    message: main.getByLabel("Message", { exact: true }),
    send: main.getByRole("button", { name: /Send Message|Sending\.\.\./ }),
  };
};

async function fillValid(page: Page) {
  const f = form(page);
  await f.name.fill("Niamh Doyle");
  await f.email.fill("niamh@doyle-opticians.ie");
  await f.phone.fill("086 555 0142");
  await f.service.selectOption("Shop Ceiling Installation");
  await f.message.fill("We are refitting our opticians in Swords and need a new ceiling with LED panels.");
}

const toastRegion = (page: Page) => page.getByRole("region", { name: "Notifications" });

test.describe("contact form", () => {
  test("shows the page per spec and is accessible at both widths", async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await visit(page, "/contact-us");
      await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
      const info = page.getByRole("complementary", { name: "Contact Information" });
      await expect(info).toContainText("Dublin, Ireland");
      await expect(info).toContainText("Monday–Friday: 8:00–18:00");
      await expect(info.getByRole("link", { name: "01 555 0192" })).toHaveAttribute("href", "tel:+35315550192");
      await expect(page.getByRole("img", { name: /Map of Dublin/ })).toBeVisible();
      await expect(form(page).message).toHaveAttribute("rows", "4");
      await expectNoAxeViolations(page);
    }
  });

  test("validates as you type with the spec's messages", async ({ page }) => {
    await visit(page, "/contact");
    const f = form(page);
    await f.name.fill("A");
    await f.name.blur();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await f.name.pressSequentially("o");
    await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);

    await f.email.fill("niamh@");
    await f.email.blur();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await f.email.pressSequentially("doyle.ie");
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);

    await f.message.fill("Too short");
    await f.message.blur();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("sending an empty form shows every message and focuses the first field", async ({ page }) => {
    await visit(page, "/contact-us");
    await form(page).send.click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(form(page).name).toBeFocused();
  });

  test("sends: the button says Sending..., then the toast and a panel saying what happens next", async ({ page }) => {
    await visit(page, "/contact-us");
    await fillValid(page);
    // Hold the response so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await form(page).send.click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    const toast = toastRegion(page).getByRole("status");
    await expect(toast).toContainText("Message Sent");
    await expect(toast).toContainText("Thank you for your message. We will get back to you shortly!");
    // The form gives way to the panel (focus moves to it), with what happens next and the phone number.
    const panel = page.getByRole("main").getByRole("status");
    await expect(panel.getByRole("heading", { name: "Message Sent" })).toBeFocused();
    await expect(panel).toContainText("What happens next");
    await expect(panel.getByRole("link", { name: /^0\d/ })).toHaveAttribute("href", /^tel:\+353/);
    await expect(form(page).send).toHaveCount(0);
    // Another message starts from an empty form.
    await panel.getByRole("link", { name: "Send another message" }).click();
    await expect(form(page).name).toHaveValue("");
    await expect(form(page).message).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("preselects the service from a service page link", async ({ page }) => {
    await visit(page, "/contact-us?service=Ceiling%20Repairs");
    await expect(form(page).service).toHaveValue("Ceiling Repairs");
  });

  test.describe("when sending fails", () => {
    // One pattern: Playwright reads a two-element array here as [value, options].
    test.use({ allowedConsoleErrors: [/status of 500|Failed to fetch|ERR_FAILED|net::/] });

    test("a server error shows the error toast and keeps what was typed", async ({ page }) => {
      await visit(page, "/contact-us");
      await fillValid(page);
      await page.route("**/api/contact", (route) =>
        route.fulfill({ status: 500, contentType: "text/plain", body: "Internal server error" }),
      );
      await form(page).send.click();
      const alert = toastRegion(page).getByRole("alert");
      await expect(alert).toContainText("Error");
      await expect(alert).toContainText("There was an error sending your message. Please try again.");
      await expect(form(page).name).toHaveValue("Niamh Doyle");
      await expectNoAxeViolations(page);
    });

    test("a dropped connection shows the same toast, and only one toast is ever shown", async ({ page }) => {
      await visit(page, "/contact-us");
      await fillValid(page);
      await page.route("**/api/contact", (route) => route.abort("failed"));
      await form(page).send.click();
      await expect(toastRegion(page).getByRole("alert")).toContainText(
        "There was an error sending your message. Please try again.",
      );
      await form(page).send.click();
      await expect(toastRegion(page).getByRole("alert")).toHaveCount(1);
      await toastRegion(page).getByRole("button", { name: "Dismiss notification" }).click();
      await expect(toastRegion(page).getByRole("alert")).toHaveCount(0);
    });
  });
});

test.describe("contact form without JavaScript", () => {
  // The re-rendered form answers 400 (it was not accepted); Chromium reports that status.
  test.use({
    javaScriptEnabled: false,
    allowedConsoleErrors: [/status of 400 \(Bad Request\) @ https?:\/\/[^/]+\/contact-us$/],
  });

  test("the server checks the form, keeps what was typed, then sends it", async ({ page }) => {
    await page.goto("/contact-us");
    const f = form(page);
    await f.name.fill("N");
    await f.email.fill("niamh@doyle-opticians.ie");
    await f.message.fill("Short");
    await f.send.click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
    await expect(f.email).toHaveValue("niamh@doyle-opticians.ie");

    await f.name.fill("Niamh Doyle");
    await f.message.fill("We need a quote for a suspended ceiling in our Swords shop.");
    await f.send.click();
    await expect(page.getByText("Message Sent")).toBeVisible();
    await expect(page.getByText("Thank you for your message. We will get back to you shortly!")).toBeVisible();
  });
});

test.describe("an enquiry a spam check flags", () => {
  // A site that, unlike the shared test server, keeps the real minimum fill time (3 s).
  let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
  const STAFF = { username: "sinead-inbox", password: "Reads-Every-Lead-9" };
  test.beforeAll(async () => {
    // The longest minimum allowed: the page's load and hydration count towards the fill time, and on a
    // loaded machine they alone took over 3 s, so a form sent at once looked typed by a person.
    server = await startIsolatedServerWithAdmin(STAFF, { CONTACT_MIN_FILL_MS: "3999" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an autofilled form sent at once is answered as sent, lands in Spam, and staff can move it to the inbox", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${server.origin}/contact-us`);
    await waitForHydration(page);
    await fillValid(page); // milliseconds, as browser autofill does
    // A name of its own: other tests on this server send Aisling Autofill's enquiry in earnest.
    await form(page).name.fill("Aisling Autofill");
    await form(page).send.click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("What happens next");

    expect((await page.request.post(`${server.origin}/api/auth/login`, { data: STAFF })).status()).toBe(200);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.origin}/admin/contacts`);
    await waitForHydration(page);
    const list = page.getByRole("main");
    const table = list.getByRole("table");
    const niamh = table.getByRole("row", { name: /Aisling Autofill/ });
    await expect(niamh).toHaveCount(0);
    await list.getByRole("link", { name: "Spam (1)" }).click();
    await expect(niamh).toBeVisible();
    await expect(table.getByText("Sent sooner after the page opened than a person can type")).toBeVisible();
    await table.getByRole("button", { name: /^Not spam.*Aisling Autofill's enquiry to the inbox$/ }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Moved to the inbox");
    await expect(list.getByText(/^Nothing in Spam\./)).toBeVisible();
    await list.getByRole("link", { name: "All", exact: true }).click();
    await expect(niamh).toContainText("(unread)");
  });
});
