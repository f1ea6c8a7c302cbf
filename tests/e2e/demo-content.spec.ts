import type { Page } from "@playwright/test";
import { allow404For, DESKTOP, expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Issue 27 items 3, 4, 6 and 8 on a fresh site of its own (it removes the demo content): the demo
// badge and notice, the price table in words, the blog on the home page and in the footer, a post's
// breadcrumb (from its address), and a thumbnail that broke before the page's JavaScript ran.
test.describe.configure({ mode: "serial" });

const STAFF = { username: "demo-owner", password: "Owner-Of-The-Site-9" };
const PHONE_390 = { width: 390, height: 844 };
let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(STAFF);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  const res = await page.context().request.post(`${server.origin}/api/auth/login`, { data: STAFF });
  expect(res.status()).toBe(200);
}

/** Set ADMIN_SCREENSHOTS=<folder> to keep a picture of each screen. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.ADMIN_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the blog is reachable: footer link, the home page's latest posts, the post's address as its breadcrumb", async ({
  page,
}) => {
  for (const viewport of [PHONE_390, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    const latest = page.getByRole("region", { name: "Latest from the Blog" });
    await expect(latest.getByRole("link", { name: "Shop Ceiling Trends for Irish Retailers" })).toBeVisible();
    await latest.scrollIntoViewIfNeeded();
    if (process.env.ADMIN_SCREENSHOTS)
      await latest.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/home-blog-strip-${viewport.width}.png` });
  }
  // The home page with the demo content is axe-checked at both widths in content-pages.spec.ts.

  await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.getByRole("link", { name: "Shop Ceiling Trends for Irish Retailers" }).first().click();
  await expect(page).toHaveURL(/\/blog\/shop-ceiling-trends$/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem").last()).toHaveText(/Shop Ceiling Trends$/);
  // On a phone, the page's last line can be scrolled clear of the floating call button and the chat.
  await page.setViewportSize(PHONE_390);
  const lastLine = page.getByText(/All rights reserved\./);
  for (const button of [
    page.getByRole("link", { name: /^Call Now/ }),
    page.getByRole("button", { name: "Chat with us" }),
  ]) {
    // Scrolled to the very end (again while late images change the page's height).
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
        const line = (await lastLine.boundingBox())!;
        return (await button.boundingBox())!.y - (line.y + line.height);
      }, "room between the last line and the floating button")
      .toBeGreaterThanOrEqual(0);
  }
  // The price in the article comes from the price table.
  await expect(page.getByRole("main")).toContainText("about €30 to €60 per m²");
});

test.describe("a missing project picture", () => {
  // Chromium reports the picture's 404 as a console error: that one is the point of the test.
  test.use({ allowedConsoleErrors: [allow404For("/images/projects/no-such-picture.svg")] });

  test("a project thumbnail that failed before the page's JavaScript ran shows the placeholder", async ({ page }) => {
    await signIn(page);
    const created = await page.context().request.post(`${server.origin}/api/admin/projects`, {
      data: {
        title: "Broken picture project",
        description: "A project whose picture file has gone missing from the server.",
        imageSrc: "/images/projects/no-such-picture.svg",
        altText: "A picture that is not there",
        category: "repairs",
        featured: false,
        displayOrder: 99,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // The page's scripts are held back until the broken image has surely failed, as on a slow phone.
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    const imageFailed = page.waitForResponse((r) => r.url().endsWith("/no-such-picture.svg") && r.status() === 404);
    await page.goto(`${server.origin}/admin/projects`, { waitUntil: "commit" });
    await imageFailed;
    releaseScripts();
    await waitForHydration(page);

    await expect(page.getByRole("row", { name: /Broken picture project/ })).toBeVisible();
    // No broken image left on the page: the failed one now shows the placeholder drawing.
    await expect
      .poll(() =>
        page.evaluate(() => ({
          broken: [...document.images].filter((i) => i.complete && i.naturalWidth === 0).length,
          placeholders: [...document.images].filter((i) => i.src.startsWith("data:image/svg+xml")).length,
        })),
      )
      .toEqual({ broken: 0, placeholders: 1 });
    await page.unroute(/\/assets\/.*\.js$/);
    expect((await page.context().request.delete(`${server.origin}/api/admin/projects/${id}`)).status()).toBe(204);
  });
});

test.describe("the price table", () => {
  // The refused save answers 400; Chromium reports that status.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) @ https?:\/\/[^/]+\/api\/admin\/pricing$/] });

  test("the price table names items in words, adds and removes them, and keeps the ones the site needs", async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.origin}/admin/pricing`);
    await waitForHydration(page);
    const items = page.getByRole("region", { name: "Items" });
    const basic = items.getByRole("group", { name: "Basic suspended ceiling (grid and mineral tiles)" });
    await expect(basic).toContainText("{price:basic-suspended-ceiling}");
    await expect(basic).toContainText("Needed: the Suspended Ceilings page's estimate button opens it");
    await expect(basic.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

    await items.getByRole("button", { name: "Add an item" }).click();
    const added = items.getByRole("group", { name: "New item 9" });
    await added.getByRole("textbox", { name: "Label" }).fill("Demountable partition");
    const named = items.getByRole("group", { name: "Demountable partition" });
    await named.getByRole("textbox", { name: "Low €" }).fill("160");
    await named.getByRole("textbox", { name: "High €" }).fill("90");
    await page.getByRole("button", { name: "Save prices" }).click();
    // The item and the field in words, and no status code anywhere.
    await expect(toast(page)).toContainText("Demountable partition: Low price must not be more than the high price");
    await expect(toast(page)).not.toContainText("400");
    await expect(named.getByRole("textbox", { name: "Low €" })).toHaveAccessibleDescription(
      "Low price must not be more than the high price",
    );
    await named.getByRole("textbox", { name: "Low €" }).fill("90");
    await named.getByRole("textbox", { name: "High €" }).fill("160");
    await page.getByRole("button", { name: "Save prices" }).click();
    await expect(toast(page)).toContainText("Prices saved");
    await expect(named).toContainText("{price:demountable-partition}");
    await expectNoAxeViolations(page);
    await screenshot(page, "pricing-1280");
    await page.setViewportSize(PHONE_390);
    await screenshot(page, "pricing-390");
    await page.setViewportSize(DESKTOP);

    await named.getByRole("button", { name: "Remove Demountable partition" }).click();
    await page.getByRole("button", { name: "Save prices" }).click();
    await expect(toast(page)).toContainText("Prices saved");
    await expect(items.getByRole("group", { name: "Demountable partition" })).toHaveCount(0);
  });
});

test.describe("removing the demo content", () => {
  // The first DELETE is answered 403 { confirm: true } until the password is confirmed.
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\) @ https?:\/\/[^/]+\/api\/admin\/demo-content$/] });

  test("demo content is badged, announced on the dashboard and removed in one confirmed step", async ({ page }) => {
    await signIn(page);
    for (const viewport of [PHONE_390, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.origin}/admin/testimonials`);
      await waitForHydration(page);
      await expect(page.getByText("Demo", { exact: true }).filter({ visible: true }).first()).toBeVisible();
      await screenshot(page, `demo-badges-${viewport.width}`);
      await page.goto(`${server.origin}/admin`);
      await waitForHydration(page);
      await expect(page.getByRole("region", { name: "Your site is showing demo content" })).toContainText(
        "12 projects",
      );
      await screenshot(page, `demo-notice-${viewport.width}`);
    }
    const notice = page.getByRole("region", { name: "Your site is showing demo content" });
    await expectNoAxeViolations(page);

    await notice.getByRole("button", { name: "Remove demo content" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove demo content?" });
    await expect(dialog).toContainText("every row you have edited");
    await screenshot(page, "demo-confirm-1280");
    // Keeping it changes nothing.
    await dialog.getByRole("button", { name: "Keep it for now" }).click();
    await expect(dialog).toBeHidden();
    await expect(notice).toBeVisible();

    await notice.getByRole("button", { name: "Remove demo content" }).click();
    await dialog.getByRole("button", { name: "Remove demo content" }).click();
    // A change that cannot be undone: the owner's password first.
    const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
    await confirm.getByLabel("Your password").fill(STAFF.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page)).toContainText("Demo content removed");
    await expect(toast(page)).toContainText("12 projects");
    // Nothing left to remove; the notice stays only for the sample business details still in use
    // (the sample rating went with the demo content) until they are changed in Settings → Business.
    await expect(notice.getByRole("button", { name: "Remove demo content" })).toHaveCount(0);
    await expect(notice).not.toContainText("12 projects");
    const sample = notice.getByRole("list", { name: "Sample business details" });
    await expect(sample).toContainText("VAT number: IE3456789LH");
    await expect(sample).not.toContainText("Review rating");

    // The public site no longer shows them: no demo testimonials; the spec's own post stays.
    await page.goto(`${server.origin}/`);
    await expect(page.getByRole("region", { name: "Latest from the Blog" })).toBeVisible();
    await expect(page.getByText("Declan Moran")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "What Our Clients Say" })).toHaveCount(0);
  });
});
