import { DESKTOP, expect, expectNoAxeViolations, PHONE, test, visit } from "./fixtures";

const NAV_ITEMS = ["Home", "Services", "Shop Ceiling Specialists", "About Us", "Gallery", "Contact"];
// The accessible name starts with the visible text (WCAG 2.5.3, label in name).
const FLOATING_CALL = /^Call Now, IC Interiors on /;

test.describe("layout at desktop width", () => {
  test.use({ viewport: DESKTOP });

  test("header stays in view, lists the nav in order and marks Home as current", async ({ page }) => {
    await visit(page, "/");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main", exact: true });

    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(NAV_ITEMS);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    for (const name of NAV_ITEMS.slice(1)) {
      await expect(nav.getByRole("link", { name, exact: true })).not.toHaveAttribute("aria-current", /.*/);
    }
    // No menu toggle on wide screens.
    await expect(header.getByRole("button", { name: /menu/i })).toBeHidden();

    // Sticky: after scrolling well down the page the header is still at the top of the viewport.
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: "instant" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(header).toBeInViewport();
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  });

  test("footer has link groups, contact links and the current year", async ({ page }) => {
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");

    await expect(footer.getByRole("heading", { name: "Services", exact: true })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Quick Links", exact: true })).toBeVisible();

    const phone = footer.getByRole("link", { name: /^\+?[\d\s()-]{7,}$/ });
    await expect(phone).toHaveCount(1);
    await expect(phone).toHaveAttribute("href", /^tel:\+?\d{7,}$/);

    const email = footer.getByRole("link", { name: /^\S+@\S+\.\S+$/ });
    await expect(email).toHaveCount(1);
    await expect(email).toHaveAttribute("href", /^mailto:\S+@\S+\.\S+$/);

    await expect(footer.getByText(new RegExp(`©\\s*${new Date().getFullYear()}\\b`))).toBeVisible();
  });

  test("hides the floating call button", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("link", { name: FLOATING_CALL })).toBeHidden();
  });
});

test.describe("layout at phone width", () => {
  test.use({ viewport: PHONE });

  test("shows the floating call button", async ({ page }) => {
    await visit(page, "/");
    const call = page.getByRole("link", { name: FLOATING_CALL });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", /^tel:\+?\d{7,}$/);
  });

  test("collapses the nav behind a toggle that works from the keyboard", async ({ page }) => {
    await visit(page, "/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();

    const toggle = header.getByRole("button", { name: /menu/i });
    const menu = header.getByRole("navigation", { name: "Main menu" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText(NAV_ITEMS);
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);

    // Tab moves into the open menu; Escape closes it and puts focus back on the toggle.
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
