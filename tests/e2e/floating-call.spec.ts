import type { Locator, Page } from "@playwright/test";
import { DESKTOP, expect, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Issue 35 item 8: on a phone the floating call button never lies over a form's submit button or
// any of its controls (it covered a day tile on /book at 390 px). Each control is scrolled to where
// the button sits, at the bottom left of the window, and must then be what a tap there reaches.
test.describe.configure({ mode: "serial" });

const PHONE_390 = { width: 390, height: 844 };
const USER = { username: "floating-call", password: "Never-Covers-Submit-5" };
let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
let quotePath: string;

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(USER, { BUSINESS_VAT_NUMBER: "IE 6388047V" });
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(USER),
  });
  const headers = { cookie: login.headers.get("set-cookie")!.split(";")[0]!, "content-type": "application/json" };
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  };
  // Survey hours every day, so /book offers days and times.
  const current = (await admin("GET", "/api/admin/availability")) as { staff: Array<{ userId: number }> };
  const hours = Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["09:00", "17:00"]]]),
  );
  await admin("PUT", "/api/admin/availability", {
    surveyMinutes: 60,
    bufferMinutes: 30,
    noticeHours: 24,
    horizonDays: 28,
    staff: [{ userId: current.staff[0]!.userId, surveys: true, hours, daysOff: [] }],
  });
  // A sent quote, for its client's page.
  await fetch(`${server.origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Aoife Byrne",
      email: "aoife@byrne-retail.ie",
      service: "Suspended Ceilings",
      message: "New suspended ceiling for a 120 m² shop in Naas, ideally before Christmas.",
    }),
  });
  const [lead] = (await admin("GET", "/api/admin/contacts")) as unknown as Array<{ id: number }>;
  const quote = (await admin("POST", `/api/admin/contacts/${lead!.id}/quotes`, {
    lines: [{ description: "Suspended ceiling", quantity: 120, unit: "m²", unitPriceCents: 4_500, vatRate: 13.5 }],
  })) as { id: number; url: string };
  await admin("POST", `/api/admin/quotes/${quote.id}/send`);
  quotePath = new URL(quote.url).pathname;
});
test.afterAll(async () => {
  await server?.stop();
});

const callButton = (page: Page) => page.getByRole("link", { name: /^Call Now/ });

/**
 * Scrolls the control so its middle is level with the floating button's (44 px above the window's
 * bottom), then checks that a tap at its centre and at its left end (where the button sits) reaches
 * the control itself.
 */
async function expectReachable(page: Page, control: Locator) {
  await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    window.scrollBy({ top: r.top + r.height / 2 - (window.innerHeight - 44), behavior: "instant" });
  });
  const box = (await control.boundingBox())!;
  expect(box.y + box.height / 2, "the control is level with the floating button").toBeGreaterThan(
    PHONE_390.height - 80,
  );
  await expect
    .poll(() =>
      control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const y = r.top + r.height / 2;
        return [r.left + r.width / 2, r.left + Math.min(12, r.width / 2)].every((x) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && (hit === el || el.contains(hit));
        });
      }),
    )
    .toBe(true);
}

test.describe("the floating call button on a phone", () => {
  test.use({ viewport: PHONE_390 });

  test("never covers a form's submit button or a day tile", async ({ page }) => {
    await page.goto(`${server.origin}/contact-us`);
    await waitForHydration(page);
    await expectReachable(page, page.getByRole("main").getByRole("button", { name: "Send Message" }));
    await expect(callButton(page)).toBeHidden();
    await page.screenshot({ path: "test-results/floating-call-contact-390.png" });
    // Clear of the form again (the foot of the page), it is back.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await expect(callButton(page)).toBeVisible();

    await page.goto(`${server.origin}/estimate`);
    await waitForHydration(page);
    await expectReachable(page, page.getByRole("button", { name: "Get my estimate" }));

    await page.goto(`${server.origin}/book`);
    await waitForHydration(page);
    const days = page
      .getByRole("navigation", { name: "Days with free survey times" })
      .getByRole("button", { name: /\d+ times?$/ });
    // The first day tile that can be scrolled down to the button's height (the top ones cannot).
    const lowTile = await days.evaluateAll((tiles) =>
      tiles.findIndex((t) => t.getBoundingClientRect().bottom + window.scrollY > window.innerHeight - 20),
    );
    expect(lowTile, "a day tile the page can bring level with the button").toBeGreaterThanOrEqual(0);
    await expectReachable(page, days.nth(lowTile));
    await page.screenshot({ path: "test-results/floating-call-book-390.png" });
    await expectReachable(page, page.getByRole("button", { name: "Book my free survey" }));

    await page.goto(`${server.origin}${quotePath}`);
    await waitForHydration(page);
    await expectReachable(page, page.getByRole("button", { name: "Accept quote" }));
  });
});

test.describe("at desktop width", () => {
  test.use({ viewport: DESKTOP });

  test("the call button stays hidden and the forms are unchanged", async ({ page }) => {
    await page.goto(`${server.origin}/book`);
    await waitForHydration(page);
    await expect(callButton(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Book my free survey" })).toBeVisible();
    await page.screenshot({ path: "test-results/floating-call-book-1280.png" });
  });
});
