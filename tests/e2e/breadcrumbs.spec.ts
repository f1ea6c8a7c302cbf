import type { Page } from "@playwright/test";
import { allow404For, expect, expectNoAxeViolations, test, visit } from "./fixtures";

// An unknown path: answered by the 404 page, whose breadcrumb still names each segment.
const DEEP_MISSING = "/some-unknown-page/deep-path-here";

type BreadcrumbList = { "@type"?: string; itemListElement?: Array<{ name: string; position: number }> };

async function breadcrumbJsonLd(page: Page): Promise<BreadcrumbList[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as BreadcrumbList).filter((data) => data["@type"] === "BreadcrumbList");
}

test.describe("breadcrumbs", () => {
  test("are absent on the home page", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
    expect(await breadcrumbJsonLd(page)).toEqual([]);
  });

  test.describe("on a nested unknown path", () => {
    test.use({ allowedConsoleErrors: [allow404For(DEEP_MISSING)] });

    test("show one crumb per segment, the last as plain text, with matching structured data", async ({ page }) => {
      await visit(page, DEEP_MISSING);
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb", exact: true });
      await expect(breadcrumb).toBeVisible();

      const expected = ["Home", "Some Unknown Page", "Deep Path Here"];
      const crumbs = breadcrumb.getByRole("listitem");
      await expect(crumbs).toHaveCount(3);
      await expect(crumbs).toHaveText(expected.map((name) => new RegExp(`${name}$`)));

      await expect(breadcrumb.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
      await expect(breadcrumb.getByRole("link", { name: "Some Unknown Page", exact: true })).toHaveAttribute(
        "href",
        "/some-unknown-page",
      );
      // The last crumb is the current page: plain text, not a link.
      await expect(breadcrumb.getByRole("link", { name: "Deep Path Here" })).toHaveCount(0);
      await expect(breadcrumb.getByText("Deep Path Here", { exact: true })).toHaveAttribute("aria-current", "page");

      const lists = await breadcrumbJsonLd(page);
      expect(lists).toHaveLength(1);
      const items = lists[0]?.itemListElement ?? [];
      expect(items.map((item) => item.name)).toEqual(expected);
      expect(items.map((item) => item.position)).toEqual([1, 2, 3]);

      await expectNoAxeViolations(page);
    });
  });

  test("name a blog post from its address, in the bar and in the BreadcrumbList", async ({ page }) => {
    await visit(page, "/blog/shop-ceiling-trends");
    await expect(
      page.getByRole("heading", { level: 1, name: "Shop Ceiling Trends for Irish Retailers" }),
    ).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb", exact: true });
    const expected = ["Home", "Blog", "Shop Ceiling Trends"];
    await expect(breadcrumb.getByRole("listitem")).toHaveText(expected.map((name) => new RegExp(`${name}$`)));
    await expect(breadcrumb.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("href", "/blog");
    await expect(breadcrumb.getByText("Shop Ceiling Trends", { exact: true })).toHaveAttribute("aria-current", "page");
    const lists = await breadcrumbJsonLd(page);
    expect(lists.map((list) => (list.itemListElement ?? []).map((item) => item.name))).toEqual([expected]);
  });
});
