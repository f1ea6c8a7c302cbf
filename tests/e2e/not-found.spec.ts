import { allow404For, expect, test, visit } from "./fixtures";

const MISSING = "/no-such-page";

test.describe("404 page", () => {
  test("answers unknown paths with status 404", async ({ request }) => {
    const response = await request.get(MISSING);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await response.text()).toContain("404 - Page Not Found");
  });

  test.describe("in the browser", () => {
    test.use({ allowedConsoleErrors: [allow404For(MISSING)] });

    test("explains the problem, offers a way out and is not indexed", async ({ page }) => {
      const response = await visit(page, MISSING);
      expect(response?.status()).toBe(404);

      await expect(page).toHaveTitle("Page Not Found");
      const main = page.getByRole("main");
      await expect(main.getByText("Page Not Found", { exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeVisible();
      await expect(main.getByText("Sorry, the page you're looking for doesn't exist.", { exact: true })).toBeVisible();
      await expect(main.getByRole("link", { name: "Back to Homepage", exact: true })).toHaveAttribute("href", "/");
      await expect(main.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contact");

      const robots = page.locator('meta[name="robots"]');
      await expect(robots).toHaveCount(1);
      await expect(robots).toHaveAttribute("content", "noindex");

      // Its axe check is in breadcrumbs.spec.ts: the same 404 page at the same width, with a deeper breadcrumb.

      await main.getByRole("link", { name: "Back to Homepage", exact: true }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("404 - Page Not Found");
    });
  });
});
