import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// A visitor books a free site survey on a phone, then moves it and cancels it from the booking's
// own page; once with JavaScript and once without. One fresh site of its own, where the admin does
// surveys every day.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "ciara-surveys", password: "Measures-The-Grid-8" };
const hours = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["09:00", "17:00"]]]),
);

test.beforeAll(async () => {
  server = await startIsolatedServerWithAdmin(USER);
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(USER),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const current = (await (await fetch(`${server.origin}/api/admin/availability`, { headers: { cookie } })).json()) as {
    staff: Array<{ userId: number }>;
  };
  const saved = await fetch(`${server.origin}/api/admin/availability`, {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({
      surveyMinutes: 60,
      bufferMinutes: 30,
      noticeHours: 24,
      horizonDays: 28,
      staff: [{ userId: current.staff[0]!.userId, surveys: true, hours, daysOff: [] }],
    }),
  });
  expect(saved.status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * Picks the third day offered and its first time, fills in the visitor's details and books. With
 * JavaScript, once the page has hydrated (a click before then is a full page load).
 */
async function book(page: Page, name: string, { javaScript = true } = {}) {
  await page.goto(`${server.origin}/book`);
  if (javaScript) await waitForHydration(page);
  const days = page
    .getByRole("navigation", { name: "Days with free survey times" })
    .getByRole("button", { name: /\d+ times?$/ });
  await days.nth(2).click();
  await expect(days.nth(2)).toHaveAttribute("aria-current", "date");
  const time = page.getByRole("radio").first();
  await time.check();
  const chosen = await time.getAttribute("value");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Email" }).fill("orla@kellys-hardware.ie");
  await page.getByRole("textbox", { name: "Phone" }).fill("086 555 0199");
  await page.getByRole("textbox", { name: "Eircode" }).fill("D12 K2T4");
  await page.getByRole("button", { name: "Book my free survey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your site survey" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    "Your site survey is booked. A calendar invitation is on its way to your e-mail.",
  );
  expect(new URL(page.url()).pathname).toMatch(/^\/booking\/[A-Za-z0-9_-]{22,}$/);
  return { chosen: chosen!, manage: page.url() };
}

async function moveAndCancel(page: Page) {
  const move = page.getByRole("region", { name: "Change the time" });
  // The section opens on the first day with a free time, and how many that day has depends on the
  // hour the test runs (24 hours' notice: run at 14:45, the first day kept one time, 15:00). Move to
  // the second time of a day that has two at least (the days are links on this page).
  await move
    .getByRole("navigation", { name: "Days with free survey times" })
    .getByRole("link", { name: /(?:[2-9]|\d\d+) times$/ })
    .first()
    .click();
  const second = move.getByRole("radio").nth(1);
  await expect(second).toBeVisible();
  await second.check();
  await move.getByRole("button", { name: "Move my survey to this time" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your site survey has moved. The updated invitation is on its way to your e-mail.",
  );
  await page.getByRole("button", { name: "Cancel this survey" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your site survey is cancelled. A confirmation is on its way to your e-mail.",
  );
  await expect(page.getByRole("link", { name: "Book a new time" })).toBeVisible();
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("with JavaScript: book, move and cancel; the booked time is no longer offered", async ({ page }) => {
    await page.goto(`${server.origin}/book`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    const { chosen, manage } = await book(page, "Orla Kelly");
    await expectNoAxeViolations(page);
    await page.goto(`${server.origin}/book?date=${chosen.slice(0, 10)}`);
    await expect(page.getByRole("radio")).not.toHaveCount(0);
    await expect(page.getByRole("radio", { name: chosen.slice(11, 16) })).toHaveCount(0);
    await page.goto(manage);
    await moveAndCancel(page);
  });

  test.describe("a form with a mistake", () => {
    // The page answers the post with 400, which the browser reports.
    test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) @ https?:\/\/[^/]+\/book(\?.*)?$/] });

    test("a missing phone number is named, and what was typed stays", async ({ page }) => {
      await page.goto(`${server.origin}/book`);
      await waitForHydration(page);
      await page.getByRole("radio").first().check();
      await page.getByRole("textbox", { name: "Name" }).fill("Orla Kelly");
      await page.getByRole("textbox", { name: "Email" }).fill("orla@kellys-hardware.ie");
      await page.getByRole("textbox", { name: "Eircode" }).fill("D12 K2T4");
      await page.getByRole("button", { name: "Book my free survey" }).click();
      await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAccessibleDescription(
        /Please enter a phone number so the surveyor can reach you on the day/,
      );
      await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Orla Kelly");
    });
  });
});

test.describe("on a phone without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("book, move and cancel with plain form posts", async ({ page }) => {
    await book(page, "Dermot Kelly", { javaScript: false });
    await moveAndCancel(page);
  });
});
