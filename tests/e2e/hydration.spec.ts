import type { Page, Route } from "@playwright/test";
import { expect, PHONE, test, waitForHydration } from "./fixtures";

// Issue 40: a public page's JavaScript loads at the visitor's first interaction, and nothing the
// visitor does while it loads is lost (app/features/site/hydrate-on-interaction.server.ts).
test.use({ viewport: PHONE, hasTouch: true });

/** Holds every script file until `release()`: a slow phone connection, with the page already read. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const waiting: Route[] = [];
  await page.route("**/assets/*.js", async (route) => {
    waiting.push(route);
    await released;
    await route.continue();
  });
  return { release, waiting };
}

const estimateForm = (page: Page) => {
  const form = page.getByRole("form", { name: "Your job" });
  return {
    item: form.getByLabel("What do you need?"),
    size: form.getByLabel(/^Size/),
    submit: form.getByRole("button", { name: "Get my estimate" }),
  };
};
const result = (page: Page) => page.getByRole("region", { name: "Your ballpark price" });
/** Set on the window: gone if the page was replaced by a full page load. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { stillThisPage: true }));
const sameWindow = (page: Page) => page.evaluate(() => "stillThisPage" in window);

test("a reader gets no script file; the first tap loads them and still opens the menu", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts, "scripts loaded before any interaction").toEqual([]);

  const header = page.getByRole("banner");
  const toggle = header.getByRole("button", { name: "Open menu" });
  await toggle.tap();
  // The tap asked for the code, was held while it loaded (the button dimmed meanwhile), and went
  // to the menu once it had.
  await expect(header.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expect(header.locator("[data-held]")).toHaveCount(0);
  expect(scripts.some((s) => /\/framework-[\w-]+\.js$/.test(s))).toBe(true);
});

test("what a visitor types before the code arrives is what the estimate works out", async ({ page }) => {
  const scripts = await holdScripts(page);
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/estimate")) asked.push(r.postData() ?? "");
  });
  await page.goto("/estimate");
  const f = estimateForm(page);
  await f.item.selectOption("basic-suspended-ceiling");
  await f.size.fill("120");
  // The first touch asked for the code; it is still on its way.
  await expect.poll(() => scripts.waiting.length).toBeGreaterThan(0);
  expect(asked).toEqual([]);

  scripts.release();
  // Once hydrated, React is told what the fields hold, and the estimate follows them.
  await expect(result(page)).toContainText(/€[\d,]+ – €[\d,]+/);
  expect(JSON.parse(asked.at(-1)!)).toMatchObject({ item: "basic-suspended-ceiling", quantity: "120" });
});

test("a form sent before the code arrives is sent by the page once it does", async ({ page }) => {
  const scripts = await holdScripts(page);
  // A service's link focuses the size field, which asks for the code at once: the page's load
  // event then waits for the held scripts.
  await page.goto("/estimate?item=glass-partition", { waitUntil: "domcontentloaded" });
  await markWindow(page);
  const f = estimateForm(page);
  await f.size.fill("18");
  await f.submit.tap();
  await expect.poll(() => scripts.waiting.length).toBeGreaterThan(0);
  // Held, and the button shows it: no price yet, and no plain post either.
  await expect(f.submit).toHaveAttribute("data-held", "");
  await expect(result(page)).not.toContainText(/€[\d,]+ – €[\d,]+/);
  expect(await sameWindow(page)).toBe(true);

  scripts.release();
  await expect(result(page)).toContainText(/€[\d,]+ – €[\d,]+/);
  await expect(f.size).toHaveValue("18");
  await expect(f.submit).not.toHaveAttribute("data-held");
  // Sent by React Router in this page, not as a full page load.
  expect(await sameWindow(page)).toBe(true);
});

test("details filled in at once before the code arrives (autofill, a password manager) all stay", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/contact-us", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("main").locator("form").first();
  await form.getByLabel("Name").tap();
  await expect.poll(() => scripts.waiting.length).toBeGreaterThan(0);
  // Three fields set in one go, as a phone's autofill does, while the code is still on its way.
  await form.evaluate((el) => {
    const set = (name: string, value: string) => {
      const input = el.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    };
    set("name", "Aoife Byrne");
    set("email", "aoife@byrne-retail.ie");
    set("phone", "087 123 4567");
  });
  scripts.release();
  await waitForHydration(page);
  // Told to React one after another: each must build on the one before, not on the empty form.
  await form.getByLabel("Message").fill("A new shop ceiling, about 120 m², in Naas.");
  await expect(form.getByLabel("Name")).toHaveValue("Aoife Byrne");
  await expect(form.getByLabel("Email")).toHaveValue("aoife@byrne-retail.ie");
  await expect(form.getByLabel("Phone")).toHaveValue("087 123 4567");
});

test.describe("when the code cannot load", () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test("a form sent goes as a plain form post, which the page answers", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/estimate?item=glass-partition");
    await markWindow(page);
    const f = estimateForm(page);
    await f.size.fill("18");
    await f.submit.tap();
    await expect(result(page)).toContainText(/€[\d,]+ – €[\d,]+/);
    await expect(f.size).toHaveValue("18");
    expect(await sameWindow(page)).toBe(false);
  });
});
