import type { ConsoleMessage, Page } from "@playwright/test";
import { allow404For, DESKTOP, expect, test, visit } from "./fixtures";

const TOLERANCE = 6;

/**
 * Once scrolling has stopped (scrollY unchanged for several frames), how far the element's top is
 * from the top of the viewport. Waits on animation frames, not on a fixed time.
 */
async function settledTop(page: Page, id: string): Promise<number> {
  return page.evaluate(async (targetId) => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    let last = Number.NaN;
    let stableFrames = 0;
    while (stableFrames < 5) {
      await nextFrame();
      stableFrames = window.scrollY === last ? stableFrames + 1 : 0;
      last = window.scrollY;
    }
    const el = document.getElementById(targetId);
    return el ? el.getBoundingClientRect().top : Number.NaN;
  }, id);
}

async function expectSectionSettlesAt(page: Page, id: string, offset: number) {
  await expect
    .poll(async () => Math.abs((await settledTop(page, id)) - offset), {
      message: `#${id} should settle ${offset}±${TOLERANCE}px below the top of the viewport`,
    })
    .toBeLessThanOrEqual(TOLERANCE);
}

test.describe("hash navigation", () => {
  // Smooth scrolling, as a visitor without "reduce motion" gets it (the suite's default reduces motion:
  // playwright.config.ts).
  test.use({ viewport: DESKTOP, reducedMotion: "no-preference" });

  test.describe("from another page", () => {
    const START = "/some-unknown-page";
    test.use({ allowedConsoleErrors: [allow404For(START)] });

    test("the header Services link opens the home page at the services section, 100px down", async ({ page }) => {
      await visit(page, START);
      const nav = page.getByRole("banner").getByRole("navigation", { name: "Main", exact: true });
      await nav.getByRole("link", { name: "Services", exact: true }).click();

      await expect(page).toHaveURL("/#services");
      await expect(page.getByRole("heading", { name: "Our Specialist Services in Dublin" })).toBeVisible();
      await expectSectionSettlesAt(page, "services", 100);
    });
  });

  test("loading /#services scrolls to the section with the default 80px offset", async ({ page }) => {
    await visit(page, "/#services");
    await expectSectionSettlesAt(page, "services", 80);
  });

  test("a missing target logs a warning and leaves the page at the top", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (msg: ConsoleMessage) => {
      if (msg.type() === "warning") warnings.push(msg.text());
    });

    await visit(page, "/#no-such-section");
    await expect.poll(() => warnings.filter((w) => w.includes("no-such-section"))).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
