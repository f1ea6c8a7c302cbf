import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, visit } from "./fixtures";

const TABS = ["All Projects", "Partitions", "Suspended Ceilings", "Shop Ceilings", "Repairs"];

function gallery(page: Page) {
  const main = page.getByRole("main");
  const tabs = main.getByRole("navigation", { name: "Filter projects by service" });
  return {
    tabs,
    tab: (name: string) => tabs.getByRole("link", { name, exact: true }),
    // The grid is a region named after the current filter.
    items: main.locator('section[aria-labelledby="projects-heading"]').getByRole("listitem"),
  };
}

test.describe("gallery with JavaScript", () => {
  test("tabs filter the grid without a full page load and mark the current tab", async ({ page }) => {
    await visit(page, "/gallery");
    const g = gallery(page);
    await expect(g.tabs.getByRole("link")).toHaveText(TABS);
    await expect(g.tab("All Projects")).toHaveAttribute("aria-current", "page");
    await expect(g.items).toHaveCount(12);

    // A full reload would wipe this marker; client-side navigation keeps it.
    await page.evaluate(() => ((window as unknown as { galleryMarker: string }).galleryMarker = "kept"));
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: "instant" }));

    await g.tab("Shop Ceilings").click();
    await expect(page).toHaveURL("/gallery?category=shop-ceilings");
    await expect(g.tab("Shop Ceilings")).toHaveAttribute("aria-current", "page");
    await expect(g.tab("All Projects")).not.toHaveAttribute("aria-current", /.*/);
    await expect(g.items).toHaveCount(3);
    await expect(g.items.getByRole("link", { name: "Hair salon ceiling and fit-out in Ranelagh" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("Showing 3 projects in Shop Ceilings.");

    await g.tab("Repairs").click();
    await expect(page).toHaveURL("/gallery?category=repairs");
    await expect(g.items).toHaveCount(3);

    expect(await page.evaluate(() => (window as unknown as { galleryMarker?: string }).galleryMarker)).toBe("kept");
    // preventScrollReset: the list does not jump back to the top of the page.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    await g.tab("All Projects").click();
    await expect(page).toHaveURL("/gallery");
    await expect(g.items).toHaveCount(12);
  });

  test("a thumbnail opens the enlarged image from the keyboard; Escape closes it and focus returns", async ({
    page,
  }) => {
    await visit(page, "/gallery?category=partitions");
    const thumbnails = gallery(page).items.getByRole("button");
    await expect(thumbnails).toHaveCount(3);

    // Tab goes from a thumbnail to its project's page link, then to the next thumbnail.
    await thumbnails.first().focus();
    await page.keyboard.press("Tab");
    await expect(gallery(page).items.first().getByRole("link")).toBeFocused();
    await page.keyboard.press("Tab");
    const thumb = thumbnails.nth(1);
    await expect(thumb).toBeFocused();
    const alt = await thumb.getByRole("img").getAttribute("alt");

    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: alt!, exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumb).toBeFocused();

    // And with the Close button.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(thumb).toBeFocused();
  });

  test("the enlarged photo leads on to its project's page", async ({ page }) => {
    await visit(page, "/gallery?category=partitions");
    const item = gallery(page).items.first();
    const titleLink = item.getByRole("link");
    const title = (await titleLink.textContent())!.trim();
    const href = (await titleLink.getAttribute("href"))!;
    expect(href).toMatch(/^\/projects\/[a-z0-9-]+$/);

    await item.getByRole("button").click();
    const dialog = page.getByRole("dialog", { name: title });
    const see = dialog.getByRole("link", { name: "See the project" });
    // In view as the dialog opens, not below the photo where only scrolling the dialog finds it.
    await expect(see).toBeInViewport({ ratio: 1 });
    await expect(see).toHaveAttribute("href", href);

    await see.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Nothing of the modal is left behind: the new page takes clicks.
    await page.getByRole("main").getByRole("link", { name: "All our projects" }).click();
    await expect(page).toHaveURL("/projects");
  });

  test("closing and at once reopening the enlarged image leaves it open", async ({ page }) => {
    await visit(page, "/gallery?category=partitions");
    const thumb = gallery(page).items.getByRole("button").first();
    await thumb.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();

    // The dialog's close event is delivered a task after it closes; a reopening in between (a
    // fast Escape, Enter) must not be undone by it.
    await page.evaluate(async () => {
      const element = document.querySelector("dialog")!;
      const closeDelivered = new Promise((resolve) => element.addEventListener("close", resolve, { once: true }));
      element.close();
      document.querySelector<HTMLButtonElement>('section[aria-labelledby="projects-heading"] li button')!.click();
      await closeDelivered;
      // Give React a task and a frame to act on whatever the close event asked for.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    await expect(dialog).toBeVisible();
  });
});

test.describe("gallery without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs are plain links that load the filtered page", async ({ page }) => {
    await page.goto("/gallery");
    const g = gallery(page);
    await expect(g.items).toHaveCount(12);

    await g.tab("Suspended Ceilings").click();
    await expect(page).toHaveURL("/gallery?category=suspended-ceilings");
    await expect(g.tab("Suspended Ceilings")).toHaveAttribute("aria-current", "page");
    await expect(g.items).toHaveCount(3);

    await g.tab("Partitions").click();
    await expect(page).toHaveURL("/gallery?category=partitions");
    await expect(g.items).toHaveCount(3);
    await expect(
      g.items.getByRole("link", { name: "Glazed meeting rooms for a Sandyford software firm" }),
    ).toBeVisible();
  });

  test("an unknown category shows every project under All Projects", async ({ page }) => {
    await page.goto("/gallery?category=ceilings-of-the-world");
    const g = gallery(page);
    await expect(g.items).toHaveCount(12);
    await expect(g.tab("All Projects")).toHaveAttribute("aria-current", "page");
  });
});
