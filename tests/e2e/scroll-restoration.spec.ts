import type { Page } from "@playwright/test";
import { DESKTOP, expect, test, visit } from "./fixtures";

// Scroll handling a visitor relies on when moving around the site: a new page opens at its top,
// Back returns to where they were, and a reload keeps their place. Pages carry no inline scroll
// script (app/components/scroll-restoration.tsx), so these check the behaviour end to end.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

test.describe("scroll position", () => {
  // Smooth scrolling, as a visitor without "reduce motion" gets it (the suite's default reduces motion:
  // playwright.config.ts).
  test.use({ viewport: DESKTOP, reducedMotion: "no-preference" });

  test("a link to another page opens it at the top, and Back returns to the same place", async ({ page }) => {
    await visit(page, "/");
    await scrollTo(page, 1500);
    // The header stays in view while scrolled.
    await page.getByRole("banner").getByRole("link", { name: "About Us", exact: true }).click();

    await expect(page).toHaveURL("/about-us");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL("/");
    await expect.poll(() => scrollY(page)).toBe(1500);

    await page.goForward();
    await expect(page).toHaveURL("/about-us");
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("no page carries an inline scroll script", async ({ page }) => {
    const response = await page.request.get("/");
    expect(await response.text()).not.toContain("react-router-scroll-positions");
  });

  test("a reload keeps the visitor's place", async ({ page }) => {
    await visit(page, "/suspended-ceilings");
    await scrollTo(page, 900);
    await page.reload();
    await expect.poll(() => scrollY(page)).toBe(900);
  });
});
