import { expect, PHONE, test, waitForHydration } from "./fixtures";
import { startIsolatedServerWithAdmin } from "./isolated-server";

// Issue 35 items 3-5 on a phone with JavaScript: an estimate becomes a booking two months ahead,
// then after the March clock change, the typed details surviving each change of day; staff then
// see the lead as a new Booking with its estimate. One fresh site of its own, surveys every day
// and a 180-day horizon.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startIsolatedServerWithAdmin>>;
const USER = { username: "niamh-surveys", password: "Season-Ahead-Grid-35" };
const hours = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["09:00", "17:00"]]]),
);

const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysFromNow = (n: number) => iso(new Date(Date.now() + n * 86_400_000));
/** The Tuesday after the next last Sunday of March (the spring clock change; never Easter Monday). */
function afterSpringChange(): string {
  const now = new Date();
  for (let year = now.getUTCFullYear(); ; year++) {
    const lastOfMarch = new Date(Date.UTC(year, 2, 31));
    const change = new Date(lastOfMarch.getTime() - lastOfMarch.getUTCDay() * 86_400_000);
    if (change > now) return iso(new Date(change.getTime() + 2 * 86_400_000));
  }
}

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
      horizonDays: 180,
      staff: [{ userId: current.staff[0]!.userId, surveys: true, hours, daysOff: [] }],
    }),
  });
  expect(saved.status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("an estimate becomes a booking after the March clock change, keeping what was typed", async ({ page }) => {
    const target = afterSpringChange();
    test.skip(target > daysFromNow(178), "the next spring clock change is past the 180-day horizon");

    await page.goto(`${server.origin}/estimate`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Your job" });
    await form.getByLabel("What do you need?").selectOption("basic-suspended-ceiling");
    await form.getByLabel(/^Size/).fill("80");
    await form.getByLabel("Where is the job? (optional)").fill("D12 K2T4");
    const result = page.getByRole("region", { name: "Your ballpark price" });
    await expect(result).toContainText("inside our service area");
    await result.getByRole("link", { name: "Or pick a survey time yourself" }).click();

    await expect(page).toHaveURL(/\/book\?estimate=/);
    await waitForHydration(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Your estimate, sent with this booking" })).toContainText("80 m²");
    await expect(main.getByRole("textbox", { name: "Eircode" })).toHaveValue("D12 K2T4");
    await expect(main.getByLabel("Service (optional)")).toHaveValue("Suspended Ceilings");
    await main.getByRole("textbox", { name: "Name" }).fill("Gráinne Murphy");
    await main.getByRole("textbox", { name: "Email" }).fill("grainne@murphys-newsagents.ie");
    await main.getByRole("textbox", { name: "Phone" }).fill("087 555 0142");

    // Two months ahead, by the date input, then the next week by its button: the details stay.
    const twoMonths = daysFromNow(61);
    await main.getByLabel("Or go to a date").fill(twoMonths);
    await main.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${twoMonths}`));
    await main.getByRole("button", { name: "Next week →" }).click();
    await expect(main.getByRole("button", { name: "← Previous week" })).toBeVisible();
    await expect(main.getByRole("textbox", { name: "Email" })).toHaveValue("grainne@murphys-newsagents.ie");
    expect(new URL(page.url()).search).not.toContain("grainne");

    // After the clock change: nine o'clock is still nine o'clock, now Irish summer time.
    await main.getByLabel("Or go to a date").fill(target);
    await main.getByRole("button", { name: "Show times" }).click();
    const days = main.getByRole("navigation", { name: "Days with free survey times" });
    await expect(days.getByRole("button", { name: /times?$/ }).and(page.locator("[aria-current=date]"))).toHaveCount(1);
    const nine = main.getByRole("radio", { name: "9:00", exact: true });
    await expect(nine).toHaveAttribute("value", `${target}T09:00:00+01:00`);
    await expect(main.getByRole("textbox", { name: "Name" })).toHaveValue("Gráinne Murphy");
    await expect(main.getByRole("textbox", { name: "Phone" })).toHaveValue("087 555 0142");
    await expect(main.getByRole("textbox", { name: "Eircode" })).toHaveValue("D12 K2T4");
    await nine.check();
    await main.getByRole("button", { name: "Book my free survey" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Your site survey" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/(?<!\d)9:00–10:00/);
  });
});
