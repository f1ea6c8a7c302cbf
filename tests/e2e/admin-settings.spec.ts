import net from "node:net";
import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// A new owner on a fresh install: the dashboard says e-mail is not going out and leads to the
// set-up; the business's details are changed in Settings and the public footer shows them.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const ADMIN = { username: "aoife", password: "Grid-Ceiling-Owner-7" };
const PHONE_390 = { width: 390, height: 844 };

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

async function openAdmin(page: Page, path: string) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, { data: ADMIN });
  expect(res.status()).toBe(200);
  await page.goto(`${server.origin}${path}`);
  await waitForHydration(page);
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

/** Set ADMIN_SCREENSHOTS=<folder> to keep a picture of each screen (a section, or the whole page). */
async function screenshot(page: Page, name: string, section?: string) {
  const dir = process.env.ADMIN_SCREENSHOTS;
  if (!dir) return;
  if (section)
    await page.getByRole("region", { name: section, exact: true }).screenshot({ path: `${dir}/${name}.png` });
  else await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test("the dashboard and the inbox say e-mails are not going out, and lead to the mail set-up", async ({ page }) => {
  for (const size of [DESKTOP, PHONE_390]) {
    await page.setViewportSize(size);
    await openAdmin(page, "/admin/contacts");
    const banner = page.getByRole("region", { name: "E-mails are not going out" });
    await expect(banner).toContainText("New-lead e-mails to you and the auto-replies to visitors are waiting");
    await screenshot(page, `mail-banner-inbox-${size.width}`, "E-mails are not going out");
    await page.goto(`${server.origin}/admin`);
    await waitForHydration(page);
    await expect(banner).toBeVisible();
    await screenshot(page, `mail-banner-dashboard-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Set up mail" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#mail$/);
  const mail = page.getByRole("region", { name: "Mail", exact: true });
  await expect(mail).toContainText("Not set up yet.");
  await expect(mail.getByRole("button", { name: "Send test e-mail" })).toBeDisabled();
});

test.describe("settings", () => {
  // The refused test e-mail is answered 502, the refused Eircode 400 and the mail set-up 403 until the
  // password is confirmed; Chromium reports each.
  test.use({
    allowedConsoleErrors: [
      /status of (502 \(Bad Gateway\)|400 \(Bad Request\)|403 \(Forbidden\)) @ https?:\/\/[^/]+\/api\/admin\/settings\//,
    ],
  });

  test("a change to the business's phone and address shows in the site's footer", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openAdmin(page, "/admin/settings");
    const business = page.getByRole("region", { name: "Business", exact: true });
    await expect(business.getByRole("textbox", { name: "Phone" })).toHaveValue("01 555 0192");
    await expectNoAxeViolations(page);

    // A wrong Eircode is named by its field and nothing is saved.
    await business.getByRole("textbox", { name: "Eircode" }).fill("D12");
    await business.getByRole("button", { name: "Save business details" }).click();
    await expect(business.getByRole("textbox", { name: "Eircode" })).toBeFocused();
    await expect(business.getByText("Enter an Eircode like D12 X5F8, or leave it empty")).toBeVisible();

    // Correcting the field takes its message away.
    await business.getByRole("textbox", { name: "Eircode" }).fill("d24 fx62");
    await expect(business.getByText("Enter an Eircode like D12 X5F8, or leave it empty")).toHaveCount(0);
    await expect(business.getByRole("textbox", { name: "Eircode" })).not.toHaveAttribute("aria-invalid", "true");
    await business.getByRole("textbox", { name: "Phone" }).fill("01 555 0456");
    await business
      .getByRole("textbox", { name: "Street address" })
      .fill("Unit 3, Cookstown Industrial Estate\nTallaght");
    await business.getByRole("checkbox", { name: "Saturday" }).check();
    await business.getByRole("button", { name: "Save business details" }).click();
    // The business's details (its e-mail is every visitor e-mail's Reply-To): the password first.
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.getByLabel("Your password").fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page)).toContainText("Business details saved");
    await expect(business.getByRole("textbox", { name: "Eircode" })).toHaveValue("D24 FX62");
    await screenshot(page, "business-1280", "Business");

    await page.goto(`${server.origin}/`);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("01 555 0456");
    await expect(footer).toContainText("Unit 3, Cookstown Industrial Estate");
    await expect(footer).toContainText("Tallaght, D24 FX62");
    await expect(footer).toContainText("Monday–Saturday: 8:00–18:00");
    await expect(footer.getByRole("link", { name: /01 555 0456/ })).toHaveAttribute("href", "tel:+35315550456");
    await expect(footer).not.toContainText("01 555 0192");

    // Back as it was, for any later test.
    const res = await page.request.put(`${server.origin}/api/admin/settings/business`, {
      data: {
        phone: "01 555 0192",
        address: "Unit 7, Ballymount Business Park\nDublin 12",
        eircode: "D12 X5F8",
        openingHours: {
          days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:00",
          closes: "18:00",
        },
      },
    });
    expect(res.status()).toBe(200);
  });

  test("the Business and Mail sections on a phone, and a test e-mail that the server refuses", async ({ page }) => {
    await page.setViewportSize(PHONE_390);
    await openAdmin(page, "/admin/settings");
    await screenshot(page, "business-390", "Business");
    const mail = page.getByRole("region", { name: "Mail", exact: true });
    await mail.getByRole("textbox", { name: "Mail server (SMTP)" }).fill("127.0.0.1");
    await mail.getByRole("textbox", { name: "Port" }).fill(String(await closedPort()));
    await mail.getByRole("combobox", { name: "Security" }).selectOption("none");
    await mail.getByRole("button", { name: "Save mail settings" }).click();
    // Where the business's e-mail goes is a dangerous change: the owner's password first.
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.getByLabel("Your password").fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page)).toContainText("Mail settings saved");
    await mail.getByRole("button", { name: "Send test e-mail" }).click();
    await expect(mail.getByRole("status")).toContainText(
      "The mail server refused the connection: check the server name and port.",
    );
    await screenshot(page, "mail-390", "Mail");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "mail-1280", "Mail");
    await expectNoAxeViolations(page);
  });
});
