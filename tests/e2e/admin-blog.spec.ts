import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Staff write blog posts (draft, then publish: on /blog and in the RSS feed) and redirect an
// address visitors still ask for, from the 404 log. One fresh site; each test makes its own rows.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "niamh", password: "Suspended-Grid-42" };
/** Headless Chromium names itself in its user agent, and robots' 404s are not counted. */
const VISITOR_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(USER);
});
test.afterAll(async () => {
  await server?.stop();
});

async function openAdmin(page: Page, path: string) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, { data: USER });
  expect(res.status()).toBe(200);
  await page.goto(`${server.origin}${path}`);
  await waitForHydration(page);
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the post editor: a draft stays off the site until it is published, then it is on /blog and in the feed", async ({
  page,
  browser,
}) => {
  await openAdmin(page, "/admin/posts");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog Posts" }),
  ).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Blog Posts" });
  await expect(table.getByRole("row", { name: /Shop Ceiling Trends for Irish Retailers/ })).toBeVisible();

  await page.getByRole("button", { name: "Add Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Post" });
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("Glass Partitions: What to Know");
  // The slug follows the title until staff type their own.
  await expect(dialog.getByRole("textbox", { name: "Slug" })).toHaveValue("glass-partitions-what-to-know");
  await dialog
    .getByRole("textbox", { name: "Excerpt" })
    .fill("Fire ratings, acoustics and lead times for glazed offices.");
  await dialog
    .getByRole("textbox", { name: "Content" })
    .fill(
      "Glass brings in **daylight**.\n\n## Fire ratings\n\n- 30 minutes\n- 60 minutes\n\n<script>alert(1)</script>",
    );
  await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveValue("draft");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page)).toContainText("Post created");
  await expect(toast(page)).toContainText("The post has been created successfully");
  const row = table.getByRole("row", { name: /Glass Partitions: What to Know/ });
  await expect(row).toContainText("Draft");

  // Visitors (no session) get the 404 page; the post is not on /blog or in the feed.
  const visitor = await browser.newContext();
  const anonymous = visitor.request;
  expect((await anonymous.get(`${server.origin}/blog/glass-partitions-what-to-know`)).status()).toBe(404);
  expect(await (await anonymous.get(`${server.origin}/blog`)).text()).not.toContain("Glass Partitions");
  expect(await (await anonymous.get(`${server.origin}/blog/rss.xml`)).text()).not.toContain("Glass Partitions");

  await row.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Post" });
  await edit.getByRole("combobox", { name: "Status" }).selectOption("published");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Post updated");
  await expect(row).toContainText("Published");

  const reader = await visitor.newPage();
  await reader.goto(`${server.origin}/blog`);
  await reader.getByRole("link", { name: "Glass Partitions: What to Know", exact: true }).click();
  await expect(reader).toHaveURL(/\/blog\/glass-partitions-what-to-know$/);
  await expect(reader.getByRole("heading", { level: 1, name: "Glass Partitions: What to Know" })).toBeVisible();
  await expect(reader.getByRole("heading", { level: 2, name: "Fire ratings" })).toBeVisible();
  await expect(reader.getByRole("listitem").filter({ hasText: "60 minutes" })).toBeVisible();
  // Typed HTML is shown as text, never run.
  await expect(reader.getByText("<script>alert(1)</script>")).toBeVisible();
  const feed = await (await anonymous.get(`${server.origin}/blog/rss.xml`)).text();
  expect(feed).toContain("<title>Glass Partitions: What to Know</title>");
  await visitor.close();

  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: /^Delete/ }).click();
  await expect(toast(page)).toContainText("Post deleted");
  await expect(row).toHaveCount(0);
});

test("redirect an address from the pages-not-found list, then delete the redirect", async ({ page, browser }) => {
  // A visitor follows an old link.
  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT });
  const old = await visitor.newPage();
  const answer = await old.goto(`${server.origin}/our-old-gallery`);
  expect(answer?.status()).toBe(404);
  await expect(old.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();

  await openAdmin(page, "/admin/redirects");
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  const missing = page.getByRole("table", { name: "Pages not found" }).getByRole("row", { name: /\/our-old-gallery/ });
  await expect(missing.getByRole("cell", { name: "1", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await missing.getByRole("button", { name: /Redirect this/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add Redirect" });
  await expect(dialog.getByRole("textbox", { name: "From" })).toHaveValue("/our-old-gallery");
  await dialog.getByRole("textbox", { name: "To" }).fill("/gallery");
  await dialog.getByRole("button", { name: "Create Redirect" }).click();
  await expect(toast(page)).toContainText("Redirect created");
  const redirect = page.getByRole("table", { name: "Redirects" }).getByRole("row", { name: /\/our-old-gallery/ });
  await expect(redirect).toContainText("Permanent (301)");
  await expect(page.getByRole("table", { name: "Pages not found" })).toHaveCount(0);

  await old.goto(`${server.origin}/our-old-gallery`);
  await expect(old).toHaveURL(`${server.origin}/gallery`);
  await expect(old.getByRole("heading", { level: 1 })).toBeVisible();

  page.once("dialog", (d) => {
    expect(d.message()).toBe("Are you sure you want to delete this redirect?");
    void d.accept();
  });
  await redirect.getByRole("button", { name: /^Delete/ }).click();
  await expect(toast(page)).toContainText("Redirect deleted");
  await expect(redirect).toHaveCount(0);
  await visitor.close();
});
